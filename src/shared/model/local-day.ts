// A moment's local calendar day, `YYYY-MM-DD`: how spending is added up per day (issue 20 item 3), the
// same in main (which sums a conversation's days) and the window (which asks for today's).
export function localDay(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
