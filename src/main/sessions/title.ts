// A session's title: its first user message on one line, cut to about 60 characters.
export const UNTITLED = 'New session';
const MAX = 60;

export function titleFromText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length === 0) return UNTITLED;
  if (line.length <= MAX) return line;
  const cut = line.slice(0, MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return (atWord > MAX * 0.6 ? cut.slice(0, atWord) : cut).trimEnd() + '…';
}
