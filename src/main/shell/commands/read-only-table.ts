// TC2/TL3 data: the commands a Bash call may run without asking because they only read — per
// command its allowed flags and the value each takes, how many operands, and the few value rules
// that flags alone cannot say. Lists follow Claude Code 2.1.332's read-only table.
import { FIND_UNSAFE_ACTIONS } from '../../../shared/shell/classify';

/**
 * What a flag takes. `none`: nothing (`-l`); `number`: digits (`-n 5`, `-n5`, `--max-count=5`);
 * `string`: any word; `char`: one character; `optional`: a value only when attached
 * (`--abbrev=7`, `-n5`; a following word is an operand, as git's own parser reads it); `pair`: the
 * next two words (`jq --arg name value`).
 */
export type ValueKind = 'none' | 'number' | 'string' | 'char' | 'optional' | 'pair';

export type FlagTable = Readonly<Record<string, ValueKind>>;

export interface ReadOnlySpec {
  /** The allowed flags; `any` when no flag of the program writes a file or runs a program. */
  flags: FlagTable | 'any';
  /** At most this many operands (default: any number). */
  maxOperands?: number;
  /** `--` ends the options (default). false: the program reads `--` as an ordinary word. */
  doubleDash?: false;
  /** `git log -5`: a dash and digits is a count. */
  numericFlags?: true;
  /**
   * A rule on the words themselves: `args` are the words after the command words, `operands` those
   * of them that are neither flags nor flag values. Why it is not read-only, or null.
   */
  check?: (args: readonly string[], operands: readonly string[]) => string | null;
}

// ---- shared flag groups -------------------------------------------------------------------------

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

// git: signature placeholders make git run gpg; a named pretty format comes from config, which
// may hold them. So a format must be built-in or spelled out (`format:`, `tformat:`, `%h`).
const SIGNATURE = /%[-+ ]?G|%\(\*?signature/;
const BUILTIN_PRETTY = new Set(['oneline', 'short', 'medium', 'full', 'fuller', 'reference', 'email', 'mboxrd', 'raw']);

function gitFormatCheck(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (SIGNATURE.test(w) || w.includes('signature')) return 'the git format shows signatures, which runs gpg';
    for (const name of ['--format', '--pretty', '--sort', '--group']) {
      const value = w === name ? args[i + 1] : w.startsWith(`${name}=`) ? w.slice(name.length + 1) : undefined;
      if (value === undefined) continue;
      if (SIGNATURE.test(value) || value.includes('signature')) return 'the git format shows signatures, which runs gpg';
      const named = value !== '' && !value.includes('%') && !/^t?format:/.test(value) && !BUILTIN_PRETTY.has(value);
      if ((name === '--format' || name === '--pretty') && named) return `the git format "${value}" is defined in git config`;
    }
  }
  return null;
}

/** git branch / git tag: listing only. An operand without a list flag creates a branch or tag. */
function gitListingCheck(what: 'branch' | 'tag', valued: ReadonlySet<string>, operandFlags: ReadonlySet<string>) {
  return (args: readonly string[]): string | null => {
    const format = gitFormatCheck(args);
    if (format) return format;
    let listing = false;
    let after = '';
    let ended = false;
    for (let i = 0; i < args.length; i++) {
      const w = args[i]!;
      if (!ended && w === '--') {
        ended = true;
        after = '';
        continue;
      }
      if (!ended && w.startsWith('-')) {
        if (w === '--list' || w === '-l' || (/^-[a-zA-Z]{2,}$/.test(w) && w.includes('l'))) listing = true;
        after = w.includes('=') ? '' : w;
        if (valued.has(w)) i++;
        continue;
      }
      if (!listing && !operandFlags.has(after)) return `git ${what} with a name creates a ${what}`;
      after = '';
    }
    return null;
  };
}

const LOG_FORMAT: FlagTable = { '--oneline': 'none', '--graph': 'none', '--decorate': 'optional', '--no-decorate': 'none', '--date': 'string', '--relative-date': 'none' };
const REFS: FlagTable = { '--all': 'none', '--branches': 'optional', '--tags': 'optional', '--remotes': 'optional' };
const DATES: FlagTable = { '--since': 'string', '--after': 'string', '--until': 'string', '--before': 'string' };
const COUNT: FlagTable = { '--max-count': 'number', '-n': 'number' };
const STAT: FlagTable = { '--stat': 'optional', '--numstat': 'none', '--shortstat': 'none', '--name-only': 'none', '--name-status': 'none' };
const COLOR: FlagTable = { '--color': 'optional', '--no-color': 'none' };
const PATCH: FlagTable = { '--patch': 'none', '-p': 'none', '--no-patch': 'none', '--no-ext-diff': 'none', '-s': 'none' };
const WHO: FlagTable = { '--author': 'string', '--committer': 'string', '--grep': 'string' };

const REFLOG_CHANGES = new Set(['expire', 'delete', 'exists', 'drop', 'write']);

const GIT: Record<string, ReadOnlySpec> = {
  'git status': {
    flags: {
      '--short': 'none', '-s': 'none', '--branch': 'none', '-b': 'none', '--porcelain': 'optional', '--long': 'none',
      '--verbose': 'none', '-v': 'none', '--untracked-files': 'optional', '-u': 'optional', '--ignored': 'optional',
      '--ignore-submodules': 'optional', '--column': 'optional', '--no-column': 'none', '--ahead-behind': 'none',
      '--no-ahead-behind': 'none', '--renames': 'none', '--no-renames': 'none', '--find-renames': 'optional', '-M': 'optional', '-z': 'none',
    },
  },
  'git diff': {
    // No --output (writes a file) and no --ext-diff/--textconv beyond what the repository already says.
    flags: {
      ...STAT, ...COLOR, '--dirstat': 'optional', '--summary': 'none', '--patch-with-stat': 'none', '--word-diff': 'optional',
      '--word-diff-regex': 'string', '--color-words': 'optional', '--no-renames': 'none', '--no-ext-diff': 'none', '--check': 'none',
      '--ws-error-highlight': 'string', '--full-index': 'none', '--binary': 'none', '--abbrev': 'optional', '--break-rewrites': 'optional',
      '--find-renames': 'optional', '--find-copies': 'optional', '--find-copies-harder': 'none', '--irreversible-delete': 'none',
      '--diff-algorithm': 'string', '--histogram': 'none', '--patience': 'none', '--minimal': 'none',
      '--ignore-space-at-eol': 'none', '--ignore-space-change': 'none', '--ignore-all-space': 'none', '--ignore-blank-lines': 'none',
      '--inter-hunk-context': 'number', '--function-context': 'none', '--exit-code': 'none', '--quiet': 'none',
      '--cached': 'none', '--staged': 'none', '--merge-base': 'none', '--pickaxe-regex': 'none', '--pickaxe-all': 'none', '--no-index': 'none',
      '--relative': 'optional', '--ignore-submodules': 'optional', '--submodule': 'optional', '--diff-filter': 'string',
      '--name-only': 'none', '--unified': 'number', '-U': 'number', '-W': 'none', '-w': 'none', '-b': 'none', '-z': 'none',
      '-p': 'none', '-u': 'none', '-s': 'none', '-M': 'optional', '-C': 'optional', '-B': 'optional', '-D': 'none', '-l': 'number',
      '-S': 'string', '-G': 'string', '-O': 'string', '-R': 'none', '--stat': 'optional',
    },
    // --submodule=log/diff and a narrower --ignore-submodules make git work inside submodules,
    // whose own config may run programs.
    check: (args) => {
      const beforeDashes = args.indexOf('--') === -1 ? args : args.slice(0, args.indexOf('--'));
      const short = beforeDashes.includes('--submodule=short');
      for (const w of beforeDashes) {
        const name = w.split('=')[0];
        if (name === '--submodule' && w !== '--submodule=short') return 'git diff --submodule looks inside submodules, whose config may run programs';
        if (name === '--ignore-submodules' && w !== '--ignore-submodules=all' && !(w === '--ignore-submodules=dirty' && short)) {
          return 'git diff --ignore-submodules other than =all looks inside submodules, whose config may run programs';
        }
      }
      return null;
    },
  },
  'git log': {
    flags: {
      ...LOG_FORMAT, ...REFS, ...DATES, ...COUNT, ...STAT, ...COLOR, ...PATCH, ...WHO,
      '--abbrev-commit': 'none', '--full-history': 'none', '--dense': 'none', '--sparse': 'none', '--simplify-merges': 'none',
      '--ancestry-path': 'none', '--source': 'none', '--first-parent': 'none', '--merges': 'none', '--no-merges': 'none',
      '--reverse': 'none', '--walk-reflogs': 'none', '-g': 'none', '--skip': 'number', '--max-age': 'number', '--min-age': 'number',
      '--no-min-parents': 'none', '--no-max-parents': 'none', '--follow': 'none', '--no-walk': 'optional', '--left-right': 'none',
      '--cherry-mark': 'none', '--cherry-pick': 'none', '--boundary': 'none', '--topo-order': 'none', '--date-order': 'none',
      '--author-date-order': 'none', '--pretty': 'optional', '--format': 'string', '--diff-filter': 'string',
      '-S': 'string', '-G': 'string', '--pickaxe-regex': 'none', '--pickaxe-all': 'none', '-i': 'none', '--regexp-ignore-case': 'none',
      '-L': 'string', '--no-decorate-refs': 'none',
    },
    numericFlags: true,
    check: gitFormatCheck,
  },
  'git show': {
    flags: {
      ...LOG_FORMAT, ...STAT, ...COLOR, ...PATCH, '--abbrev-commit': 'none', '--word-diff': 'optional', '--word-diff-regex': 'string',
      '--color-words': 'optional', '--pretty': 'optional', '--format': 'string', '--first-parent': 'none', '--raw': 'none',
      '--diff-filter': 'string', '-m': 'none', '--quiet': 'none',
    },
    numericFlags: true,
    check: gitFormatCheck,
  },
  'git shortlog': {
    flags: {
      ...REFS, ...DATES, '-s': 'none', '--summary': 'none', '-n': 'none', '--numbered': 'none', '-e': 'none', '--email': 'none',
      '-c': 'none', '--committer': 'none', '--group': 'string', '--format': 'string', '--no-merges': 'none', '--author': 'string',
    },
    check: gitFormatCheck,
  },
  'git reflog': {
    flags: { ...LOG_FORMAT, ...REFS, ...DATES, ...COUNT, ...WHO },
    numericFlags: true,
    // `git reflog expire`/`delete`/`drop` rewrite the reflog; only showing it is reading.
    check: (args) => {
      const changing = args.find((w) => REFLOG_CHANGES.has(w));
      return changing ? `git reflog ${changing} changes the reflog` : gitFormatCheck(args);
    },
  },
  'git stash list': { flags: { ...LOG_FORMAT, ...REFS, ...COUNT }, doubleDash: false },
  'git stash show': { flags: { ...STAT, ...COLOR, ...PATCH, '--word-diff': 'optional', '--word-diff-regex': 'string', '--diff-filter': 'string', '--abbrev': 'optional' } },
  'git ls-remote': {
    flags: {
      '--branches': 'none', '-b': 'none', '--tags': 'none', '-t': 'none', '--heads': 'none', '-h': 'none', '--refs': 'none',
      '--quiet': 'none', '-q': 'none', '--exit-code': 'none', '--get-url': 'none', '--symref': 'none', '--sort': 'string',
    },
    // A remote named by URL may be `ext::<command>`, which git runs: only the configured default.
    maxOperands: 0,
  },
  'git blame': {
    flags: {
      ...COLOR, '-L': 'string', '--porcelain': 'none', '-p': 'none', '--line-porcelain': 'none', '--incremental': 'none', '--root': 'none',
      '--show-stats': 'none', '--show-name': 'none', '--show-number': 'none', '-n': 'none', '--show-email': 'none', '-e': 'none',
      '-f': 'none', '--date': 'string', '-w': 'none', '--ignore-rev': 'string', '--ignore-revs-file': 'string', '-M': 'optional',
      '-C': 'optional', '--score-debug': 'none', '--abbrev': 'optional', '-s': 'none', '-l': 'none', '-t': 'none',
    },
  },
  'git ls-files': {
    flags: {
      '--cached': 'none', '-c': 'none', '--deleted': 'none', '-d': 'none', '--modified': 'none', '-m': 'none', '--others': 'none',
      '-o': 'none', '--ignored': 'none', '-i': 'none', '--stage': 'none', '-s': 'none', '--killed': 'none', '-k': 'none',
      '--unmerged': 'none', '-u': 'none', '--directory': 'none', '--no-empty-directory': 'none', '--eol': 'none',
      '--full-name': 'none', '--abbrev': 'optional', '--debug': 'none', '-z': 'none', '-t': 'none', '-v': 'none', '-f': 'none',
      '--exclude': 'string', '-x': 'string', '--exclude-from': 'string', '-X': 'string', '--exclude-per-directory': 'string',
      '--exclude-standard': 'none', '--error-unmatch': 'none', '--recurse-submodules': 'none',
    },
  },
  'git config --get': {
    flags: {
      '--local': 'none', '--global': 'none', '--system': 'none', '--worktree': 'none', '--default': 'string', '--type': 'string',
      '--bool': 'none', '--int': 'none', '--bool-or-int': 'none', '--path': 'none', '--expiry-date': 'none', '-z': 'none',
      '--null': 'none', '--name-only': 'none', '--show-origin': 'none', '--show-scope': 'none',
    },
    maxOperands: 2,
  },
  'git remote': { flags: { '-v': 'none', '--verbose': 'none' }, maxOperands: 0 },
  'git remote show': {
    // Without -n git contacts the remote, whose URL may be a command (`ext::`).
    flags: { '-n': 'none' },
    maxOperands: 1,
    check: (args) => (args.includes('-n') ? null : 'git remote show without -n contacts the remote'),
  },
  'git merge-base': { flags: { '--is-ancestor': 'none', '--fork-point': 'none', '--octopus': 'none', '--independent': 'none', '--all': 'none', '-a': 'none' } },
  'git rev-parse': {
    flags: {
      '--verify': 'none', '-q': 'none', '--quiet': 'none', '--short': 'optional', '--abbrev-ref': 'optional', '--symbolic': 'none',
      '--symbolic-full-name': 'none', '--show-toplevel': 'none', '--show-cdup': 'none', '--show-prefix': 'none', '--git-dir': 'none',
      '--git-common-dir': 'none', '--absolute-git-dir': 'none', '--is-inside-work-tree': 'none', '--is-inside-git-dir': 'none',
      '--is-bare-repository': 'none', '--is-shallow-repository': 'none', '--show-superproject-working-tree': 'none',
      '--path-format': 'string', '--git-path': 'string', '--all': 'none', '--branches': 'optional', '--tags': 'optional',
    },
  },
  'git rev-list': {
    flags: {
      ...REFS, ...DATES, ...COUNT, ...WHO, '--count': 'none', '--reverse': 'none', '--first-parent': 'none', '--ancestry-path': 'none',
      '--merges': 'none', '--no-merges': 'none', '--min-parents': 'number', '--max-parents': 'number', '--no-min-parents': 'none',
      '--no-max-parents': 'none', '--skip': 'number', '--max-age': 'number', '--min-age': 'number', '--walk-reflogs': 'none',
      '--oneline': 'none', '--abbrev-commit': 'none', '--pretty': 'optional', '--format': 'string', '--abbrev': 'optional',
      '--full-history': 'none', '--dense': 'none', '--sparse': 'none', '--source': 'none', '--graph': 'none', '--left-right': 'none',
    },
    numericFlags: true,
    check: gitFormatCheck,
  },
  'git describe': {
    flags: {
      '--tags': 'none', '--all': 'none', '--match': 'string', '--exclude': 'string', '--long': 'none', '--abbrev': 'optional', '--always': 'none',
      '--contains': 'none', '--first-match': 'none', '--exact-match': 'none', '--candidates': 'number', '--dirty': 'optional', '--broken': 'optional',
    },
  },
  'git cat-file': { flags: { '-t': 'none', '-s': 'none', '-p': 'none', '-e': 'none', '--batch-check': 'optional', '--allow-unknown-type': 'none' } },
  'git for-each-ref': {
    flags: {
      '--format': 'string', '--sort': 'string', '--count': 'number', '--contains': 'string', '--no-contains': 'string',
      '--merged': 'string', '--no-merged': 'string', '--points-at': 'string', '--shell': 'none', '--python': 'none', '--tcl': 'none', '--perl': 'none',
    },
    check: gitFormatCheck,
  },
  'git grep': {
    // No -O/--open-files-in-pager: it runs a program.
    flags: {
      '-e': 'string', '-E': 'none', '--extended-regexp': 'none', '-G': 'none', '--basic-regexp': 'none', '-F': 'none',
      '--fixed-strings': 'none', '-P': 'none', '--perl-regexp': 'none', '-i': 'none', '--ignore-case': 'none', '-v': 'none',
      '--invert-match': 'none', '-w': 'none', '--word-regexp': 'none', '-n': 'none', '--line-number': 'none', '-c': 'none',
      '--count': 'none', '-l': 'none', '--files-with-matches': 'none', '--name-only': 'none', '-L': 'none', '--files-without-match': 'none',
      '-h': 'none', '-H': 'none', '--heading': 'none', '--break': 'none', '--full-name': 'none', '--color': 'optional', '--no-color': 'none',
      '-o': 'none', '--only-matching': 'none', '-A': 'number', '--after-context': 'number', '-B': 'number', '--before-context': 'number',
      '-C': 'number', '--context': 'number', '--and': 'none', '--or': 'none', '--not': 'none', '--max-depth': 'number',
      '--untracked': 'none', '--no-index': 'none', '--recurse-submodules': 'none', '--cached': 'none', '--threads': 'number',
      '-q': 'none', '--quiet': 'none', '-p': 'none', '--show-function': 'none', '-W': 'none', '--function-context': 'none',
    },
  },
  'git worktree list': { flags: { '--porcelain': 'none', '-v': 'none', '--verbose': 'none', '--expire': 'string', '-z': 'none' } },
  'git tag': {
    flags: {
      '-l': 'none', '--list': 'none', '-n': 'optional', '--contains': 'string', '--no-contains': 'string', '--merged': 'string',
      '--no-merged': 'string', '--sort': 'string', '--format': 'string', '--points-at': 'string', '--column': 'optional',
      '--no-column': 'none', '-i': 'none', '--ignore-case': 'none',
    },
    check: gitListingCheck('tag', new Set(['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format']), new Set()),
  },
  'git branch': {
    // No -d/-D (delete), -m/-M (rename), -c/-C (copy), -u/--set-upstream-to, -f, --edit-description.
    flags: {
      '-l': 'none', '--list': 'none', '-a': 'none', '--all': 'none', '-r': 'none', '--remotes': 'none', '-v': 'none', '-vv': 'none',
      '--verbose': 'none', '--color': 'optional', '--no-color': 'none', '--column': 'optional', '--no-column': 'none',
      '--abbrev': 'optional', '--no-abbrev': 'none', '--contains': 'string', '--no-contains': 'string', '--merged': 'none',
      '--no-merged': 'none', '--points-at': 'string', '--sort': 'string', '--show-current': 'none', '-i': 'none', '--ignore-case': 'none',
      '--format': 'string',
    },
    check: gitListingCheck('branch', new Set(['--contains', '--no-contains', '--points-at', '--sort', '--format']), new Set(['--merged', '--no-merged'])),
  },
};

// date: no -s/--set, and an operand other than `+FORMAT` sets the clock.
const DATE: ReadOnlySpec = {
  flags: {
    '-d': 'string', '--date': 'string', '-r': 'string', '--reference': 'string', '-u': 'none', '--utc': 'none', '--universal': 'none',
    '-I': 'optional', '--iso-8601': 'optional', '-R': 'none', '--rfc-email': 'none', '--rfc-3339': 'string', '--debug': 'none',
    '-j': 'none', '-f': 'string', '--help': 'none', '--version': 'none',
  },
  check: (_args, operands) => (operands.every((w) => w.startsWith('+')) ? null : 'date with an operand other than +FORMAT sets the clock'),
};

// printf: `-v name` assigns a variable; a numeric conversion evaluates its argument as arithmetic,
// where `a[$(cmd)]` runs cmd — so numeric conversions take number literals only.
const NUMBER_LITERAL = /^[-+]?(?:0[xX][0-9a-fA-F]+|\d+#[0-9a-zA-Z]+|\d*\.?\d+(?:[eE][-+]?\d+)?)$/;
function printfCheck(args: readonly string[]): string | null {
  const start = args[0] === '--' ? 1 : 0;
  const format = args[start] ?? '';
  if (/\\[uU]/.test(format)) return 'the printf format holds \\u escapes';
  const conversions = [...format.replace(/%%/g, '').matchAll(/%[-+ 0#']*(\*|\d+)?(?:\.(\*|\d*))?([a-zA-Z(])/g)];
  const numeric = conversions.some((m) => m[1] === '*' || m[2] === '*' || !'sbqc'.includes(m[3]!));
  if (numeric && args.slice(start + 1).some((a) => !NUMBER_LITERAL.test(a))) return 'printf with a numeric conversion is given a word that is not a number';
  return null;
}

// test / [: `-v` and `-R` name variables, whose subscripts bash evaluates (`a[$(cmd)]`).
function testCheck(args: readonly string[]): string | null {
  const words = args.at(-1) === ']' ? args.slice(0, -1) : args;
  if (words.some((w) => w === '-v' || w === '-R' || w.includes('['))) return 'the test names a variable, which bash may evaluate';
  return null;
}

// jq: -f/-L/--rawfile/--slurpfile read files the path check does not see; `env`, `$ENV`, `input_filename`
// and include/import reach outside the JSON given.
const JQ_FLAGS: FlagTable = {
  '-r': 'none', '--raw-output': 'none', '-j': 'none', '--join-output': 'none', '-a': 'none', '--ascii-output': 'none',
  '-c': 'none', '--compact-output': 'none', '-n': 'none', '--null-input': 'none', '-e': 'none', '--exit-status': 'none',
  '-s': 'none', '--slurp': 'none', '-S': 'none', '--sort-keys': 'none', '-C': 'none', '--color-output': 'none',
  '-M': 'none', '--monochrome-output': 'none', '-R': 'none', '--raw-input': 'none', '--tab': 'none', '--indent': 'number',
  '--arg': 'pair', '--argjson': 'pair', '--args': 'none', '--jsonargs': 'none', '--seq': 'none', '--stream': 'none',
  '--stream-errors': 'none', '--raw-output0': 'none', '-0': 'none', '--unbuffered': 'none', '-h': 'none', '--help': 'none', '-V': 'none', '--version': 'none',
};
function jqCheck(_args: readonly string[], operands: readonly string[]): string | null {
  const filter = operands[0] ?? '';
  if (/\b(?:env|include|import|input_filename|get_search_list|\$__loc__)\b|\$ENV\b|\bsystem\s*\(/.test(filter)) {
    return 'the jq program reads the environment or other files';
  }
  return null;
}

const CHECKSUM: ReadOnlySpec = {
  flags: {
    '-b': 'none', '--binary': 'none', '-t': 'none', '--text': 'none', '-c': 'none', '--check': 'none', '--ignore-missing': 'none',
    '--quiet': 'none', '--status': 'none', '--strict': 'none', '-w': 'none', '--warn': 'none', '--tag': 'none', '-z': 'none',
    '--zero': 'none', '--help': 'none', '--version': 'none',
  },
};

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
  ...GIT,
  pwd: { flags: { '-L': 'none', '-P': 'none' }, maxOperands: 0 },
  whoami: { flags: {}, maxOperands: 0 },
  // Bare `env` prints the environment; with words it runs a program (the parser unwraps that case).
  env: { flags: {}, maxOperands: 0 },
  cd: { flags: { '-L': 'none', '-P': 'none', '-e': 'none', '-@': 'none' }, maxOperands: 1 },
  which: {
    flags: {
      '-a': 'none', '--all': 'none', '-s': 'none', '-p': 'none', '-w': 'none', '--skip-dot': 'none', '--skip-tilde': 'none',
      '--show-dot': 'none', '--show-tilde': 'none', '--skip-alias': 'none', '--skip-functions': 'none', '-v': 'none', '-V': 'none',
      '--version': 'none', '--help': 'none',
    },
  },
  // No -B/-M/-S/-f: they take lists of folders up to the next flag, which this table cannot follow.
  whereis: { flags: { '-b': 'none', '-m': 'none', '-s': 'none', '-u': 'none', '-l': 'none' } },
  date: DATE,
  printf: { flags: {}, check: printfCheck },
  test: { flags: 'any', doubleDash: false, check: testCheck },
  '[': { flags: 'any', doubleDash: false, check: testCheck },
  // sort -o/--output writes a file; --compress-program runs one; -T writes temporary files elsewhere.
  sort: {
    flags: {
      '--ignore-leading-blanks': 'none', '-b': 'none', '--dictionary-order': 'none', '-d': 'none', '--ignore-case': 'none', '-f': 'none',
      '--general-numeric-sort': 'none', '-g': 'none', '--human-numeric-sort': 'none', '-h': 'none', '--ignore-nonprinting': 'none',
      '-i': 'none', '--month-sort': 'none', '-M': 'none', '--numeric-sort': 'none', '-n': 'none', '--random-sort': 'none', '-R': 'none',
      '--reverse': 'none', '-r': 'none', '--sort': 'string', '--stable': 'none', '-s': 'none', '--unique': 'none', '-u': 'none',
      '--version-sort': 'none', '-V': 'none', '--zero-terminated': 'none', '-z': 'none', '--key': 'string', '-k': 'string',
      '--field-separator': 'string', '-t': 'string', '--check': 'optional', '-c': 'none', '-C': 'none', '--merge': 'none', '-m': 'none',
      '--buffer-size': 'string', '-S': 'string', '--parallel': 'number', '--batch-size': 'number', '--debug': 'none', '--help': 'none', '--version': 'none',
    },
  },
  // uniq INPUT OUTPUT writes OUTPUT: one operand at most.
  uniq: {
    flags: {
      '-c': 'none', '--count': 'none', '-d': 'none', '--repeated': 'none', '-D': 'none', '--all-repeated': 'optional',
      '-f': 'number', '--skip-fields': 'number', '-i': 'none', '--ignore-case': 'none', '-s': 'number', '--skip-chars': 'number',
      '-u': 'none', '--unique': 'none', '-z': 'none', '--zero-terminated': 'none', '-w': 'number', '--check-chars': 'number',
      '--group': 'optional', '--help': 'none', '--version': 'none',
    },
    maxOperands: 1,
  },
  // file -C compiles a magic file (writes); -m names other magic files.
  file: {
    flags: {
      '--brief': 'none', '-b': 'none', '--mime': 'none', '-i': 'none', '--mime-type': 'none', '--mime-encoding': 'none', '--apple': 'none',
      '--extension': 'none', '--exclude': 'string', '-e': 'string', '--exclude-quiet': 'string', '--print0': 'none', '-0': 'none',
      '-F': 'string', '--separator': 'string', '--help': 'none', '--version': 'none', '-v': 'none', '--no-dereference': 'none', '-h': 'none',
      '--dereference': 'none', '-L': 'none', '--keep-going': 'none', '-k': 'none', '--list': 'none', '-l': 'none', '--no-buffer': 'none',
      '-n': 'none', '--raw': 'none', '-r': 'none', '-s': 'none', '--special-files': 'none', '-z': 'none', '--uncompress': 'none',
    },
  },
  // tree -o writes its listing to a file; -R with -H writes an index file in every folder.
  tree: {
    flags: {
      '-a': 'none', '-d': 'none', '-l': 'none', '-f': 'none', '-x': 'none', '-L': 'number', '-P': 'string', '-I': 'string',
      '--gitignore': 'none', '--gitfile': 'string', '--ignore-case': 'none', '--matchdirs': 'none', '--metafirst': 'none', '--prune': 'none',
      '--info': 'none', '--infofile': 'string', '--noreport': 'none', '--charset': 'string', '--filelimit': 'number', '-q': 'none',
      '-N': 'none', '-Q': 'none', '-p': 'none', '-u': 'none', '-g': 'none', '-s': 'none', '-h': 'none', '--si': 'none', '--du': 'none',
      '-D': 'none', '--timefmt': 'string', '-F': 'none', '--inodes': 'none', '--device': 'none', '-v': 'none', '-t': 'none', '-c': 'none',
      '-U': 'none', '-r': 'none', '--dirsfirst': 'none', '--filesfirst': 'none', '--sort': 'string', '-i': 'none', '-A': 'none', '-S': 'none',
      '-n': 'none', '-C': 'none', '-X': 'none', '-J': 'none', '--nolinks': 'none', '--fromfile': 'none', '--help': 'none', '--version': 'none',
    },
  },
  jq: { flags: JQ_FLAGS, check: jqCheck },
  grep: { flags: GREP_FLAGS },
  egrep: { flags: GREP_FLAGS },
  fgrep: { flags: GREP_FLAGS },
  rg: { flags: RG_FLAGS },
  find: { flags: 'any', check: findCheck },
  sha256sum: CHECKSUM,
  sha1sum: CHECKSUM,
  md5sum: CHECKSUM,
  // base64 -o (BSD) writes a file.
  base64: { flags: { '-d': 'none', '-D': 'none', '--decode': 'none', '-b': 'number', '--break': 'number', '-w': 'number', '--wrap': 'number', '-i': 'string', '--input': 'string', '--ignore-garbage': 'none', '--help': 'none', '--version': 'none' }, doubleDash: false },
  'npm ls': NPM_LS,
  'npm list': NPM_LS,
};

/** Whole commands that are read-only as written, and only so (`node` alone starts a REPL). */
export const EXACT_READ_ONLY: readonly (readonly string[])[] = [
  ['node', '--version'], ['node', '-v'], ['npm', '--version'], ['npm', '-v'], ['git', '--version'],
  ['python', '--version'], ['python3', '--version'], ['claude', '--help'], ['claude', '-h'],
];
