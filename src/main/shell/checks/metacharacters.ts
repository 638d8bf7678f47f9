// BA1 #5: `;` `|` `&` inside a quoted argument that a misread quote could turn into separators.
import { isSpace } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

const MESSAGE = 'Command contains shell metacharacters (;, |, or &) in arguments';

function isQuote(ch: string | undefined): boolean {
  return ch === '"' || ch === "'";
}

/** The next `'` or `"` after `from`, or -1. */
function nextQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (isQuote(text[i])) return i;
  return -1;
}

function containsAny(text: string, from: number, to: number, chars: string): boolean {
  for (let i = from; i < to; i++) if (chars.includes(text[i] as string)) return true;
  return false;
}

/** Claude Code's /(?:^|\s)["'][^"']*[;&][^"']*["'](?:\s|$)/: a whole quoted word holding ; or &. */
function quotedWordWithSeparator(text: string): boolean {
  for (let open = nextQuote(text, 0); open !== -1; ) {
    const close = nextQuote(text, open + 1);
    if (close === -1) return false;
    const wordStart = open === 0 || isSpace(text[open - 1]);
    const wordEnd = close + 1 === text.length || isSpace(text[close + 1]);
    if (wordStart && wordEnd && containsAny(text, open + 1, close, ';&')) return true;
    open = close;
  }
  return false;
}

/** Claude Code's /-name\s+["'][^"']*[;|&][^"']*["']/ and its -path, -iname, -regex siblings. */
function findPatternWithSeparator(text: string, option: string, chars: string): boolean {
  for (let at = text.indexOf(option); at !== -1; at = text.indexOf(option, at + 1)) {
    let i = at + option.length;
    if (!isSpace(text[i])) continue;
    while (isSpace(text[i])) i++;
    if (!isQuote(text[i])) continue;
    const close = nextQuote(text, i + 1);
    if (close !== -1 && containsAny(text, i + 1, close, chars)) return true;
  }
  return false;
}

/**
 * Reads the with-double-quotes view, where quote characters survive only inside "…" (a '…' there) or
 * in jq commands: so this is Claude Code's narrow check, not a ban on `echo "a; b"`.
 */
export function checkShellMetacharacters({ withDoubleQuotes: text }: CheckContext): Hit | null {
  if (quotedWordWithSeparator(text)) return hit('SHELL_METACHARACTERS', MESSAGE, 1);
  if (['-name', '-path', '-iname'].some((o) => findPatternWithSeparator(text, o, ';|&'))) {
    return hit('SHELL_METACHARACTERS', MESSAGE, 2);
  }
  if (findPatternWithSeparator(text, '-regex', ';&')) return hit('SHELL_METACHARACTERS', MESSAGE, 3);
  return null;
}
