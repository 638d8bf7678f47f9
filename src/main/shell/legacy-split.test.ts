import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze';
import { legacySplit } from '../../shared/shell/legacy-split';
import { loadBashParser, type BashParser } from './parser';

let parser: BashParser;

beforeAll(async () => {
  const p = await loadBashParser();
  if (!p) throw new Error('tree-sitter-bash did not load');
  parser = p;
});

/** Commands the legacy splitter accepts: each must give exactly what the AST walk gives. */
const ACCEPTED = [
  'ls',
  'ls -la src',
  'git status --short',
  'git commit -m "fix: a bug"',
  "echo 'single quoted'",
  'echo "a\\"b" "c\\\\d"',
  "echo 'a'\"b\"c\\d",
  'echo a\\;b \\& \\|',
  '\\rm -rf build',
  '"rm" -rf build',
  '/bin/rm x',
  'rm -- -x',
  'head -5 file',
  'ls *.ts ~/x',
  'npm run build -- --watch=false',
  'make CC=clang -j4',
  'FOO=1 BAR="a b" git commit -m hi',
  "A= B='x y' C=a\\b cmd",
  'GOOS=linux GOARCH=amd64 go build -o bin/app ./cmd/app',
  'a && b',
  'a || b',
  'a; b',
  'a | b',
  'a |& b',
  'a & b',
  'a\nb',
  'a\n\n\nb',
  'a;\nb',
  'a &&\n  b',
  'a&&b||c',
  'git add . && git commit -m "x" && git push',
  'cat f | grep x | wc -l',
  'a | b && c; d &',
  'ls;',
  'sleep 10 &',
  'a & \n',
  'cmd > out',
  'cmd >> out',
  'cmd < in',
  'cmd 2>/dev/null',
  'cmd 2>&1',
  'cmd >&2',
  'cmd > "out file"',
  'npm test 2>&1 | tail -20',
  'cmd > out a 2>x b',
  'echo 2 >x',
  '2>/dev/null cmd',
  'echo "" \'\'',
  'echo a=b -x=1 --y=2',
  'git log -n 5 --format=%H:%an',
  '',
  '\n\n',
];

/** Commands it refuses (the AST walk may or may not follow them). */
const REFUSED = [
  'echo $(id)',
  'echo `id`',
  "echo '$HOME'",
  'echo \\$x',
  'echo ${x}',
  'cat <(ls)',
  '( cd x )',
  '{ ls; }',
  'echo {a,b}',
  'git log @{u}',
  'find . -exec rm {} \\;',
  '[ -f x ] && cat x',
  '! grep x f',
  'cat <<EOF\nhi\nEOF',
  'cat <<< hi',
  'cmd &> /dev/null',
  'cmd >| f',
  'cat x>y',
  'cmd <&-',
  'cmd 2>&-',
  'echo "unbalanced',
  "echo 'unbalanced",
  'ls # comment',
  'ls \\\n -la',
  'echo é',
  'rm\r -rf x',
  'A=1',
  'A+=1 cmd',
  '> file',
  'a && && b',
  '; ls',
  'a\n&& b',
  'ls &&',
  'a ;; b',
  'echo "line\nbreak"',
  'echo a\\ b',
  "echo 'a'\\b",
  'ls\n\\rm x',
  'b ==',
  '- x',
  'b+: x',
  'x%y',
  Array(51).fill('echo ok').join('; '),
];

describe('BA2 legacy splitter: never looser than the AST walk', () => {
  it.each(ACCEPTED)('%j: accepted, with the AST walk\'s result', (command) => {
    const legacy = legacySplit(command);
    const ast = analyzeCommand(command, parser);
    expect(legacy.kind).toBe('parse-unavailable');
    expect(ast.kind).toBe('simple');
    if (legacy.kind !== 'parse-unavailable' || ast.kind !== 'simple') return;
    const { kind: _a, ...fromLegacy } = legacy;
    const { kind: _b, ...fromAst } = ast;
    expect(fromLegacy).toEqual(fromAst);
  });

  it.each(REFUSED)('%j: refused', (command) => {
    const legacy = legacySplit(command);
    expect(legacy.kind).toBe('too-complex');
    if (legacy.kind === 'too-complex') expect(legacy.reason).toMatch(/\(legacy splitter\)$/);
  });

  it('whatever it accepts from either list, the AST walk accepts identically', () => {
    for (const command of [...ACCEPTED, ...REFUSED]) {
      const legacy = legacySplit(command);
      if (legacy.kind !== 'parse-unavailable') continue;
      const ast = analyzeCommand(command, parser);
      expect(ast, command).toMatchObject({ kind: 'simple', commands: legacy.commands, separators: legacy.separators });
    }
  });

  it('on generated command lines too: what it accepts, the AST walk accepts identically', () => {
    const parts = ['a', 'b', 'x=1', 'A=', ' ', ' ', '\t', '\n', '&&', '||', '|', '|&', ';', '&', '>', '>>', '<', '2>', '2>&1', '>&2', "'q r'", '"d\\"e"', '"\\\\"', '\\ ', '\\;', '-', '--', '*', '?', '~', '=', '@', '%', '+', ',', '.', '/', ':', '^', '5', '12', 'é', "''", '""', '\\\\', '"a b"', "'", '"', '\\x'];
    let seed = 12345n;
    const rnd = (n: number): number => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      return Number((seed >> 33n) % BigInt(n));
    };
    let accepted = 0;
    for (let k = 0; k < 20_000; k++) {
      let command = '';
      for (let j = 1 + rnd(8); j > 0; j--) command += parts[rnd(parts.length)];
      const legacy = legacySplit(command);
      if (legacy.kind !== 'parse-unavailable') continue;
      accepted++;
      const { kind: _k, ...fromLegacy } = legacy;
      expect(analyzeCommand(command, parser), command).toEqual({ kind: 'simple', ...fromLegacy });
    }
    expect(accepted).toBeGreaterThan(500);
  });

  it('keeps 50 subcommands and refuses 51 (BA3)', () => {
    const fifty = legacySplit(Array(50).fill('echo ok').join(' && '));
    expect(fifty.kind === 'parse-unavailable' && fifty.commands.length).toBe(50);
    expect(legacySplit(Array(51).fill('echo ok').join(' && '))).toEqual({ kind: 'too-complex', reason: 'more than 50 subcommands (legacy splitter)' });
  });
});
