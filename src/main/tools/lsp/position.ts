// The symbol a 1-based line:column points at: the word there (or just before it, when the column is
// right after the word), for the card's "references to `greet`" and workspaceSymbol's query. Pure.
const WORD = /[\p{L}\p{N}_$]/u;

export function wordAt(text: string, line: number, character: number): string {
  const row = text.split('\n')[line - 1];
  if (row === undefined) return '';
  let i = Math.min(character - 1, row.length);
  if (!WORD.test(row[i] ?? '') && i > 0 && WORD.test(row[i - 1] ?? '')) i -= 1;
  if (!WORD.test(row[i] ?? '')) return '';
  let start = i;
  let end = i;
  while (start > 0 && WORD.test(row[start - 1]!)) start -= 1;
  while (end < row.length && WORD.test(row[end]!)) end += 1;
  return row.slice(start, end);
}
