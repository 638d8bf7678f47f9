// TC2/TL3 data: the commands that only show the system and its files — pwd, cd, which, date, file, tree.
import type { ReadOnlySpec } from './read-only-spec';

// date: no -s/--set, and an operand other than `+FORMAT` sets the clock.
const DATE: ReadOnlySpec = {
  flags: {
    '-d': 'string', '--date': 'string', '-r': 'string', '--reference': 'string', '-u': 'none', '--utc': 'none', '--universal': 'none',
    '-I': 'optional', '--iso-8601': 'optional', '-R': 'none', '--rfc-email': 'none', '--rfc-3339': 'string', '--debug': 'none',
    '-j': 'none', '-f': 'string', '--help': 'none', '--version': 'none',
  },
  check: (_args, operands) => (operands.every((w) => w.startsWith('+')) ? null : 'date with an operand other than +FORMAT sets the clock'),
};

export const SYSTEM_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = {
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
};
