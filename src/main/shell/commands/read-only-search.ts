// TC2/TL3 data: the search commands that only read — grep, ripgrep, find — and the find actions that do not.
import { FIND_UNSAFE_ACTIONS } from '../../../shared/shell/classify';
import type { FlagTable, ReadOnlySpec } from './read-only-spec';

const GREP_FLAGS: FlagTable = {
  '-e': 'string', '--regexp': 'string', '-f': 'string', '--file': 'string',
  '-F': 'none', '--fixed-strings': 'none', '-G': 'none', '--basic-regexp': 'none',
  '-E': 'none', '--extended-regexp': 'none', '-P': 'none', '--perl-regexp': 'none',
  '-i': 'none', '--ignore-case': 'none', '--no-ignore-case': 'none', '-y': 'none',
  '-v': 'none', '--invert-match': 'none', '-w': 'none', '--word-regexp': 'none',
  '-x': 'none', '--line-regexp': 'none', '-c': 'none', '--count': 'none',
  '--color': 'optional', '--colour': 'optional', '-L': 'none', '--files-without-match': 'none',
  '-l': 'none', '--files-with-matches': 'none', '-m': 'number', '--max-count': 'number',
  '-o': 'none', '--only-matching': 'none', '-q': 'none', '--quiet': 'none', '--silent': 'none',
  '-s': 'none', '--no-messages': 'none', '-b': 'none', '--byte-offset': 'none',
  '-H': 'none', '--with-filename': 'none', '-h': 'none', '--no-filename': 'none',
  '--label': 'string', '-n': 'none', '--line-number': 'none', '-T': 'none', '--initial-tab': 'none',
  '-u': 'none', '--unix-byte-offsets': 'none', '-Z': 'none', '--null': 'none',
  '-z': 'none', '--null-data': 'none', '-A': 'number', '--after-context': 'number',
  '-B': 'number', '--before-context': 'number', '-C': 'number', '--context': 'number',
  '--group-separator': 'string', '--no-group-separator': 'none', '-a': 'none', '--text': 'none',
  '--binary-files': 'string', '-I': 'none', '-D': 'string', '--devices': 'string',
  '-d': 'string', '--directories': 'string', '--exclude': 'string', '--exclude-from': 'string',
  '--exclude-dir': 'string', '--include': 'string', '-r': 'none', '--recursive': 'none',
  '-R': 'none', '--dereference-recursive': 'none', '--line-buffered': 'none',
  '-U': 'none', '--binary': 'none', '--help': 'none', '-V': 'none', '--version': 'none',
};

// ripgrep without --pre/--pre-glob (they run a program per file), -z/--search-zip (runs
// decompressors) and --hostname-bin (runs a program).
const RG_FLAGS: FlagTable = {
  '-e': 'string', '--regexp': 'string', '-f': 'string', '--file': 'string',
  '-i': 'none', '--ignore-case': 'none', '-S': 'none', '--smart-case': 'none', '-s': 'none', '--case-sensitive': 'none',
  '-F': 'none', '--fixed-strings': 'none', '-w': 'none', '--word-regexp': 'none', '-x': 'none', '--line-regexp': 'none',
  '-v': 'none', '--invert-match': 'none', '-c': 'none', '--count': 'none', '--count-matches': 'none',
  '-l': 'none', '--files-with-matches': 'none', '--files-without-match': 'none', '--files': 'none',
  '-n': 'none', '--line-number': 'none', '-N': 'none', '--no-line-number': 'none',
  '-o': 'none', '--only-matching': 'none', '-A': 'number', '--after-context': 'number',
  '-B': 'number', '--before-context': 'number', '-C': 'number', '--context': 'number',
  '-H': 'none', '--with-filename': 'none', '-I': 'none', '--no-filename': 'none',
  '--heading': 'none', '--no-heading': 'none', '-q': 'none', '--quiet': 'none', '--column': 'none',
  '-g': 'string', '--glob': 'string', '--iglob': 'string', '-t': 'string', '--type': 'string',
  '-T': 'string', '--type-not': 'string', '--type-list': 'none', '--hidden': 'none', '-.': 'none',
  '--no-ignore': 'none', '--no-ignore-vcs': 'none', '-u': 'none', '-m': 'number', '--max-count': 'number',
  '-d': 'number', '--max-depth': 'number', '--maxdepth': 'number', '-a': 'none', '--text': 'none',
  '-L': 'none', '--follow': 'none', '--color': 'string', '--json': 'none', '--stats': 'none',
  '-P': 'none', '--pcre2': 'none', '-U': 'none', '--multiline': 'none', '--multiline-dotall': 'none',
  '--sort': 'string', '--sortr': 'string', '-0': 'none', '--null': 'none', '--trim': 'none',
  '-M': 'number', '--max-columns': 'number', '--max-columns-preview': 'none', '-j': 'number', '--threads': 'number',
  '-r': 'string', '--replace': 'string', '--vimgrep': 'none', '-p': 'none', '--pretty': 'none',
  '--help': 'none', '-h': 'none', '--version': 'none', '-V': 'none', '--debug': 'none',
};

/**
 * find's primaries that take the next word (a pattern, a time, a user): skipped so that a pattern
 * such as `-name -delete` is not read as an action.
 */
export const FIND_VALUE_PRIMARIES: ReadonlySet<string> = new Set([
  '-name', '-iname', '-path', '-ipath', '-lname', '-ilname', '-regex', '-iregex', '-wholename',
  '-iwholename', '-samefile', '-newer', '-anewer', '-cnewer', '-perm', '-user', '-group', '-uid',
  '-gid', '-size', '-type', '-xtype', '-fstype', '-inum', '-links', '-used', '-context', '-amin',
  '-cmin', '-mmin', '-atime', '-ctime', '-mtime', '-mindepth', '-maxdepth', '-printf', '-regextype', '-D',
]);
export { FIND_UNSAFE_ACTIONS };

const FIND_ACTION_WORDS: Readonly<Record<string, string>> = {
  '-exec': 'runs a program', '-execdir': 'runs a program', '-ok': 'runs a program', '-okdir': 'runs a program',
  '-delete': 'deletes files', '-rm': 'deletes files', '-files0-from': 'reads its starting points from a file',
};

function findCheck(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (FIND_UNSAFE_ACTIONS.has(w)) return `find ${w} ${FIND_ACTION_WORDS[w] ?? 'writes a file'}`;
    if (FIND_VALUE_PRIMARIES.has(w) || /^-newer[aBcmt][aBcmt]$/.test(w)) i++;
  }
  return null;
}

export const SEARCH_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = {
  grep: { flags: GREP_FLAGS },
  egrep: { flags: GREP_FLAGS },
  fgrep: { flags: GREP_FLAGS },
  rg: { flags: RG_FLAGS },
  find: { flags: 'any', check: findCheck },
};
