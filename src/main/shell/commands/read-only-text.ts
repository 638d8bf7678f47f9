// TC2/TL3 data: the text tools that only read — sort, uniq, jq, printf, test, checksums, base64 — and the rules their words need.
import type { FlagTable, ReadOnlySpec } from './read-only-spec';

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

export const TEXT_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = {
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
  jq: { flags: JQ_FLAGS, check: jqCheck },
  sha256sum: CHECKSUM,
  sha1sum: CHECKSUM,
  md5sum: CHECKSUM,
  // base64 -o (BSD) writes a file.
  base64: { flags: { '-d': 'none', '-D': 'none', '--decode': 'none', '-b': 'number', '--break': 'number', '-w': 'number', '--wrap': 'number', '-i': 'string', '--input': 'string', '--ignore-garbage': 'none', '--help': 'none', '--version': 'none' }, doubleDash: false },
};
