// BA1 #15 and #21: a backslash outside quotes before a blank or before an operator (; | & < >).
import { hit, type CheckContext, type Hit } from './types';

const OPERATORS = new Set([';', '|', '&', '<', '>']);

/** The first character escaped by a backslash outside quotes that `wanted` accepts, as bash reads quotes. */
function escapedOutsideQuotes(text: string, wanted: (ch: string | undefined) => boolean): boolean {
  let inSingle = false;
  let inDouble = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    // Backslash first: inside "…" a `\"` is a literal quote and must not end the string.
    if (ch === '\\' && !inSingle) {
      if (!inDouble && wanted(text[i + 1])) return true;
      i++;
    } else if (ch === "'" && !inDouble) inSingle = !inSingle;
    else if (ch === '"' && !inSingle) inDouble = !inDouble;
  }
  return false;
}

/** `echo\ test/../../usr/bin/touch x` is one word (a path) to bash, `echo` plus arguments to a splitter. */
export function checkBackslashWhitespace({ original }: CheckContext): Hit | null {
  if (!escapedOutsideQuotes(original, (c) => c === ' ' || c === '\t')) return null;
  return hit(
    'BACKSLASH_ESCAPED_WHITESPACE',
    'Command contains backslash-escaped whitespace that could alter command parsing',
  );
}

/**
 * `cat a \; cat ~/.ssh/id_rsa` is one cat to bash; a splitter that writes the `;` back unescaped
 * re-reads two commands. `\(` and `\)` survive a splitter's round trip unchanged, so `find . \( -name a \)` stays clean. */
export function checkBackslashOperators({ original }: CheckContext): Hit | null {
  if (!escapedOutsideQuotes(original, (c) => c !== undefined && OPERATORS.has(c))) return null;
  return hit(
    'BACKSLASH_ESCAPED_OPERATORS',
    'Command contains a backslash before a shell operator (;, |, &, <, >) which can hide command structure',
  );
}
