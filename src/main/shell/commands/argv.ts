// Reading a SimpleCommand's words: which program it names, how its options split into flags, values
// and operands (POSIX `--`, getopt clusters), and which of its redirections read or write files.
import type { Redirect, SimpleCommand } from '../types';

/** `\rm` and `/bin/rm` both run rm: the name used for path and removal checks, which err towards "it is rm". */
export function programBase(c: SimpleCommand): string {
  const first = (c.argv[0] ?? '').replace(/^\\/, '');
  return first.slice(first.lastIndexOf('/') + 1);
}

// A program found by PATH lookup or in the system's own folders is the real one; `./cat` or
// `/tmp/x/cat` may be anything, so a read-only verdict never trusts a name written with a path.
const SYSTEM_BIN = /^\/(?:usr\/)?s?bin\/[^/]+$/;

/** The program's name when it is the system's own (bare, or in /bin, /usr/bin, …); null for `./tool`. */
export function trustedProgram(c: SimpleCommand): string | null {
  const first = (c.argv[0] ?? '').replace(/^\\/, '');
  if (!first) return null;
  if (!first.includes('/')) return first;
  return SYSTEM_BIN.test(first) ? first.slice(first.lastIndexOf('/') + 1) : null;
}

/** Which options take a value, for splitting words into options and operands. */
export interface OptionSpec {
  /** Short options that take a value: `-n 5` and `-n5` (getopt). */
  valuedShort?: string;
  /** Long options that take the next word as value when written without `=`. */
  valuedLong?: readonly string[];
  /**
   * Only these letters are options; a dash word with any other letter is an operand. For chmod,
   * whose modes may start with a dash (`chmod -w f`).
   */
  onlyShort?: string;
}

export interface ParsedOption {
  /** `-n`, `--max-count`, as written (a cluster `-rf` gives `-r` and `-f`). */
  name: string;
  value?: string;
}

export interface ParsedArgs {
  operands: string[];
  options: ParsedOption[];
  /**
   * Dash words after the first operand that hold a `/`: GNU tools read them as options, BSD ones
   * (getopt stops at the first operand) as paths; path checks count them as paths too.
   */
  maybePaths: string[];
}

const looksLikeOption = (w: string): boolean => w.length > 1 && w.startsWith('-');

/**
 * Options anywhere before `--` (GNU argument permutation), operands in order; after `--` every word
 * is an operand, `-rf` included. A lone `-` is an operand (standard input).
 */
export function parseArgs(args: readonly string[], spec: OptionSpec = {}): ParsedArgs {
  const out: ParsedArgs = { operands: [], options: [], maybePaths: [] };
  const valuedLong = new Set(spec.valuedLong ?? []);
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') {
      out.operands.push(...args.slice(i + 1));
      break;
    }
    if (!looksLikeOption(w) || (spec.onlyShort !== undefined && !w.startsWith('--') && [...w.slice(1)].some((ch) => !spec.onlyShort!.includes(ch)))) {
      out.operands.push(w);
      continue;
    }
    if (out.operands.length > 0 && w.includes('/')) out.maybePaths.push(w);
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      if (eq >= 0) out.options.push({ name: w.slice(0, eq), value: w.slice(eq + 1) });
      else if (valuedLong.has(w) && i + 1 < args.length) out.options.push({ name: w, value: args[++i]! });
      else out.options.push({ name: w });
      continue;
    }
    for (let j = 1; j < w.length; j++) {
      const ch = w[j]!;
      if (spec.valuedShort?.includes(ch)) {
        const rest = w.slice(j + 1);
        if (rest) out.options.push({ name: `-${ch}`, value: rest });
        else if (i + 1 < args.length) out.options.push({ name: `-${ch}`, value: args[++i]! });
        else out.options.push({ name: `-${ch}` });
        break;
      }
      out.options.push({ name: `-${ch}` });
    }
  }
  return out;
}

/** Whether any of `names` was given (`-r` also counts inside a cluster, which parseArgs splits). */
export const hasOption = (p: ParsedArgs, ...names: string[]): boolean => p.options.some((o) => names.includes(o.name));

/** The values given to any of `names`, in order. */
export const optionValues = (p: ParsedArgs, ...names: string[]): string[] =>
  p.options.flatMap((o) => (names.includes(o.name) && o.value !== undefined ? [o.value] : []));

/** Targets that are the process's own streams or nothing at all: never a file to check. */
export const HARMLESS_TARGETS: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '>&']);

/** `2>&1`, `>&2`, `<&0`, `>&-`: a copy or close of a file descriptor, no file involved. */
function isFdDup(r: Redirect): boolean {
  if (/^&(?:\d+|-)$/.test(r.target)) return true;
  return (r.op === '>&' || r.op === '<&') && /^(?:\d+|-)$/.test(r.target);
}

/** The files a command's redirections read and write (`> out` writes out, `< in` reads in, `<>` both). */
export function redirectPaths(c: SimpleCommand): { read: string[]; write: string[] } {
  const read: string[] = [];
  const write: string[] = [];
  for (const r of c.redirects) {
    if (isFdDup(r) || r.op === '<<' || r.op === '<<-' || r.op === '<<<') continue;
    if (HARMLESS_TARGETS.has(r.target)) continue;
    if (r.op === '<>') {
      read.push(r.target);
      write.push(r.target);
    } else if (OUTPUT_OPS.has(r.op)) write.push(r.target);
    else if (r.op === '<' || r.op === '<&') read.push(r.target);
    else write.push(r.target); // An operator this list does not know: assume the worst.
  }
  return { read, write };
}

/** The shell's pattern characters: a word holding one names files by pattern, not one file. */
export const hasGlob = (w: string): boolean => /[*?[\]{}]/.test(w);
