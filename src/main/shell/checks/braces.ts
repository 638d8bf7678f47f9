// BA1 #16: brace expansion ({a,b}, {1..3}) that turns one word into several, hidden options included.
import { hit, type CheckContext, type Hit } from './types';

/** escaped[i]: an odd run of backslashes stands right before i. */
function escapes(text: string): boolean[] {
  const out: boolean[] = new Array(text.length).fill(false);
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    out[i] = run % 2 === 1;
    run = text[i] === '\\' ? run + 1 : 0;
  }
  return out;
}

/** Some `{…}` holds a `,` or `..` at its own depth (a stack instead of a rescan per brace). */
function expands(text: string, escaped: boolean[]): boolean {
  const stack: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (escaped[i]) continue;
    if (ch === '{') stack.push(false);
    else if (ch === '}') {
      if (stack.pop() === true) return true;
    } else if (stack.length > 0 && (ch === ',' || (ch === '.' && text[i + 1] === '.'))) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** `git ls-remote {--upload-pack="touch /tmp/x",t}`: one literal word to a parser, an option to bash. */
export function checkBraceExpansion({ fullyUnquoted: text, original }: CheckContext): Hit | null {
  const escaped = escapes(text);
  let open = 0;
  let close = 0;
  for (let i = 0; i < text.length; i++) {
    if (escaped[i]) continue;
    if (text[i] === '{') open++;
    else if (text[i] === '}') close++;
  }
  // More closers than openers once quotes are gone: a quoted `'{'` was removed, and bash would
  // close the expansion elsewhere than the depth count here (`git diff {@'{'0},--output=/tmp/x}`).
  if (open > 0 && close > open) {
    return hit(
      'BRACE_EXPANSION',
      'Command has excess closing braces after quote stripping, indicating possible brace expansion obfuscation',
      2,
    );
  }
  if (open > 0 && /['"][{}]['"]/.test(original)) {
    return hit(
      'BRACE_EXPANSION',
      'Command contains quoted brace character inside brace context (potential brace expansion obfuscation)',
      3,
    );
  }
  if (expands(text, escaped)) {
    return hit('BRACE_EXPANSION', 'Command contains brace expansion that could alter command parsing', 1);
  }
  return null;
}
