// BA1 #6, #11 and #13: variables next to pipes or redirections, IFS, and /proc/*/environ.
import { isSpace } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/** Claude Code's /[<>|]\s*\$[A-Za-z_]/ and /\$[A-Za-z_][A-Za-z0-9_]*\s*[|<>]/, as one scan. */
function variableNextToPipeOrRedirect(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '<' || ch === '>' || ch === '|') {
      let j = i + 1;
      while (isSpace(text[j])) j++;
      if (text[j] === '$' && NAME_START.test(text[j + 1] ?? '')) return true;
    } else if (ch === '$' && NAME_START.test(text[i + 1] ?? '')) {
      let j = i + 2;
      while (j < text.length && NAME_CHAR.test(text[j] as string)) j++;
      const end = j;
      while (isSpace(text[j])) j++;
      if (text[j] === '|' || text[j] === '<' || text[j] === '>') return true;
      i = end - 1;
    }
  }
  return false;
}

export function checkDangerousVariables(ctx: CheckContext): Hit | null {
  if (!variableNextToPipeOrRedirect(ctx.fullyUnquotedStripped)) return null;
  return hit(
    'DANGEROUS_VARIABLES',
    'Command contains variables in dangerous contexts (redirections or pipes)',
    1,
  );
}

/** `$IFS`, or IFS anywhere inside a `${…}` (`${IFS}`, `${IFS:0:1}`, `${#IFS}`). */
export function checkIfsInjection({ original }: CheckContext): Hit | null {
  let inBraces = false;
  for (let i = 0; i < original.length; i++) {
    const ch = original[i];
    if (ch === '$' && original[i + 1] === '{') inBraces = true;
    else if (ch === '}') inBraces = false;
    else if (original.startsWith('IFS', i) && (inBraces || original[i - 1] === '$')) {
      return hit('IFS_INJECTION', 'Command contains IFS variable usage which could bypass security validation', 1);
    }
  }
  return null;
}

const PROC = '/proc/';
const PATH_END = /[\s;&|<>()`]/;

/** A tiny glob match of one path component against the literal name `environ` (`env*`, `e?viron`, `[e]nviron`). */
function globMatchesEnviron(pattern: string): boolean {
  const name = 'environ';
  // reach[j]: the pattern read so far can match name[0, j).
  let reach = [true, false, false, false, false, false, false, false];
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p] as string;
    const next = reach.map(() => false);
    if (c === '*') {
      let any = false;
      for (let j = 0; j <= name.length; j++) next[j] = any = any || (reach[j] as boolean);
    } else {
      let accepts = (ch: string): boolean => ch === c;
      if (c === '?') accepts = () => true;
      else if (c === '[') {
        const close = pattern.indexOf(']', p + 2);
        if (close !== -1) {
          const set = pattern.slice(p + 1, close);
          const negate = set.startsWith('!') || set.startsWith('^');
          // Ranges and classes are rare here; any bracket that could hold the letter counts.
          accepts = (ch: string) => negate || set.includes(ch) || set.includes('-') || set.includes(':');
          p = close;
        }
      }
      for (let j = 0; j < name.length; j++) if (reach[j] && accepts(name[j] as string)) next[j + 1] = true;
    }
    reach = next;
  }
  return reach[name.length] as boolean;
}

/** `/proc/<anything>/environ` on one line (Claude Code's /\/proc\/.*\/environ/), or a glob that reaches it. */
function readsEnviron(text: string): boolean {
  let lineDone = -1;
  for (let at = text.indexOf(PROC); at !== -1; ) {
    if (at > lineDone) {
      // The first /proc/ of a line decides the literal form for the whole line.
      const nl = text.indexOf('\n', at);
      lineDone = nl === -1 ? text.length : nl;
      if (text.substring(at + PROC.length, lineDone).includes('/environ')) return true;
    }
    let end = at + PROC.length;
    while (end < text.length && !PATH_END.test(text[end] as string)) end++;
    const last = text.slice(text.lastIndexOf('/', end - 1) + 1, end);
    if (/[*?[]/.test(last) && globMatchesEnviron(last)) return true;
    at = text.indexOf(PROC, Math.max(end, at + 1));
  }
  return false;
}

export function checkProcEnviron({ original }: CheckContext): Hit | null {
  // Also with quotes and backslashes removed: `/pr''oc/self/env\iron` is the same path to bash.
  if (!readsEnviron(original) && !readsEnviron(original.replace(/['"\\]/g, ''))) return null;
  return hit(
    'PROC_ENVIRON_ACCESS',
    'Command accesses /proc/*/environ which could expose sensitive environment variables',
    1,
  );
}
