// BA7: which sed commands run without asking — `-n` line printing and one plain `s/…/…/` — and which
// files a sed reads or, with `-i`, rewrites; everything else asks, with the reason in plain words.
import type { SimpleCommand } from '../types';

export type SedVerdict =
  | { kind: 'read-only' }
  | { kind: 'writes'; files: string[] }
  | { kind: 'ask'; reason: string };

export interface SedParse {
  /** The scripts: every `-e` value, else the first operand. */
  scripts: string[];
  /** The input files (rewritten in place with `-i`). */
  files: string[];
  /** `-f script-file` values: sed reads its commands from there. */
  scriptFiles: string[];
  inPlace: boolean;
  quiet: boolean;
  /** Why the words are not understood; the other fields are then partial. */
  problem?: string;
}

// GNU and BSD options that only change how sed reads or prints. Anything not here (--help aside) asks.
const PLAIN_SHORT = 'nErsuz';
const PLAIN_LONG = new Set([
  '--quiet', '--silent', '--regexp-extended', '--posix', '--separate', '--unbuffered',
  '--zero-terminated', '--null-data', '--debug', '--sandbox', '--follow-symlinks',
]);
const QUIET = new Set(['-n', '--quiet', '--silent']);

/**
 * Splits sed's words. Short options cluster as getopt does, with sed's own twist: after `i` the rest
 * of the word is the backup suffix (`-in` is "-i with suffix n", not "-i -n"), after `e`/`f`/`l`
 * the rest (or the next word) is the value. BSD's `-i ''` / `-i .bak` (suffix as its own word) is
 * taken as a suffix when a script still follows.
 */
export function parseSed(argv: readonly string[]): SedParse {
  const out: SedParse = { scripts: [], files: [], scriptFiles: [], inPlace: false, quiet: false };
  const operands: string[] = [];
  const args = argv.slice(1);
  let sawScriptOption = false;
  const fail = (problem: string): SedParse => ({ ...out, problem });
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (w.length < 2 || !w.startsWith('-')) {
      operands.push(w);
      continue;
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq >= 0 ? w.slice(0, eq) : w;
      const attached = eq >= 0 ? w.slice(eq + 1) : undefined;
      if (QUIET.has(name)) out.quiet = true;
      else if (name === '--in-place') out.inPlace = true;
      else if (name === '--expression' || name === '--file' || name === '--line-length') {
        const value = attached ?? args[++i];
        if (value === undefined) return fail(`${name} needs a value`);
        if (name === '--expression') {
          out.scripts.push(value);
          sawScriptOption = true;
        } else if (name === '--file') {
          out.scriptFiles.push(value);
          sawScriptOption = true;
        }
      } else if (!PLAIN_LONG.has(name)) return fail(`the option ${name} is not one sed can be trusted with`);
      continue;
    }
    for (let j = 1; j < w.length; j++) {
      const ch = w[j]!;
      const rest = w.slice(j + 1);
      if (ch === 'n') out.quiet = true;
      else if (ch === 'i') {
        out.inPlace = true;
        // BSD form: `-i ''` or `-i .bak`, the suffix in the next word, a script still to come.
        const next = args[i + 1];
        if (!rest && next !== undefined && (next === '' || /^\.[\w.~-]*$/.test(next)) && args.length > i + 2) i++;
        break;
      } else if (ch === 'e' || ch === 'f' || ch === 'l') {
        const value = rest || args[++i];
        if (value === undefined) return fail(`-${ch} needs a value`);
        if (ch === 'e') {
          out.scripts.push(value);
          sawScriptOption = true;
        } else if (ch === 'f') {
          out.scriptFiles.push(value);
          sawScriptOption = true;
        }
        break;
      } else if (!PLAIN_SHORT.includes(ch)) return fail(`the option -${ch} is not one sed can be trusted with`);
    }
  }
  if (!sawScriptOption) {
    const script = operands.shift();
    if (script === undefined) return fail('there is no sed script');
    out.scripts.push(script);
  }
  out.files = operands;
  return out;
}

// One print command: `5p`, `1,10p`, `$p`, `3,$p`. Addresses are line numbers or `$`, nothing else.
const PRINT = /^(?:(?:\d+|\$)(?:,(?:\d+|\$))?)?p$/;
// One substitution with `/` as delimiter (BA7: no other delimiter, so no `s\`, `s|`, `s#`), and
// only the flags that change which matches are replaced: g p i I m M and one occurrence digit.
const SUBST = /^s\/((?:[^\\/\n]|\\[^\n])*)\/((?:[^\\/\n]|\\[^\n])*)\/([gpimIM]*[1-9]?[gpimIM]*)$/;

/** Why a script is not plain printing or one plain substitution; null when it is one of them. */
function scriptProblem(script: string): { form: 'print' | 'subst' } | { reason: string } {
  // Checked on the whole text first, so that no reading of the grammar below can let them through.
  if (/[^\x01-\x7F]/.test(script)) return { reason: 'the sed script holds non-ASCII characters' };
  if (/[\n\r]/.test(script)) return { reason: 'the sed script spans several lines' };
  if (/[{}]/.test(script)) return { reason: 'the sed script holds a { } block' };
  if (script.includes('!')) return { reason: 'the sed script negates an address with !' };
  if (/s\\/.test(script)) return { reason: 'the sed script uses a backslash as the s delimiter' };
  const s = script.trim();
  if (s.split(';').every((part) => PRINT.test(part.trim()))) return { form: 'print' };
  // Like Claude Code, any `;` in a substitution asks, even one inside the pattern: it is where a
  // second command would start.
  if (/^s\//.test(s) && s.includes(';')) return { reason: 'the sed substitution is followed by more commands (;)' };
  if (SUBST.test(s)) return { form: 'subst' };
  if (/^s[^/]/.test(s)) return { reason: 'the sed substitution uses a delimiter other than /' };
  if (/^s\//.test(s)) return { reason: 'the sed substitution has flags other than g, p, i, I, m, M and a digit (w writes a file, e runs a command)' };
  if (/(?:^|[\d$/;\s])[wW]/.test(s)) return { reason: 'the sed script writes a file (w)' };
  if (/(?:^|[\d$/;\s])e/.test(s)) return { reason: 'the sed script runs a command (e)' };
  return { reason: 'the sed script is more than line printing (5p, 1,10p) or one s/…/…/ substitution' };
}

/** BA7: read-only (printing, or substituting to standard output), a write of the files (`-i`), or ask. */
export function sedVerdict(c: SimpleCommand): SedVerdict {
  const p = parseSed(c.argv);
  if (p.problem) return { kind: 'ask', reason: p.problem };
  if (p.scriptFiles.length > 0) return { kind: 'ask', reason: 'sed reads its script from a file (-f), which cannot be checked' };
  const forms = new Set<'print' | 'subst'>();
  for (const script of p.scripts) {
    const r = scriptProblem(script);
    if ('reason' in r) return { kind: 'ask', reason: r.reason };
    forms.add(r.form);
  }
  if (forms.has('print') && forms.has('subst')) return { kind: 'ask', reason: 'the sed script mixes printing and substitution' };
  if (forms.has('subst') && p.scripts.length > 1) return { kind: 'ask', reason: 'sed is given more than one substitution' };
  // Without -n, `5p` prints every line and line 5 twice: harmless, but not what anyone means.
  if (forms.has('print') && !p.quiet) return { kind: 'ask', reason: 'sed line printing without -n' };
  if (!p.inPlace) return { kind: 'read-only' };
  if (forms.has('print')) return { kind: 'ask', reason: 'sed -i with line printing replaces each file with the printed lines only' };
  if (p.files.length === 0) return { kind: 'ask', reason: 'sed -i names no file to edit' };
  return { kind: 'writes', files: p.files };
}
