// Sees through programs that run another program (`sudo`, `env`, `nice`, `timeout`, `xargs`, …), so a
// deny rule on `rm` also catches `sudo env FOO=1 nice -n 5 rm -rf x`, and an allow rule on `nice`
// does not cover whatever nice runs.
//
// Fail closed: an option a wrapper's table does not list stops the unwrapping (`opaque`), because an
// unknown option may take a value and shift which word is the program. Shells and shell builtins
// that run code from a string or file are never looked into (`runsShellCode`).
import path from 'node:path';
import type { Redirect, SimpleCommand } from './types';

export interface Unwrapped {
  /** The innermost command: its argv[0] normalised (`/usr/bin/git` → `git`), its text from that program on. */
  command: SimpleCommand;
  /** The wrappers seen through, outermost first, by normalised name. */
  wrappers: string[];
  /** A wrapper runs it as another user (sudo, doas, su). */
  elevated: boolean;
  /** It gets arguments nobody wrote here (xargs): a rule on its written words does not bound what runs. */
  appendsArgs: boolean;
  /** It is, or runs, a shell or shell code (bash -c, sh, eval, exec, source, sudo -s, …): ask. */
  runsShellCode: boolean;
  /** `command.argv[0]` as written, before path normalisation. */
  written: string;
  /** Why unwrapping stopped at a wrapper it could not see through (an unknown option, `env -C`, …). */
  opaque?: string;
}

/** Folders whose programs are the well-known ones: `/bin/rm` is rm, `./rm` or `/tmp/x/rm` is not. */
const SYSTEM_BIN_DIRS = new Set([
  '/bin',
  '/sbin',
  '/usr/bin',
  '/usr/sbin',
  '/usr/local/bin',
  '/usr/local/sbin',
  '/opt/homebrew/bin',
  '/opt/local/bin',
  '/run/current-system/sw/bin',
]);

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'csh', 'tcsh', 'pwsh', 'eval', 'exec', 'source', '.', 'su']);
const ELEVATING = new Set(['sudo', 'doas', 'su']);

/** `/usr/bin/git` → `git`; anything outside SYSTEM_BIN_DIRS stays as written. */
export function normalizeProgram(name: string): string {
  if (!name.startsWith('/')) return name;
  const dir = path.posix.dirname(path.posix.normalize(name));
  return SYSTEM_BIN_DIRS.has(dir) ? path.posix.basename(name) : name;
}

/** What a wrapper's options are: letters and long names, with or without a value. */
interface OptionTable {
  short?: string;
  shortValue?: string;
  /** Letters whose value may only be attached (`-i{}`, `-l5`), never the next word. */
  shortAttached?: string;
  long?: readonly string[];
  longValue?: readonly string[];
  /** Long names whose value may only be attached with `=` (`--replace=X`). */
  longAttached?: readonly string[];
  /** Options after which the wrapper does something other than run the rest plainly. */
  opaque?: readonly string[];
  /** Options that make it run the rest through a shell. */
  shell?: readonly string[];
}

type Step =
  | { kind: 'inner'; start: number; envFrom?: number; shell?: boolean; elevated?: boolean; appendsArgs?: boolean }
  | { kind: 'self' }
  | { kind: 'opaque'; reason: string };

interface Parsed {
  next: number;
  shell: boolean;
}

/** Reads options from argv[from]; stops at `--` (consumed), `-` or the first word not starting with `-`. */
function readOptions(argv: readonly string[], from: number, t: OptionTable, who: string): Parsed | { opaque: string } {
  let i = from;
  let shell = false;
  const has = (set: string | readonly string[] | undefined, x: string): boolean => (set ? set.includes(x) : false);
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') return { next: i + 1, shell };
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (has(t.opaque, `--${name}`)) return { opaque: `${who} --${name}` };
      if (has(t.shell, `--${name}`)) shell = true;
      if (has(t.long, name) && eq < 0) i += 1;
      else if (has(t.longAttached, name)) i += 1;
      else if (has(t.longValue, name)) i += eq < 0 ? 2 : 1;
      else return { opaque: `${who} ${a}: an option it does not know` };
      continue;
    }
    // A cluster of letters: `-rt`, `-n5`, `-u root`.
    let j = 1;
    let consumedNext = false;
    while (j < a.length) {
      const c = a[j]!;
      if (has(t.opaque, `-${c}`)) return { opaque: `${who} -${c}` };
      if (has(t.shell, `-${c}`)) shell = true;
      if (has(t.short, c)) {
        j++;
        continue;
      }
      if (has(t.shortAttached, c)) break;
      if (has(t.shortValue, c)) {
        if (j === a.length - 1) consumedNext = true;
        break;
      }
      return { opaque: `${who} -${c}: an option it does not know` };
    }
    i += consumedNext ? 2 : 1;
  }
  if (i > argv.length) return { opaque: `${who}: an option without its value` };
  return { next: i, shell };
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

interface Marks {
  elevated?: boolean;
  appendsArgs?: boolean;
}

function afterOptions(argv: readonly string[], t: OptionTable, who: string, marks: Marks = {}): Step {
  const r = readOptions(argv, 1, t, who);
  if ('opaque' in r) return { kind: 'opaque', reason: r.opaque };
  return { kind: 'inner', start: r.next, ...(r.shell ? { shell: true } : {}), ...marks };
}

/** Each wrapper: where its program starts in argv, or why it cannot be seen through. */
const WRAPPERS: Record<string, (argv: readonly string[]) => Step> = {
  command(argv) {
    const r = readOptions(argv, 1, { short: 'p', opaque: ['-v', '-V'] }, 'command');
    // `command -v x` only looks x up: it is its own (harmless) command, not a wrapper.
    if ('opaque' in r) return { kind: 'self' };
    return { kind: 'inner', start: r.next };
  },
  builtin: () => ({ kind: 'inner', start: 1 }),
  nohup: (argv) => (argv[1]?.startsWith('-') && argv[1] !== '--' ? { kind: 'self' } : { kind: 'inner', start: argv[1] === '--' ? 2 : 1 }),
  nice(argv) {
    // The old form `nice -10 cmd` is an adjustment, not a cluster of options.
    if (argv[1] !== undefined && /^-\d+$/.test(argv[1])) return { kind: 'inner', start: 2 };
    return afterOptions(argv, { shortValue: 'n', longValue: ['adjustment'] }, 'nice');
  },
  time: (argv) =>
    afterOptions(
      argv,
      { short: 'pvqa', shortValue: 'f', long: ['portability', 'verbose', 'quiet', 'append'], longValue: ['format'], opaque: ['-o', '--output'] },
      'time',
    ),
  timeout(argv) {
    const r = readOptions(
      argv,
      1,
      { short: 'v', shortValue: 'sk', long: ['preserve-status', 'foreground', 'verbose'], longValue: ['signal', 'kill-after'] },
      'timeout',
    );
    if ('opaque' in r) return { kind: 'opaque', reason: r.opaque };
    const duration = argv[r.next];
    if (duration === undefined) return { kind: 'self' };
    if (!/^\d+(\.\d+)?[smhd]?$/.test(duration)) return { kind: 'opaque', reason: `timeout: ${JSON.stringify(duration)} is not a duration` };
    return { kind: 'inner', start: r.next + 1 };
  },
  stdbuf: (argv) => afterOptions(argv, { shortValue: 'ioe', longValue: ['input', 'output', 'error'] }, 'stdbuf'),
  xargs: (argv) =>
    afterOptions(
      argv,
      {
        short: '0oprtx',
        shortValue: 'aEdILnPs',
        shortAttached: 'eil',
        long: ['null', 'open-tty', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits'],
        longValue: ['arg-file', 'delimiter', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
        longAttached: ['replace', 'eof'],
      },
      'xargs',
      { appendsArgs: true },
    ),
  sudo: (argv) =>
    afterEnv(
      argv,
      {
        short: 'ABbEHknPSis',
        shortValue: 'CgprtTUu',
        long: ['askpass', 'bell', 'background', 'preserve-env', 'set-home', 'login', 'shell', 'non-interactive', 'preserve-groups', 'stdin', 'reset-timestamp'],
        longValue: ['close-from', 'group', 'prompt', 'role', 'type', 'command-timeout', 'other-user', 'user'],
        longAttached: ['preserve-env'],
        opaque: ['-D', '-R', '-e', '-l', '-v', '-V', '-K', '-h', '--chdir', '--chroot', '--edit', '--list', '--validate', '--version', '--remove-timestamp', '--help', '--host'],
        shell: ['-s', '-i', '--shell', '--login'],
      },
      'sudo',
      { elevated: true },
    ),
  doas: (argv) => afterOptions(argv, { short: 'ns', shortValue: 'u', opaque: ['-C', '-L'], shell: ['-s'] }, 'doas', { elevated: true }),
  env(argv) {
    // `env -` is `env -i`.
    const args = argv.map((a, k) => (k > 0 && a === '-' ? '-i' : a));
    return afterEnv(
      args,
      {
        short: 'i0v',
        shortValue: 'u',
        long: ['ignore-environment', 'null', 'debug'],
        longValue: ['unset'],
        longAttached: ['default-signal', 'ignore-signal', 'block-signal'],
        opaque: ['-C', '-S', '-P', '--chdir', '--split-string', '--help', '--version', '--list-signal-handling'],
      },
      'env',
    );
  },
  // busybox runs its first argument as an applet: `busybox rm` is rm.
  busybox: (argv) => (argv[1]?.startsWith('-') ? { kind: 'self' } : { kind: 'inner', start: 1 }),
};

/** Options, then `NAME=value` words (env, sudo), then the program. */
function afterEnv(argv: readonly string[], t: OptionTable, who: string, marks: Marks = {}): Step {
  const step = afterOptions(argv, t, who, marks);
  if (step.kind !== 'inner') return step;
  let k = step.start;
  while (k < argv.length && ASSIGNMENT.test(argv[k]!)) k++;
  return k === step.start ? step : { ...step, start: k, envFrom: step.start };
}

const MAX_DEPTH = 16;

/** Sees through wrappers until the program that runs, a shell, or a wrapper it cannot see through. */
export function unwrap(cmd: SimpleCommand): Unwrapped {
  const wrappers: string[] = [];
  let elevated = false;
  let appendsArgs = false;
  let runsShellCode = false;
  let opaque: string | undefined;
  let current = cmd;
  for (let depth = 0; ; depth++) {
    const name = normalizeProgram(current.argv[0] ?? '');
    if (SHELLS.has(name)) {
      runsShellCode = true;
      if (ELEVATING.has(name)) elevated = true;
      break;
    }
    const handler = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
    if (!handler) break;
    if (depth >= MAX_DEPTH) {
      opaque = 'too many wrappers';
      break;
    }
    const step = handler(current.argv);
    if (step.kind === 'self') break;
    if (step.kind === 'opaque') {
      opaque = step.reason;
      if (ELEVATING.has(name)) elevated = true;
      break;
    }
    if (step.shell) runsShellCode = true;
    if (step.elevated) elevated = true;
    // `sudo -s`, `nohup` alone: the wrapper is all there is.
    if (step.start >= current.argv.length) break;
    if (step.appendsArgs) appendsArgs = true;
    wrappers.push(name);
    current = inner(current, step.start, step.envFrom);
  }
  const written = current.argv[0] ?? '';
  return {
    command: renameProgram(current, normalizeProgram(written)),
    wrappers,
    elevated,
    appendsArgs,
    runsShellCode,
    written,
    ...(opaque !== undefined ? { opaque } : {}),
  };
}

/**
 * The command from argv[start] on. Its text keeps what stood before the wrapper's name (the outer
 * assignments and leading redirections) and continues at the wrapper's `NAME=value` words, if any,
 * else at the program: `FOO=1 sudo env A=2 rm x` → `FOO=1 A=2 rm x`, so a rule never sees fewer
 * assignments than run. Without source offsets the words are re-quoted instead.
 */
function inner(cmd: SimpleCommand, start: number, envFrom?: number): SimpleCommand {
  const env = [...cmd.env];
  for (let k = envFrom ?? start; k < start; k++) {
    const word = cmd.argv[k]!;
    const m = ASSIGNMENT.exec(word)!;
    env.push({ name: m[1]!, value: word.slice(m[0].length) });
  }
  const argv = cmd.argv.slice(start);
  const offsets = cmd.argvOffsets;
  if (!offsets || offsets.length !== cmd.argv.length) {
    const words = [...env.slice(cmd.env.length).map((e) => `${e.name}=${e.value}`), ...argv];
    return { text: words.map(quoteWord).join(' '), env, argv, redirects: cmd.redirects.map((r) => ({ ...r, offset: -1 })) };
  }
  const prefixEnd = offsets[0]!;
  const cut = offsets[envFrom ?? start]!;
  const shift = cut - prefixEnd;
  const redirects: Redirect[] = cmd.redirects.map((r) => {
    const o = r.offset ?? -1;
    return { ...r, offset: o < 0 ? -1 : o < prefixEnd ? o : o >= cut ? o - shift : -1 };
  });
  return {
    text: cmd.text.slice(0, prefixEnd) + cmd.text.slice(cut),
    env,
    argv,
    redirects,
    argvOffsets: offsets.slice(start).map((o) => o - shift),
  };
}

/** argv[0] → `name`, in the text too when the name was written bare (`/bin/rm -rf x` → `rm -rf x`). */
function renameProgram(cmd: SimpleCommand, name: string): SimpleCommand {
  const old = cmd.argv[0];
  if (old === undefined || old === name) return cmd;
  const out: SimpleCommand = { ...cmd, argv: [name, ...cmd.argv.slice(1)] };
  const at = cmd.argvOffsets?.[0];
  if (at !== undefined && cmd.text.startsWith(old, at)) {
    const delta = old.length - name.length;
    out.text = cmd.text.slice(0, at) + name + cmd.text.slice(at + old.length);
    out.argvOffsets = cmd.argvOffsets!.map((o, k) => (k === 0 ? o : o - delta));
    out.redirects = cmd.redirects.map((r) => (r.offset !== undefined && r.offset > at ? { ...r, offset: r.offset - delta } : r));
  }
  return out;
}

/** A word as Bash would read it back: bare when it is plain, else single-quoted. */
export function quoteWord(w: string): string {
  if (/^[A-Za-z0-9_\-./:=@%+,]+$/.test(w)) return w;
  return `'${w.replace(/'/g, `'\\''`)}'`;
}
