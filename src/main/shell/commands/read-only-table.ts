// TC2/TL3 data: the commands a Bash call may run without asking because they only read — per
// command its allowed flags and the value each takes, how many operands, and the few value rules
// that flags alone cannot say. Lists follow Claude Code 2.1.332's read-only table.
// The families live beside this file (git, search, text, system); this is the whole table.
import { GIT_READ_ONLY } from './read-only-git';
import { SEARCH_READ_ONLY } from './read-only-search';
import type { ReadOnlySpec } from './read-only-spec';
import { SYSTEM_READ_ONLY } from './read-only-system';
import { TEXT_READ_ONLY } from './read-only-text';

/** Commands with no flag that writes or runs anything: any words (Claude Code's list, plus printenv, id, type). */
const ANY_ARGS = [
  'cat', 'head', 'tail', 'wc', 'stat', 'strings', 'hexdump', 'od', 'nl', 'id', 'uname', 'free', 'df', 'du', 'locale', 'groups',
  'nproc', 'basename', 'dirname', 'realpath', 'cut', 'paste', 'tr', 'column', 'tac', 'rev', 'fold', 'expand', 'unexpand',
  'fmt', 'comm', 'cmp', 'numfmt', 'readlink', 'diff', 'true', 'false', 'sleep', 'type', 'expr', 'seq', 'tsort', 'pr', 'cal',
  'uptime', 'ls', 'echo', 'printenv', ':',
] as const;

const NPM_LS: ReadOnlySpec = {
  flags: {
    '--all': 'none', '-a': 'none', '--depth': 'string', '--json': 'none', '--long': 'none', '-l': 'none', '--parseable': 'none', '-p': 'none',
    '--global': 'none', '-g': 'none', '--omit': 'string', '--include': 'string', '--link': 'none', '--package-lock-only': 'none',
    '--unicode': 'none', '--workspace': 'string', '-w': 'string', '--workspaces': 'none', '--include-workspace-root': 'none',
    '--production': 'none', '--prod': 'none', '--dev': 'none',
  },
};

export const READ_ONLY_TABLE: Readonly<Record<string, ReadOnlySpec>> = {
  ...Object.fromEntries(ANY_ARGS.map((name) => [name, { flags: 'any' } satisfies ReadOnlySpec])),
  ...GIT_READ_ONLY,
  ...SYSTEM_READ_ONLY,
  ...TEXT_READ_ONLY,
  ...SEARCH_READ_ONLY,
  'npm ls': NPM_LS,
  'npm list': NPM_LS,
};

/** Whole commands that are read-only as written, and only so (`node` alone starts a REPL). */
export const EXACT_READ_ONLY: readonly (readonly string[])[] = [
  ['node', '--version'], ['node', '-v'], ['npm', '--version'], ['npm', '-v'], ['git', '--version'],
  ['python', '--version'], ['python3', '--version'], ['claude', '--help'], ['claude', '-h'],
];
