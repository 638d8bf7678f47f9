// `cat -n` formatting (Claude Code's Read format): the line number right-aligned in 6 columns, a tab, the line.

export function formatNumberedLine(lineNumber: number, line: string): string {
  return `${String(lineNumber).padStart(6, ' ')}\t${line}`;
}

/** `lines[0]` is line `startLine`. */
export function formatNumberedLines(lines: readonly string[], startLine: number): string {
  return lines.map((l, i) => formatNumberedLine(startLine + i, l)).join('\n');
}

/** Lines of "\n"-separated text, `cat -n` style: a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
