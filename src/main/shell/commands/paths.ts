// BA8: the files a command reads and writes (a table of ~40 commands, POSIX `--` honoured), where
// they fall against the working directories (pure path math, no file system), and the removals
// (`rm -rf /`, `rm -rf ~`, …) that always ask whatever the rules say.
import path from 'node:path';
import type { Separator, SimpleCommand } from '../types';
import {
  HARMLESS_TARGETS, hasGlob, hasOption, optionValues, parseArgs, programBase, redirectPaths,
  type OptionSpec, type ParsedArgs,
} from './argv';
import { FIND_UNSAFE_ACTIONS, FIND_VALUE_PRIMARIES } from './read-only-search';
import { parseSed } from './sed';

export type Access = 'read' | 'write';

export interface CommandPaths {
  read: string[];
  write: string[];
}

/**
 * How one command names files. `operands`: what its operands are — `read`, `write`, `copy` (the last
 * of two or more is written, the others read: cp, uniq), `move` (all written: mv), `link` (the
 * last is created, the others read: ln), `none`.
 */
interface PathSpec {
  options?: OptionSpec;
  operands: 'read' | 'write' | 'copy' | 'move' | 'link' | 'none';
  /** Leading operands that are not paths: chmod's mode, chown's owner, grep's pattern. */
  skip?: number;
  /** …unless one of these options supplies it (grep -e PATTERN, chmod --reference=FILE). */
  skipUnless?: readonly string[];
  /** The paths meant when no operand names one (`ls` lists `.`). */
  defaults?: (p: ParsedArgs) => string[];
  /** Options whose value is a path. */
  optionPaths?: Readonly<Record<string, Access>>;
  /** `-t DIR`: every operand is a source, DIR is written. */
  targetDir?: readonly string[];
}

const here = (): string[] => ['.'];
const TARGET_DIR = ['-t', '--target-directory'];
const GREP_OPTIONS: OptionSpec = {
  valuedShort: 'efmABCdD',
  valuedLong: ['--regexp', '--file', '--max-count', '--after-context', '--before-context', '--context', '--label', '--binary-files', '--devices', '--directories', '--exclude', '--include', '--exclude-dir', '--exclude-from', '--group-separator'],
};
const GREP: PathSpec = {
  options: GREP_OPTIONS,
  operands: 'read',
  skip: 1,
  skipUnless: ['-e', '--regexp', '-f', '--file'],
  optionPaths: { '-f': 'read', '--file': 'read', '--exclude-from': 'read' },
  defaults: (p) => (hasOption(p, '-r', '-R', '--recursive', '--dereference-recursive') ? ['.'] : []),
};
const READ_ONLY_OPERANDS: PathSpec = { operands: 'read' };
const CHECKSUM: PathSpec = { operands: 'read' };

const PATH_TABLE: Readonly<Record<string, PathSpec>> = {
  ls: { operands: 'read', defaults: here, options: { valuedShort: 'IwT', valuedLong: ['--ignore', '--hide', '--width', '--tabsize', '--block-size', '--format', '--time-style', '--sort', '--time', '--indicator-style', '--quoting-style'] } },
  tree: { operands: 'read', defaults: here, options: { valuedShort: 'LPIHTo', valuedLong: ['--gitfile', '--infofile', '--charset', '--filelimit', '--timefmt', '--sort', '--hintro', '--houtro'] }, optionPaths: { '-o': 'write', '--gitfile': 'read', '--infofile': 'read', '--hintro': 'read', '--houtro': 'read' } },
  du: { operands: 'read', defaults: here, options: { valuedShort: 'dBtX', valuedLong: ['--max-depth', '--block-size', '--threshold', '--exclude', '--exclude-from', '--files0-from', '--time-style'] }, optionPaths: { '-X': 'read', '--exclude-from': 'read', '--files0-from': 'read' } },
  df: { operands: 'read', options: { valuedShort: 'BtxF', valuedLong: ['--block-size', '--type', '--exclude-type', '--output'] } },
  cat: READ_ONLY_OPERANDS,
  head: { operands: 'read', options: { valuedShort: 'nc', valuedLong: ['--lines', '--bytes'] } },
  tail: { operands: 'read', options: { valuedShort: 'ncs', valuedLong: ['--lines', '--bytes', '--sleep-interval', '--pid', '--max-unchanged-stats'] } },
  wc: { operands: 'read', options: { valuedLong: ['--files0-from'] }, optionPaths: { '--files0-from': 'read' } },
  stat: { operands: 'read', options: { valuedShort: 'cft', valuedLong: ['--format', '--printf'] } },
  file: { operands: 'read', options: { valuedShort: 'emfFP', valuedLong: ['--exclude', '--exclude-quiet', '--files-from', '--magic-file', '--separator', '--parameter'] }, optionPaths: { '-m': 'read', '--magic-file': 'read', '-f': 'read', '--files-from': 'read' } },
  diff: {
    operands: 'read',
    options: { valuedShort: 'CUIFDSWxX', valuedLong: ['--ignore-matching-lines', '--show-function-line', '--ifdef', '--label', '--starting-file', '--width', '--exclude', '--exclude-from', '--from-file', '--to-file', '--line-format', '--old-line-format', '--new-line-format', '--unchanged-line-format', '--tabsize', '--horizon-lines'] },
    optionPaths: { '-X': 'read', '--exclude-from': 'read', '--from-file': 'read', '--to-file': 'read' },
  },
  cmp: { operands: 'read', options: { valuedShort: 'in', valuedLong: ['--ignore-initial', '--bytes'] } },
  comm: { operands: 'read', options: { valuedLong: ['--output-delimiter'] } },
  sort: {
    operands: 'read',
    options: { valuedShort: 'kotST', valuedLong: ['--key', '--output', '--field-separator', '--temporary-directory', '--buffer-size', '--sort', '--parallel', '--batch-size', '--compress-program', '--files0-from', '--random-source'] },
    optionPaths: { '-o': 'write', '--output': 'write', '-T': 'write', '--temporary-directory': 'write', '--files0-from': 'read', '--random-source': 'read' },
  },
  // uniq INPUT OUTPUT: the second operand is written.
  uniq: { operands: 'copy', options: { valuedShort: 'fsw', valuedLong: ['--skip-fields', '--skip-chars', '--check-chars'] } },
  cut: { operands: 'read', options: { valuedShort: 'bcdf', valuedLong: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'] } },
  nl: { operands: 'read', options: { valuedShort: 'bdfhilnsvw' } },
  tac: { operands: 'read', options: { valuedShort: 's', valuedLong: ['--separator'] } },
  rev: READ_ONLY_OPERANDS,
  strings: { operands: 'read', options: { valuedShort: 'ntTe', valuedLong: ['--bytes', '--radix', '--encoding', '--target'] } },
  od: { operands: 'read', options: { valuedShort: 'AjNtwS', valuedLong: ['--address-radix', '--skip-bytes', '--read-bytes', '--format', '--width', '--strings'] } },
  hexdump: { operands: 'read', options: { valuedShort: 'nseLf' }, optionPaths: { '-f': 'read' } },
  base64: { operands: 'read', options: { valuedShort: 'wbio', valuedLong: ['--wrap', '--break', '--input', '--output'] }, optionPaths: { '-i': 'read', '--input': 'read', '-o': 'write', '--output': 'write' } },
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha256sum: CHECKSUM,
  realpath: { operands: 'read', options: { valuedLong: ['--relative-to', '--relative-base'] }, optionPaths: { '--relative-to': 'read', '--relative-base': 'read' } },
  readlink: READ_ONLY_OPERANDS,
  cd: { operands: 'read', options: { onlyShort: 'LPe@' }, defaults: () => ['~'] },
  rm: { operands: 'write' },
  rmdir: { operands: 'write' },
  mkdir: { operands: 'write', options: { valuedShort: 'm', valuedLong: ['--mode'] } },
  touch: { operands: 'write', options: { valuedShort: 'dtr', valuedLong: ['--date', '--reference', '--time'] }, optionPaths: { '-r': 'read', '--reference': 'read' } },
  truncate: { operands: 'write', options: { valuedShort: 'sr', valuedLong: ['--size', '--reference'] }, optionPaths: { '-r': 'read', '--reference': 'read' } },
  shred: { operands: 'write', options: { valuedShort: 'ns', valuedLong: ['--iterations', '--size', '--random-source'] }, optionPaths: { '--random-source': 'read' } },
  tee: { operands: 'write' },
  mv: { operands: 'move', options: { valuedShort: 'tS', valuedLong: ['--target-directory', '--suffix'] }, targetDir: TARGET_DIR },
  cp: { operands: 'copy', options: { valuedShort: 'tS', valuedLong: ['--target-directory', '--suffix', '--sparse'] }, targetDir: TARGET_DIR },
  ln: { operands: 'link', options: { valuedShort: 'tS', valuedLong: ['--target-directory', '--suffix'] }, targetDir: TARGET_DIR },
  // A mode may start with a dash (`chmod -w f`): only -R -c -f -v are options.
  chmod: { operands: 'write', skip: 1, skipUnless: ['--reference'], options: { onlyShort: 'Rcfv', valuedLong: ['--reference'] }, optionPaths: { '--reference': 'read' } },
  chown: { operands: 'write', skip: 1, skipUnless: ['--reference'], options: { valuedLong: ['--reference', '--from'] }, optionPaths: { '--reference': 'read' } },
  chgrp: { operands: 'write', skip: 1, skipUnless: ['--reference'], options: { valuedLong: ['--reference'] }, optionPaths: { '--reference': 'read' } },
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: {
    operands: 'read',
    skip: 1,
    // --files and --type-list take no pattern: every operand is a path.
    skipUnless: ['-e', '--regexp', '-f', '--file', '--files', '--type-list'],
    defaults: here,
    options: {
      valuedShort: 'efgtTmdABCrMjE',
      valuedLong: ['--regexp', '--file', '--glob', '--iglob', '--type', '--type-not', '--max-count', '--max-depth', '--after-context', '--before-context', '--context', '--replace', '--max-columns', '--threads', '--encoding', '--sort', '--sortr', '--color', '--colors', '--context-separator', '--field-match-separator', '--field-context-separator', '--path-separator', '--type-add', '--type-clear', '--pre', '--pre-glob', '--ignore-file', '--max-filesize', '--dfa-size-limit', '--regex-size-limit', '--engine'],
    },
    optionPaths: { '-f': 'read', '--file': 'read', '--ignore-file': 'read' },
  },
  date: { operands: 'none', options: { valuedShort: 'dfr', valuedLong: ['--date', '--file', '--reference', '--rfc-3339'] }, optionPaths: { '-f': 'read', '--file': 'read', '-r': 'read', '--reference': 'read' } },
};

/** Commands that name no file at all (their words are text, names or numbers). */
const NO_PATHS = new Set([
  'echo', 'printf', 'pwd', 'true', 'false', ':', 'whoami', 'id', 'uname', 'env', 'printenv', 'which', 'whereis', 'type',
  'basename', 'dirname', 'sleep', 'seq', 'expr', 'test', '[', 'hostname', 'nproc', 'uptime', 'cal', 'groups', 'locale',
  'free', 'yes', 'tr',
]);

function fromSpec(spec: PathSpec, args: readonly string[]): CommandPaths {
  const p = parseArgs(args, spec.options);
  const read: string[] = [];
  const write: string[] = [];
  for (const o of p.options) {
    const access = spec.optionPaths?.[o.name];
    if (access && o.value !== undefined) (access === 'read' ? read : write).push(o.value);
  }
  const skip = spec.skip && !hasOption(p, ...(spec.skipUnless ?? [])) ? spec.skip : 0;
  let operands = p.operands.slice(skip);
  if (operands.length === 0 && spec.defaults) operands = spec.defaults(p);
  const targetDir = spec.targetDir ? optionValues(p, ...spec.targetDir) : [];
  switch (spec.operands) {
    case 'none':
      break;
    case 'read':
      read.push(...operands, ...p.maybePaths);
      break;
    case 'write':
      write.push(...operands, ...p.maybePaths);
      break;
    case 'move':
      write.push(...operands, ...targetDir, ...p.maybePaths);
      break;
    case 'copy':
    case 'link': {
      read.push(...p.maybePaths);
      if (targetDir.length > 0) {
        read.push(...operands);
        write.push(...targetDir);
      } else if (operands.length >= 2) {
        read.push(...operands.slice(0, -1));
        write.push(operands.at(-1)!);
      } else if (spec.operands === 'link' && operands.length === 1) {
        // `ln -s /etc/passwd` creates ./passwd.
        read.push(operands[0]!);
        write.push(path.basename(operands[0]!));
      } else read.push(...operands);
      break;
    }
  }
  return { read, write };
}

/** find: the starting points come before the first expression word; actions may write or delete. */
function findPaths(args: readonly string[]): CommandPaths {
  const read: string[] = [];
  const write: string[] = [];
  let i = 0;
  // Global options before the starting points: -H -L -P, -D debugopts, -O3.
  while (i < args.length && /^-(?:[HLP]|O\d*|D)$/.test(args[i]!)) i += args[i] === '-D' ? 2 : 1;
  const roots: string[] = [];
  for (; i < args.length; i++) {
    const w = args[i]!;
    if (w.startsWith('-') || w === '(' || w === '!' || w === ',') break;
    roots.push(w);
  }
  if (roots.length === 0) roots.push('.');
  let deletes = false;
  for (; i < args.length; i++) {
    const w = args[i]!;
    const next = args[i + 1];
    if (w === '-delete' || w === '-rm') deletes = true;
    else if (['-newer', '-anewer', '-cnewer', '-samefile'].includes(w) || /^-newer[aBcm][aBcm]$/.test(w)) {
      if (next !== undefined) read.push(next);
      i++;
    } else if (w === '-files0-from') {
      if (next !== undefined) read.push(next);
      i++;
    } else if (w === '-fprint' || w === '-fprint0' || w === '-fls' || w === '-fprintf') {
      if (next !== undefined) write.push(next);
      i += w === '-fprintf' ? 2 : 1;
    } else if (FIND_UNSAFE_ACTIONS.has(w)) {
      // -exec cmd … ; — the command's words are its own; skip to the terminator.
      while (i + 1 < args.length && args[i + 1] !== ';' && args[i + 1] !== '+') i++;
      i++;
    } else if (FIND_VALUE_PRIMARIES.has(w) || /^-newer[aBcm]t$/.test(w)) i++;
  }
  (deletes ? write : read).push(...roots);
  return { read, write };
}

/** sed: script files are read; input files are read, or rewritten with -i. */
function sedPaths(argv: readonly string[]): CommandPaths {
  const p = parseSed(argv);
  return p.inPlace ? { read: p.scriptFiles, write: p.files } : { read: [...p.scriptFiles, ...p.files], write: [] };
}

/** jq: the filter first (unless -f FILE gives it), then files; --rawfile/--slurpfile NAME FILE. */
function jqPaths(args: readonly string[]): CommandPaths {
  const read: string[] = [];
  const operands: string[] = [];
  let fromFile = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!w.startsWith('-') || w === '-') operands.push(w);
    else if (w === '-f' || w === '--from-file') {
      fromFile = true;
      if (args[i + 1] !== undefined) read.push(args[++i]!);
    } else if (w.startsWith('--from-file=')) {
      fromFile = true;
      read.push(w.slice('--from-file='.length));
    } else if (w === '--rawfile' || w === '--slurpfile') {
      if (args[i + 2] !== undefined) read.push(args[i + 2]!);
      i += 2;
    } else if (w === '--arg' || w === '--argjson') i += 2;
    else if (w === '-L' || w === '--library-path') {
      if (args[i + 1] !== undefined) read.push(args[++i]!);
    } else if (w === '--indent') i++;
  }
  read.push(...(fromFile ? operands : operands.slice(1)));
  return { read, write: [] };
}

/** dd: `if=` is read, `of=` written. */
function ddPaths(args: readonly string[]): CommandPaths {
  return {
    read: args.filter((w) => w.startsWith('if=')).map((w) => w.slice(3)),
    write: args.filter((w) => w.startsWith('of=')).map((w) => w.slice(3)),
  };
}

// git: the global options that name folders, then what the subcommand does with its pathspecs.
const GIT_VALUED_GLOBALS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix']);
const GIT_WRITES = new Set(['rm', 'mv', 'restore', 'clean', 'checkout']);
const GIT_ALL_OPERANDS_ARE_PATHS = new Set(['add', 'rm', 'mv', 'restore', 'clean', 'ls-files', 'blame', 'stage']);

function gitPaths(args: readonly string[]): CommandPaths {
  const read: string[] = [];
  let base = '';
  let i = 0;
  for (; i < args.length && args[i]!.startsWith('-'); i++) {
    const w = args[i]!;
    const eq = w.indexOf('=');
    const name = eq >= 0 ? w.slice(0, eq) : w;
    const value = eq >= 0 ? w.slice(eq + 1) : GIT_VALUED_GLOBALS.has(w) ? args[++i] : undefined;
    if (value === undefined) continue;
    if (name === '-C') {
      base = path.isAbsolute(value) || value.startsWith('~') || !base ? value : path.join(base, value);
      read.push(base);
    } else if (name === '--git-dir' || name === '--work-tree') read.push(value);
  }
  const sub = args[i];
  if (sub === undefined) return { read, write: [] };
  const rest = args.slice(i + 1);
  const dashes = rest.indexOf('--');
  let pathspecs: string[];
  if (GIT_ALL_OPERANDS_ARE_PATHS.has(sub)) pathspecs = parseArgs(rest).operands;
  else if ((sub === 'diff' || sub === 'grep') && rest.includes('--no-index')) {
    pathspecs = parseArgs(rest).operands.slice(sub === 'grep' && !rest.some((w) => w === '-e' || w === '-f') ? 1 : 0);
  } else pathspecs = dashes >= 0 ? rest.slice(dashes + 1) : [];
  if (sub === 'clean' && pathspecs.length === 0) pathspecs = ['.'];
  const placed = pathspecs.map((p) => (base && !path.isAbsolute(p) && !p.startsWith('~') ? path.join(base, p) : p));
  return GIT_WRITES.has(sub) ? { read, write: placed } : { read: [...read, ...placed], write: [] };
}

const CUSTOM: Readonly<Record<string, (args: readonly string[], argv: readonly string[]) => CommandPaths>> = {
  find: findPaths,
  sed: (_args, argv) => sedPaths(argv),
  jq: jqPaths,
  dd: ddPaths,
  git: gitPaths,
};

const unique = (xs: string[]): string[] => [...new Set(xs)];

/**
 * BA8: the files a command reads and writes, its redirections included; null when the command is not
 * in the table (its operands may or may not be files). `cd -` names no path it can know.
 */
export function pathsOf(c: SimpleCommand): CommandPaths | null {
  const name = programBase(c);
  const args = c.argv.slice(1);
  const redirects = redirectPaths(c);
  let own: CommandPaths | null;
  if (NO_PATHS.has(name)) own = { read: [], write: [] };
  else if (CUSTOM[name]) own = CUSTOM[name](args, c.argv);
  else if (PATH_TABLE[name]) own = fromSpec(PATH_TABLE[name], args);
  else own = null;
  if (!own) return null;
  if (name === 'cd') own = { read: own.read.filter((p) => p !== '-').slice(0, 1), write: [] };
  const drop = (xs: string[]): string[] => unique(xs.filter((p) => p !== '' && p !== '-' && !HARMLESS_TARGETS.has(p)));
  return { read: drop([...own.read, ...redirects.read]), write: drop([...own.write, ...redirects.write]) };
}

// ---- where paths fall ---------------------------------------------------------------------------

export interface PathContext {
  /** The folder the command runs in. */
  cwd: string;
  /** The folders the session may touch without asking. */
  workingDirs: readonly string[];
  home: string;
}

export interface CheckedPath {
  /** As the command names it. */
  path: string;
  access: Access;
  /** Absolute, normalised; a pattern is its folder (`src/*.ts` → …/src); null when it cannot be placed (`~bob`, after `cd -`). */
  resolved: string | null;
  inside: boolean;
}

export interface PathsCheck {
  /** false: the command is not in the table; only its redirections were checked. */
  known: boolean;
  paths: CheckedPath[];
  outside: CheckedPath[];
}

/** A line's paths, also command by command (for explaining each part). */
export interface LinePathsCheck extends PathsCheck {
  byCommand: PathsCheck[];
}

/** `child` is `dir` or below it. */
export function isInside(child: string, dir: string): boolean {
  const rel = path.relative(dir, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * Where a path points, by path math alone: `~` is home, relative paths start at cwd, a pattern
 * stands for the folder its first pattern segment sits in. null for `~user` (that home is unknown
 * without the system) and for a relative path when cwd is unknown.
 */
export function resolvePath(p: string, cwd: string | null, home: string | undefined): string | null {
  let rest = p;
  let start: string | null = cwd;
  if (p === '~' || p.startsWith('~/')) {
    start = home ?? null;
    rest = p.slice(1).replace(/^\/+/, '');
  } else if (p.startsWith('~')) return null;
  else if (path.isAbsolute(p)) {
    start = path.parse(p).root;
    rest = p.slice(start.length);
  }
  const segments = rest.split(/[\\/]+/);
  const firstGlob = segments.findIndex(hasGlob);
  const kept = firstGlob === -1 ? segments : segments.slice(0, firstGlob);
  if (start === null) return null;
  return path.resolve(start, ...kept);
}

function check(p: string, access: Access, cwd: string | null, ctx: PathContext): CheckedPath {
  const resolved = resolvePath(p, cwd, ctx.home);
  const inside = resolved !== null && ctx.workingDirs.some((d) => isInside(resolved, path.resolve(d)));
  return { path: p, access, resolved, inside };
}

function checkOne(c: SimpleCommand, cwd: string | null, ctx: PathContext): PathsCheck {
  const own = pathsOf(c);
  const found = own ?? redirectPaths(c);
  const paths = [...found.read.map((p) => check(p, 'read', cwd, ctx)), ...found.write.map((p) => check(p, 'write', cwd, ctx))];
  return { known: own !== null, paths, outside: paths.filter((p) => !p.inside) };
}

/** BA8: a command's paths, each placed against the working directories. */
export function checkPathsInside(c: SimpleCommand, ctx: PathContext): PathsCheck {
  return checkOne(c, ctx.cwd, ctx);
}

/**
 * A whole line: `cd x && cat y` reads x/y, so later parts are placed from where earlier `cd`s lead.
 * A `cd` inside a pipeline or sent to the background runs in a subshell and moves nothing.
 */
export function checkCommandLinePaths(cmds: readonly SimpleCommand[], separators: readonly Separator[], ctx: PathContext): LinePathsCheck {
  let cwd: string | null = ctx.cwd;
  const out: LinePathsCheck = { known: true, paths: [], outside: [], byCommand: [] };
  cmds.forEach((c, i) => {
    const r = checkOne(c, cwd, ctx);
    out.byCommand.push(r);
    out.known &&= r.known;
    out.paths.push(...r.paths);
    out.outside.push(...r.outside);
    const before = separators[i - 1];
    const after = separators[i];
    const inSubshell = [before, after].some((s) => s === '|' || s === '|&') || after === '&';
    if (programBase(c) === 'cd' && !inSubshell) {
      const target = pathsOf(c)?.read[0];
      cwd = target === undefined ? null : resolvePath(target, cwd, ctx.home);
    }
  });
  return out;
}

// ---- removals that always ask -------------------------------------------------------------------

export interface DangerousRemoval {
  /** The operand as written. */
  target: string;
  /** What it would remove, in plain words. */
  reason: string;
}

const HOME_VAR = /^["']?\$(?:HOME|\{HOME\})["']?\/*$/;
/** Folders holding each user's home: removing one of them removes a person's files. */
const HOMES_PARENTS = new Set(['/home', '/Users']);

/**
 * BA8: `rm`/`rmdir` aimed at the file system root, a home folder, a top-level system folder, the
 * working directories or a folder above them, `.`/`..`, or everything in the current folder (`*`).
 * These ask whatever the rules say. `ctx` places relative paths; without it only the written text is judged.
 */
export function isDangerousRemoval(c: SimpleCommand, ctx?: Partial<PathContext>): DangerousRemoval | null {
  const name = programBase(c);
  if (name !== 'rm' && name !== 'rmdir') return null;
  const targets = parseArgs(c.argv.slice(1)).operands;
  for (const target of targets) {
    const reason = removalReason(target, ctx ?? {});
    if (reason) return { target, reason };
  }
  return null;
}

function removalReason(t: string, ctx: Partial<PathContext>): string | null {
  if (HOME_VAR.test(t)) return 'it removes your home folder ($HOME)';
  if (/^~[^/]/.test(t)) return `it removes another user's home folder (${t})`;
  // `dir/*` and `*` remove everything in dir: judge dir. `dir/` is dir.
  const segments = t.split(/\/+/);
  let everything = false;
  while (segments.length > 0 && /^\**$/.test(segments.at(-1)!) && !(segments.length === 1 && segments[0] === '')) {
    if (segments.at(-1) !== '') everything = true;
    segments.pop();
  }
  const dir = segments.length === 0 ? '.' : segments.length === 1 && segments[0] === '' ? '/' : segments.join('/') || '/';
  const what = everything ? 'everything in ' : '';
  if (dir === '.' || /(?:^|\/)\.$/.test(dir)) return `it removes ${what}the current folder (${t})`;
  if (/(?:^|\/)\.\.$/.test(dir)) return `it removes ${what}the folder above (${t})`;
  if (/(?:^|\/)\.\*$/.test(dir)) return `${t} can match .. (the folder above) in some shells`;
  if (dir === '~') return `it removes ${what}your home folder (${t})`;
  const resolved = resolvePath(dir, ctx.cwd ?? null, ctx.home);
  if (resolved === null) return null;
  const root = path.parse(resolved).root;
  const home = ctx.home === undefined ? null : path.resolve(ctx.home);
  if (hasGlob(dir)) {
    // The pattern may match whatever sits in the folder before it.
    if (resolved === root) return `${t} may match a top-level folder of the system`;
    if (resolved === home) return `${t} may match folders in your home folder`;
    return null;
  }
  if (resolved === root) return `it removes ${what}the whole file system (${t})`;
  if (resolved === home) return `it removes ${what}your home folder (${t})`;
  if (path.dirname(resolved) === root) return `it removes ${what}${resolved}, a top-level folder of the system`;
  if (HOMES_PARENTS.has(path.dirname(resolved))) return `it removes ${what}${resolved}, a user's home folder`;
  for (const wd of [...(ctx.workingDirs ?? []), ...(ctx.cwd ? [ctx.cwd] : [])]) {
    const d = path.resolve(wd);
    if (resolved === d) return `it removes ${what}the working folder ${d}`;
    if (isInside(d, resolved)) return `it removes ${what}${resolved}, which holds the working folder ${d}`;
  }
  return null;
}
