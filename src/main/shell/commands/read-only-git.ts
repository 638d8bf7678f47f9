// TC2/TL3 data: the git subcommands that only read, with their flags, and the rules for formats that could run gpg.
import type { FlagTable, ReadOnlySpec } from './read-only-spec';

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

export const GIT_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = {
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
