// The three quote-stripped views of a command that BA1's checks read, and the harmless redirections removed.

export interface QuoteVariants {
  withDoubleQuotes: string;
  fullyUnquoted: string;
  keepQuoteChars: string;
}

/**
 * Why three (Claude Code's extractQuotedContent makes the same three):
 * - withDoubleQuotes: single-quoted text is gone, double-quoted text stays. Bash expands nothing inside
 *   '…' but still runs $(…), ${…} and `…` inside "…", so the substitution check (8) reads this view:
 *   `echo '$(x)'` is clean, `echo "$(x)"` is not.
 * - fullyUnquoted: both kinds of quoted text are gone. Quotes of either kind turn < > | { } and
 *   newlines into plain text, so the redirection, variable, newline and brace checks read this view.
 * - keepQuoteChars: quoted text is gone but the quote characters stay. Dropping `'x'` whole would turn
 *   `'x'#` into a lone `#` at a word start; keeping the delimiters shows the `#` glued to a word (19).
 *
 * A backslash escapes the next character outside single quotes (bash's rule; inside '…' it is
 * literal). `keepDoubleQuoteChars` keeps the `"` delimiters in withDoubleQuotes: Claude Code does so
 * for jq, whose filters are often double-quoted, so the metacharacter check sees them as quoted.
 */
export function quoteVariants(command: string, keepDoubleQuoteChars = false): QuoteVariants {
  let withDouble = '';
  let fully = '';
  let keep = '';
  let inSingle = false;
  let inDouble = false;
  let escaped = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (escaped || (ch === '\\' && !inSingle)) {
      escaped = !escaped;
      if (!inSingle) withDouble += ch;
      if (!inSingle && !inDouble) {
        fully += ch;
        keep += ch;
      }
      continue;
    }
    if (ch === "'" && !inDouble) {
      inSingle = !inSingle;
      keep += ch;
      continue;
    }
    if (ch === '"' && !inSingle) {
      inDouble = !inDouble;
      keep += ch;
      if (keepDoubleQuoteChars) withDouble += ch;
      continue;
    }
    if (!inSingle) withDouble += ch;
    if (!inSingle && !inDouble) {
      fully += ch;
      keep += ch;
    }
  }
  return { withDoubleQuotes: withDouble, fullyUnquoted: fully, keepQuoteChars: keep };
}

/** JavaScript's `\s`, as Claude Code's regexes use it, without a regex call per character. */
export function isSpace(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** An odd run of backslashes right before `pos` escapes the character there. */
export function isEscapedAt(text: string, pos: number): boolean {
  let n = 0;
  for (let i = pos - 1; i >= 0 && text[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

/** keepQuoteChars without its quote delimiters is fullyUnquoted again (escaped quotes stay). */
export function dropQuoteDelimiters(keepQuoteChars: string): string {
  let out = '';
  let escaped = false;
  for (let i = 0; i < keepQuoteChars.length; i++) {
    const ch = keepQuoteChars[i] as string;
    if (escaped) escaped = false;
    else if (ch === '\\') escaped = true;
    else if (ch === "'" || ch === '"') continue;
    out += ch;
  }
  return out;
}

const DEV_NULL = '/dev/null';

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (isSpace(text[i])) i++;
  return i;
}

function spacesStartBefore(text: string, pos: number): number {
  let i = pos;
  while (i > 0 && isSpace(text[i - 1])) i--;
  return i;
}

function endsWord(text: string, pos: number): boolean {
  return pos >= text.length || isSpace(text[pos]);
}

/**
 * Removes `2>&1`, `>/dev/null` (fd 0-2 optional) and `</dev/null`, which redirect nothing anywhere that
 * matters, so the redirection checks (9, 10) do not ask about them. Claude Code's three regexes, as one
 * linear scan. Run on the keepQuoteChars view (then drop the delimiters) rather than on fullyUnquoted
 * as Claude Code does: there `>/dev/null"x"` looks like `>/dev/null` but writes to `/dev/nullx`; here
 * the `"` right after `null` is visible and nothing is removed. An escaped `\>` is never removed either.
 */
export function stripSafeRedirections(text: string): string {
  const cut: Array<[number, number]> = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if ((ch !== '>' && ch !== '<') || isEscapedAt(text, i)) continue;
    let start = -1;
    let end = -1;
    if (ch === '>' && text[i + 1] === '&') {
      const one = skipSpaces(text, i + 2);
      const two = spacesStartBefore(text, i) - 1;
      if (text[one] === '1' && endsWord(text, one + 1) && text[two] === '2' && two > 0 && isSpace(text[two - 1])) {
        start = spacesStartBefore(text, two);
        end = one + 1;
      }
    } else {
      const target = skipSpaces(text, i + 1);
      if (text.startsWith(DEV_NULL, target) && endsWord(text, target + DEV_NULL.length)) {
        start = spacesStartBefore(text, i);
        const fd = text[start - 1];
        if (ch === '>' && (fd === '0' || fd === '1' || fd === '2')) start--;
        end = target + DEV_NULL.length;
      }
    }
    if (start < 0) continue;
    const last = cut[cut.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else cut.push([start, end]);
    i = end - 1;
  }
  if (cut.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [s, e] of cut) {
    out += text.slice(from, s);
    from = e;
  }
  return out + text.slice(from);
}

/** Some quote opened outside the other kind of quote never closes. */
export function quotesUnbalanced(text: string): boolean {
  let inSingle = false;
  let inDouble = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && !inSingle) i++;
    else if (ch === '"' && !inSingle) inDouble = !inDouble;
    else if (ch === "'" && !inDouble) inSingle = !inSingle;
  }
  return inSingle || inDouble;
}
