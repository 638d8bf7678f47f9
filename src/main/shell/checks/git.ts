// BA1 #12 and Claude Code's early allow for `git commit -m "<plain message>"`.
import { hit, type CheckContext, type Hit } from './types';

export type GitCommitVerdict = { kind: 'allow' } | { kind: 'ask'; hit: Hit } | { kind: 'pass' };

/** Characters that may not appear before `-m`: operators, substitution, redirection, line breaks. */
const BEFORE_MESSAGE = new Set([';', '&', '|', '`', '$', '<', '>', '(', ')', '\n', '\r']);
/** Past this length the early allow is not worth a scan; the full checks run instead. */
const MAX_EARLY_LENGTH = 10_000;

interface Message {
  quote: string;
  text: string;
  rest: string;
}

function lastLineBreak(s: string): number {
  return Math.max(s.lastIndexOf('\n'), s.lastIndexOf('\r'), s.lastIndexOf('\u2028'), s.lastIndexOf('\u2029'));
}

/**
 * Claude Code's /^git[ \t]+commit[ \t]+[^;&|`$<>()\n\r]*?-m[ \t]+(["'])([\s\S]*?)\1(.*)$/ as a scan:
 * the first `-m "…"` whose closing quote leaves no line break after it.
 */
function parseMessage(s: string): Message | null {
  const head = /^git[ \t]+commit[ \t]+/.exec(s);
  if (!head) return null;
  const noBreakAfter = lastLineBreak(s) + 1;
  for (let m = head[0].length; m < s.length; m++) {
    if (s.startsWith('-m', m) && (s[m + 2] === ' ' || s[m + 2] === '\t')) {
      let k = m + 2;
      while (s[k] === ' ' || s[k] === '\t') k++;
      const quote = s[k];
      if (quote === '"' || quote === "'") {
        const close = s.indexOf(quote, Math.max(k + 1, noBreakAfter));
        if (close !== -1) return { quote, text: s.slice(k + 1, close), rest: s.slice(close + 1) };
      }
    }
    if (BEFORE_MESSAGE.has(s[m] as string)) return null;
  }
  return null;
}

/** Quoted parts removed, no backslashes to care about (the caller refused those). */
function unquoted(s: string): string {
  let out = '';
  let quote = '';
  for (const ch of s) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else out += ch;
  }
  return out;
}

export function checkGitCommit({ original, baseCommand }: CheckContext): GitCommitVerdict {
  if (baseCommand !== 'git' || !/^git\s+commit\s/.test(original) || original.length > MAX_EARLY_LENGTH) {
    return { kind: 'pass' };
  }
  // A backslash can move where a quote really ends (`-m "a\" && evil"`): full checks instead.
  if (original.includes('\\')) return { kind: 'pass' };
  const msg = parseMessage(original);
  if (!msg) return { kind: 'pass' };
  if (msg.quote === '"' && /\$\(|`|\$\{/.test(msg.text)) {
    return { kind: 'ask', hit: hit('GIT_COMMIT_SUBSTITUTION', 'Git commit message contains command substitution patterns', 1) };
  }
  // `git commit -m 'x' > ~/.bashrc` or `&& evil` after the message: the full checks must see those.
  if (/[;|&()`]|\$\(|\$\{/.test(msg.rest) || /[<>]/.test(unquoted(msg.rest))) return { kind: 'pass' };
  if (msg.text.startsWith('-')) {
    return { kind: 'ask', hit: hit('OBFUSCATED_FLAGS', 'Command contains quoted characters in flag names', 5) };
  }
  return { kind: 'allow' };
}
