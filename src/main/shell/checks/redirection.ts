// BA1 #9 and #10: reading from or writing to a file with < or > outside quotes.
import { hit, type CheckContext, type Hit } from './types';

/** `2>&1`, `>/dev/null` and `</dev/null` were removed from this view first (quotes.ts). */
export function checkRedirections({ fullyUnquotedStripped: text }: CheckContext): Hit[] {
  const hits: Hit[] = [];
  if (text.includes('<')) {
    hits.push(
      hit(
        'DANGEROUS_PATTERNS_INPUT_REDIRECTION',
        'Command contains input redirection (<) which could read sensitive files',
        1,
      ),
    );
  }
  if (text.includes('>')) {
    hits.push(
      hit(
        'DANGEROUS_PATTERNS_OUTPUT_REDIRECTION',
        'Command contains output redirection (>) which could write to arbitrary files',
        1,
      ),
    );
  }
  return hits;
}
