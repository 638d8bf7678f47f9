// Writes a notebook back formatted as it was found: the same indent (nbformat's default is 1 space),
// the same trailing newline, and \u-escapes for non-ASCII when the file was written ASCII-only.

export interface JsonFormat {
  /** '' = compact (one line). */
  indent: string;
  trailingNewline: boolean;
  asciiOnly: boolean;
}

export function detectJsonFormat(textLF: string): JsonFormat {
  const m = /^\s*[{[]\n([ \t]+)\S/.exec(textLF);
  return {
    indent: m ? m[1]! : '',
    trailingNewline: textLF.endsWith('\n'),
    asciiOnly: !/[^\u0000-\u007f]/.test(textLF),
  };
}

/** "\n" line endings; the caller applies the file's own. */
export function formatJson(value: unknown, fmt: JsonFormat): string {
  let s = fmt.indent ? JSON.stringify(value, null, fmt.indent) : JSON.stringify(value);
  if (fmt.asciiOnly) s = s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return fmt.trailingNewline ? `${s}\n` : s;
}
