// BA8: the files named by commands whose words need their own reader — find, sed, jq, dd, git.
import path from 'node:path';
import { parseArgs } from './argv';
import type { CommandPaths } from './paths-types';
import { FIND_UNSAFE_ACTIONS, FIND_VALUE_PRIMARIES } from './read-only-search';
import { parseSed } from './sed';

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
  if (sub === 'clone' || sub === 'init') {
    // `git clone URL DIR`, `git init DIR`: the folder it creates.
    const ops = parseArgs(rest).operands;
    const dir = sub === 'clone' ? ops[1] : ops[0];
    return { read, write: dir === undefined ? [] : [base && !path.isAbsolute(dir) && !dir.startsWith('~') ? path.join(base, dir) : dir] };
  }
  if (GIT_ALL_OPERANDS_ARE_PATHS.has(sub)) pathspecs = parseArgs(rest).operands;
  else if ((sub === 'diff' || sub === 'grep') && rest.includes('--no-index')) {
    pathspecs = parseArgs(rest).operands.slice(sub === 'grep' && !rest.some((w) => w === '-e' || w === '-f') ? 1 : 0);
  } else pathspecs = dashes >= 0 ? rest.slice(dashes + 1) : [];
  if (sub === 'clean' && pathspecs.length === 0) pathspecs = ['.'];
  const placed = pathspecs.map((p) => (base && !path.isAbsolute(p) && !p.startsWith('~') ? path.join(base, p) : p));
  const outputs = gitOutputs(sub, dashes >= 0 ? rest.slice(0, dashes) : rest).map((p) => (base && !path.isAbsolute(p) && !p.startsWith('~') ? path.join(base, p) : p));
  return GIT_WRITES.has(sub) ? { read, write: [...placed, ...outputs] } : { read: [...read, ...placed], write: outputs };
}

/** The files a diff-like subcommand writes its output to (`git diff --output=F`, `git format-patch -o DIR`). */
function gitOutputs(sub: string, options: readonly string[]): string[] {
  const out: string[] = [];
  const names = sub === 'format-patch' ? ['--output', '--output-directory', '-o'] : ['--output'];
  for (let k = 0; k < options.length; k++) {
    const w = options[k]!;
    const eq = w.indexOf('=');
    const name = eq >= 0 ? w.slice(0, eq) : w;
    if (!names.includes(name)) continue;
    const value = eq >= 0 ? w.slice(eq + 1) : options[++k];
    if (value !== undefined) out.push(value);
  }
  return out;
}

export const CUSTOM: Readonly<Record<string, (args: readonly string[], argv: readonly string[]) => CommandPaths>> = {
  find: findPaths,
  sed: (_args, argv) => sedPaths(argv),
  jq: jqPaths,
  dd: ddPaths,
  git: gitPaths,
};
