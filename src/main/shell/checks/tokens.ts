// BA1 #14: unpaired quotes or brackets where commands are chained, unclosed quotes, single-quoted backslashes.
import { quotesUnbalanced } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

const MESSAGE = 'Command contains ambiguous syntax with command separators that could be misinterpreted';

/** `[` and `]` alone are the test command's words, not a broken token. */
const TEST_BRACKETS = new Set(['[', ']', '[[', ']]']);

function tokenMalformed(word: string): boolean {
  if (TEST_BRACKETS.has(word)) return false;
  let braces = 0;
  let parens = 0;
  let brackets = 0;
  let doubles = 0;
  let singles = 0;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if (ch === '{') braces++;
    else if (ch === '}') braces--;
    else if (ch === '(') parens++;
    else if (ch === ')') parens--;
    else if (ch === '[') brackets++;
    else if (ch === ']') brackets--;
    else if (ch === '"' && word[i - 1] !== '\\') doubles++;
    else if (ch === "'" && word[i - 1] !== '\\') singles++;
  }
  return braces !== 0 || parens !== 0 || brackets !== 0 || doubles % 2 !== 0 || singles % 2 !== 0;
}

/** `echo {"hi":"hi;evil"}`-style tokens re-read by eval: ask when such a line also chains commands. */
export function checkMalformedTokens({ tokens, original, unterminatedQuote }: CheckContext): Hit | null {
  const chains = tokens.some((t) => typeof t === 'object' && (t.op === ';' || t.op === '&&' || t.op === '||'));
  // An unclosed quote swallows the rest of the line here, its `&&` too; other splitters still see them.
  if (unterminatedQuote) return hit('MALFORMED_TOKEN_INJECTION', 'Command contains an unterminated quote', 3);
  if (!chains) return null;
  if (quotesUnbalanced(original) || tokens.some((t) => typeof t === 'string' && tokenMalformed(t))) {
    return hit('MALFORMED_TOKEN_INJECTION', MESSAGE, 1);
  }
  return null;
}

/**
 * Claude Code's hasShellQuoteSingleQuoteBug (no id there; 14 here, being the same kind of parser
 * confusion): a '…' string that ends in backslashes. Bash keeps them literal; shell-quote lets an odd
 * run escape the closing quote, and an even run followed by another quote shifts every later quote.
 */
export function checkSingleQuotedBackslash({ original }: CheckContext): Hit | null {
  let inSingle = false;
  let inDouble = false;
  for (let i = 0; i < original.length; i++) {
    const ch = original[i];
    if (ch === '\\' && !inSingle) {
      i++;
      continue;
    }
    if (ch === '"' && !inSingle) inDouble = !inDouble;
    else if (ch === "'" && !inDouble) {
      inSingle = !inSingle;
      if (inSingle) continue;
      let run = 0;
      for (let j = i - 1; j >= 0 && original[j] === '\\'; j--) run++;
      if (run % 2 === 1 || (run > 0 && original.indexOf("'", i + 1) !== -1)) {
        return hit('MALFORMED_TOKEN_INJECTION', 'Command contains single-quoted backslash pattern that could bypass security checks', 2);
      }
    }
  }
  return null;
}
