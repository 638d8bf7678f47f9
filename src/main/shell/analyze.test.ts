import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand, analyzeCommandAsync, MAX_ANALYZED_LENGTH } from './analyze';
import { loadBashParser, type BashParser, type SyntaxNode } from './parser';
import type { CommandAnalysis, Redirect, SimpleCommand } from './types';
import { ALLOWED_NODE_KINDS } from './walk';

let parser: BashParser;

beforeAll(async () => {
  const p = await loadBashParser();
  if (!p) throw new Error('tree-sitter-bash did not load');
  parser = p;
});

const analyze = (c: string): CommandAnalysis => analyzeCommand(c, parser);

function simple(c: string): { commands: SimpleCommand[]; separators: string[]; trailing?: string } {
  const a = analyze(c);
  if (a.kind !== 'simple') throw new Error(`${JSON.stringify(c)} was ${a.kind}: ${'reason' in a ? a.reason : ''}`);
  return a;
}

const argvs = (c: string): string[][] => simple(c).commands.map((x) => x.argv);
const redirects = (c: string): Array<Omit<Redirect, 'offset'>> => simple(c).commands.flatMap((x) => x.redirects.map(({ offset: _o, ...r }) => r));

describe('BA2 simple commands: words after quote removal', () => {
  it.each<[string, string[]]>([
    ['ls', ['ls']],
    ['git status --short', ['git', 'status', '--short']],
    ['git commit -m "fix: a bug"', ['git', 'commit', '-m', 'fix: a bug']],
    ["echo 'single $quoted `x`'", ['echo', 'single $quoted `x`']],
    ['echo "a\\"b" "c\\\\d" "\\$HOME" "\\`x\\`"', ['echo', 'a"b', 'c\\d', '$HOME', '`x`']],
    ['echo "keep \\n and \\t"', ['echo', 'keep \\n and \\t']],
    ['echo "line\\\njoined"', ['echo', 'linejoined']],
    ["echo 'a'\"b\"c\\ d", ['echo', 'abc d']],
    ["echo 'it'\\''s'", ['echo', "it's"]],
    ['echo "" \'\'', ['echo', '', '']],
    ['echo a\\;b \\& \\|', ['echo', 'a;b', '&', '|']],
    ['echo \\$x', ['echo', '$x']],
    ['\\rm -rf build', ['rm', '-rf', 'build']],
    ['"rm" -rf build', ['rm', '-rf', 'build']],
    ['/bin/rm x', ['/bin/rm', 'x']],
    ['rm -- -x', ['rm', '--', '-x']],
    ['head -5 file', ['head', '-5', 'file']],
    ['ls \\\n  -la', ['ls', '-la']],
    ['ls -la \\\n x', ['ls', '-la', 'x']],
    ['find . -name "*.ts" -exec grep -l TODO {} \\;', ['find', '.', '-name', '*.ts', '-exec', 'grep', '-l', 'TODO', '{}', ';']],
    ['git log @{u}..HEAD', ['git', 'log', '@{u}..HEAD']],
    ['git rebase HEAD@{1}', ['git', 'rebase', 'HEAD@{1}']],
    ['ls *.ts ~/x a#b', ['ls', '*.ts', '~/x', 'a#b']],
    ['echo x\\ #y', ['echo', 'x #y']],
    ['echo "x"#y', ['echo', 'x#y']],
    ['ls # a comment', ['ls']],
    ['npm run build -- --watch=false', ['npm', 'run', 'build', '--', '--watch=false']],
    ['echo é "ü" 😀', ['echo', 'é', 'ü', '😀']],
  ])('%j', (command, argv) => {
    expect(argvs(command)).toEqual([argv]);
  });

  it('keeps the source slice as text, assignments and redirections included', () => {
    const [c] = simple('FOO=1 BAR="a b" git commit -m "hi" > log 2>&1').commands;
    expect(c).toEqual({
      text: 'FOO=1 BAR="a b" git commit -m "hi" > log 2>&1',
      env: [
        { name: 'FOO', value: '1' },
        { name: 'BAR', value: 'a b' },
      ],
      argv: ['git', 'commit', '-m', 'hi'],
      redirects: [
        { op: '>', target: 'log', offset: 35 },
        { op: '>&', fd: 2, target: '1', offset: 41 },
      ],
      argvOffsets: [16, 20, 27, 30],
    });
  });

  it('reads assignments with empty, quoted and escaped values', () => {
    expect(simple("A= B='x y' C=a\\ b cmd").commands[0]!.env).toEqual([
      { name: 'A', value: '' },
      { name: 'B', value: 'x y' },
      { name: 'C', value: 'a b' },
    ]);
  });

  it('an `a=b` after the program is an argument, not an assignment', () => {
    expect(simple('make CC=clang -j4').commands[0]).toMatchObject({ env: [], argv: ['make', 'CC=clang', '-j4'] });
  });

  it('an empty line or a comment alone is no command', () => {
    expect(simple('')).toEqual({ kind: 'simple', commands: [], separators: [] });
    expect(simple('  # only a comment')).toEqual({ kind: 'simple', commands: [], separators: [] });
  });
});

describe('BA2 redirections as tree-sitter-bash writes them', () => {
  it.each<[string, Array<Omit<Redirect, 'offset'>>]>([
    ['cmd > out', [{ op: '>', target: 'out' }]],
    ['cmd >> out', [{ op: '>>', target: 'out' }]],
    ['cmd < in', [{ op: '<', target: 'in' }]],
    ['cmd 2>/dev/null', [{ op: '>', fd: 2, target: '/dev/null' }]],
    ['cmd 2>&1', [{ op: '>&', fd: 2, target: '1' }]],
    ['cmd 2>& 1', [{ op: '>&', fd: 2, target: '1' }]],
    ['cmd >&2', [{ op: '>&', target: '2' }]],
    ['cmd &>/dev/null', [{ op: '&>', target: '/dev/null' }]],
    ['cmd &>> log', [{ op: '&>>', target: 'log' }]],
    ['cmd >& log', [{ op: '>&', target: 'log' }]],
    ['cmd >| clobber', [{ op: '>|', target: 'clobber' }]],
    ['cmd 2>&-', [{ op: '>&-', fd: 2, target: '' }]],
    ['cmd <&-', [{ op: '<&-', target: '' }]],
    ['cmd 10>x', [{ op: '>', fd: 10, target: 'x' }]],
    ['cat <<< "some text"', [{ op: '<<<', target: 'some text' }]],
    ["cat <<< 'lit $x'", [{ op: '<<<', target: 'lit $x' }]],
    ['cmd > "out file"', [{ op: '>', target: 'out file' }]],
    ['2>/dev/null cmd', [{ op: '>', fd: 2, target: '/dev/null' }]],
  ])('%j', (command, expected) => {
    expect(redirects(command)).toEqual(expected);
  });

  it('words after a redirection target are still arguments, in order', () => {
    expect(simple('cmd > out a 2>x b').commands[0]).toMatchObject({
      argv: ['cmd', 'a', 'b'],
      redirects: [
        { op: '>', target: 'out' },
        { op: '>', fd: 2, target: 'x' },
      ],
    });
    expect(argvs('echo 2 >x')).toEqual([['echo', '2']]);
    expect(argvs('echo 2>x')).toEqual([['echo']]);
    expect(argvs('cat <<< a b')).toEqual([['cat', 'b']]);
  });
});

describe('BA3 compound commands split into subcommands with their separators', () => {
  it.each<[string, string[][], string[], string?]>([
    ['a && b', [['a'], ['b']], ['&&']],
    ['a || b', [['a'], ['b']], ['||']],
    ['a; b', [['a'], ['b']], [';']],
    ['a | b', [['a'], ['b']], ['|']],
    ['a |& b', [['a'], ['b']], ['|&']],
    ['a & b', [['a'], ['b']], ['&']],
    ['a\nb', [['a'], ['b']], ['\n']],
    ['a\n\n\nb', [['a'], ['b']], ['\n']],
    ['a;\nb', [['a'], ['b']], [';']],
    ['a &&\n  b', [['a'], ['b']], ['&&']],
    ['a |\n  b', [['a'], ['b']], ['|']],
    ['a&&b||c', [['a'], ['b'], ['c']], ['&&', '||']],
    ['a # note\nb', [['a'], ['b']], ['\n']],
    ['git add . && git commit -m "x" && git push', [['git', 'add', '.'], ['git', 'commit', '-m', 'x'], ['git', 'push']], ['&&', '&&']],
    ['cat f | grep x | wc -l', [['cat', 'f'], ['grep', 'x'], ['wc', '-l']], ['|', '|']],
    ['a | b && c; d &', [['a'], ['b'], ['c'], ['d']], ['|', '&&', ';'], '&'],
    ['npm test 2>&1 | tail -20', [['npm', 'test'], ['tail', '-20']], ['|']],
    ['ls;', [['ls']], [], ';'],
    ['sleep 10 &', [['sleep', '10']], [], '&'],
    ['a & \n', [['a']], [], '&'],
  ])('%j', (command, commands, separators, trailing) => {
    const a = simple(command);
    expect(a.commands.map((c) => c.argv)).toEqual(commands);
    expect(a.separators).toEqual(separators);
    expect(a.trailing).toBe(trailing);
  });

  it('a redirection after the last command of a list or pipeline is that command\'s (tree-sitter hangs it on the whole list)', () => {
    const a = simple('cd app && npm test > out.log 2>&1');
    expect(a.commands.map((c) => c.text)).toEqual(['cd app', 'npm test > out.log 2>&1']);
    expect(a.commands[0]!.redirects).toEqual([]);
    expect(a.commands[1]).toMatchObject({
      argv: ['npm', 'test'],
      redirects: [
        { op: '>', target: 'out.log', offset: 9 },
        { op: '>&', fd: 2, target: '1', offset: 19 },
      ],
    });
    expect(simple('a | b > x c').commands.map((c) => [c.argv, c.redirects.length])).toEqual([
      [['a'], 0],
      [['b', 'c'], 1],
    ]);
    expect(simple('a || b > x && c').commands.map((c) => c.redirects.length)).toEqual([0, 1, 0]);
    expect(simple('a && b | c > x').commands.map((c) => c.redirects.length)).toEqual([0, 0, 1]);
    expect(simple('a && b 2>x > y').commands[1]!.redirects.map((r) => r.target)).toEqual(['x', 'y']);
  });

  it('each subcommand keeps its own source text', () => {
    expect(simple('FOO=1 a x > o && b "y z" | c').commands.map((c) => c.text)).toEqual(['FOO=1 a x > o', 'b "y z"', 'c']);
  });

  it('50 subcommands are checked one by one; 51 are too complex (MAX_SUBCOMMANDS_FOR_SECURITY_CHECK)', () => {
    expect(simple(Array(50).fill('echo ok').join(' && ')).commands).toHaveLength(50);
    expect(analyze(Array(51).fill('echo ok').join('; '))).toEqual({ kind: 'too-complex', reason: 'more than 50 subcommands' });
    expect(analyze(Array(51).fill('cat x').join(' | ')).kind).toBe('too-complex');
  });
});

describe('BA2 too-complex: what the walk does not follow asks, with the reason', () => {
  it.each<[string, string]>([
    ['echo $(id)', 'command_substitution'],
    ['echo `id`', 'command_substitution'],
    ['echo "$(id)"', 'command_substitution'],
    ['echo "`id`"', 'command_substitution'],
    ['echo ${x}', 'expansion'],
    ['echo "${x:-y}"', 'expansion'],
    ['echo $x', 'simple_expansion'],
    ['echo "hi $USER"', 'simple_expansion'],
    ['echo $?', 'simple_expansion'],
    ['cat <(ls)', 'process_substitution'],
    ['tee >(wc -l)', 'process_substitution'],
    ['echo $((1+1))', 'arithmetic_expansion'],
    ['( cd x && make )', 'subshell'],
    ['{ ls; }', 'compound_statement'],
    ['if true; then ls; fi', 'if_statement'],
    ['for f in *.ts; do echo x; done', 'for_statement'],
    ['for ((i=0; i<3; i++)); do echo; done', 'c_style_for_statement'],
    ['while true; do ls; done', 'while_statement'],
    ['until false; do ls; done', 'while_statement'],
    ['case x in a) ls;; esac', 'case_statement'],
    ['f() { rm -rf x; }', 'function_definition'],
    ['function f { ls; }', 'function_definition'],
    ['[[ -f x ]]', 'test_command'],
    ['[ -f x ] && cat x', 'test_command'],
    ['! grep x f', 'negated_command'],
    ['cat <<EOF\nhi\nEOF', 'heredoc_redirect'],
    ["cat <<'EOF'\nliteral\nEOF", 'heredoc_redirect'],
    ['cat <<-EOF && ls\n\tbody\n\tEOF', 'heredoc_redirect'],
    ["echo $'\\x41'", 'ansi_c_string'],
    ['echo $"hi"', '$'],
    ['echo {1..3}', 'brace_expression'],
    ['echo {a,b}', 'brace_expression'],
    ['cp x{,.bak}', 'brace_expression'],
    ['export A=1', 'declaration_command'],
    ['local a', 'declaration_command'],
    ['unset A', 'unset_command'],
    ['A=1', 'variable_assignment'],
    ['A=1 B=2', 'variable_assignments'],
    ['PATH=/tmp/evil; git status', 'variable_assignment'],
    ['a=(1 2)', 'variable_assignment'],
    ['A+=x cmd', '+='],
    ['cmd > $(x)', 'command_substitution'],
    ['cmd > "$f"', 'simple_expansion'],
    ['cat <<< $x', 'simple_expansion'],
    ['$cmd arg', 'simple_expansion'],
    ['> file', 'file_redirect'],
    ['echo !(x)', 'ERROR'],
    ['x 3<> f', 'ERROR'],
    ['echo "unterminated', 'ERROR'],
    ['ls &&', 'ERROR'],
    ['ls \\', 'ERROR'],
  ])('%j → %s', (command, nodeType) => {
    const a = analyze(command);
    expect(a.kind).toBe('too-complex');
    if (a.kind === 'too-complex') {
      expect(a.nodeType).toBe(nodeType);
      expect(a.reason.length).toBeGreaterThan(5);
    }
  });

  it('says so when tree-sitter could not parse all of it', () => {
    expect(analyze('echo "unterminated')).toEqual({ kind: 'too-complex', reason: 'could not be parsed completely', nodeType: 'ERROR' });
  });

  it.each([
    // Bash joins these into one word; tree-sitter reads two. Either way the analysis must not guess.
    ['ec\\\nho hi', 'a line continuation inside a word'],
    ['r\\\nm -rf /', 'a line continuation inside a word'],
    ['echo "x"\\\ny', 'a line continuation inside a word'],
    ['echo "x"\\\n#y', 'a line continuation inside a word'],
    // tree-sitter reads on across the line break; Bash runs two commands (a deny on rm must see rm).
    ['ls \n\\rm -rf x', 'a word with an expansion or stray quote'],
    ['echo >\nx', 'a line break inside a command'],
    ['a # note\n\\\n && b', 'a comment before an operator'],
    // Digits glued to a redirection are its fd to Bash; tree-sitter made them a word.
    ['zz>2>&1', 'a redirection whose fd tree-sitter did not see'],
    ['zz\\\n 2>err x', 'a redirection whose fd tree-sitter did not see'],
    // `\ ` at the start of a word is skipped by tree-sitter as if it were a blank.
    ['\\ x', 'an unexpected character between words ("\\\\")'],
    // tree-sitter reads a carriage return as a blank; Bash makes it part of the word.
    ['rm\r -rf x', 'an unexpected character between words ("\\r")'],
    ['ls\f-la', 'an unexpected character between words ("\\f")'],
  ])('%j: word boundaries Bash and tree-sitter see differently', (command, reason) => {
    expect(analyze(command)).toMatchObject({ kind: 'too-complex', reason });
  });

  it('refuses very long commands without parsing them', () => {
    expect(analyze('echo ' + 'x'.repeat(MAX_ANALYZED_LENGTH))).toEqual({ kind: 'too-complex', reason: `longer than ${MAX_ANALYZED_LENGTH} characters` });
  });
});

/** A stand-in tree for node kinds the grammar may grow: the walk must refuse what it has not been taught. */
function fakeNode(type: string, start: number, end: number, children: SyntaxNode[] = [], named = true): SyntaxNode {
  return {
    type,
    isNamed: named,
    isMissing: false,
    isError: false,
    hasError: false,
    startIndex: start,
    endIndex: end,
    children,
    firstChild: children[0] ?? null,
    text: '',
  } as unknown as SyntaxNode;
}

function fakeParser(root: SyntaxNode): BashParser {
  return { withTree: (_source, fn) => fn(root) };
}

describe('BA2 fail closed: an unknown node kind asks', () => {
  it('the allow-list names only kinds the grammar has (a renamed kind would silently ask)', () => {
    const types = JSON.parse(readFileSync(createRequire(__filename).resolve('tree-sitter-bash/src/node-types.json'), 'utf8')) as Array<{ type: string; named: boolean }>;
    const named = new Set(types.filter((t) => t.named).map((t) => t.type));
    expect(ALLOWED_NODE_KINDS.filter((k) => !named.has(k))).toEqual([]);
  });

  it('at statement level', () => {
    const root = fakeNode('program', 0, 9, [fakeNode('coprocess_statement', 0, 9)]);
    expect(analyzeCommand('coproc ls', fakeParser(root))).toEqual({ kind: 'too-complex', reason: 'contains a coprocess_statement node', nodeType: 'coprocess_statement' });
  });

  it('inside a command', () => {
    const name = fakeNode('command_name', 0, 4, [fakeNode('word', 0, 4)]);
    const cmd = fakeNode('command', 0, 10, [name, fakeNode('glob_pattern', 5, 10)]);
    const root = fakeNode('program', 0, 10, [cmd]);
    expect(analyzeCommand('echo a*b?c', fakeParser(root))).toMatchObject({ kind: 'too-complex', nodeType: 'glob_pattern' });
  });

  it('an unexpected anonymous token', () => {
    const root = fakeNode('program', 0, 7, [fakeNode('command', 0, 1, [fakeNode('command_name', 0, 1, [fakeNode('word', 0, 1)])]), fakeNode(';;', 2, 4, [], false), fakeNode('command', 5, 7, [fakeNode('command_name', 5, 7, [fakeNode('word', 5, 7)])])]);
    expect(analyzeCommand('a ;; bb', fakeParser(root))).toMatchObject({ kind: 'too-complex', nodeType: ';;' });
  });

  it('a missing node', () => {
    const missing = { ...fakeNode('"', 5, 5, [], false), isMissing: true } as SyntaxNode;
    const root = fakeNode('program', 0, 5, [fakeNode('command', 0, 5, [fakeNode('command_name', 0, 4, [fakeNode('word', 0, 4)]), missing])]);
    expect(analyzeCommand('echo ', fakeParser(root))).toEqual({ kind: 'too-complex', reason: 'could not be parsed completely', nodeType: 'MISSING' });
  });
});

describe('BA2 parse-unavailable: without a parser the legacy splitter answers', () => {
  it('with null for a parser', () => {
    expect(analyzeCommand('git status && ls', null)).toMatchObject({ kind: 'parse-unavailable', separators: ['&&'] });
    expect(analyzeCommand('echo $(id)', null).kind).toBe('too-complex');
  });

  it('analyzeCommandAsync loads the parser first', async () => {
    expect((await analyzeCommandAsync('ls')).kind).toBe('simple');
  });
});

describe('BA2 time: parse and analysis of realistic commands', () => {
  it('prints the median (no assertion on time)', () => {
    const commands = [
      'git status',
      'git diff --stat HEAD~1',
      'git add -A && git commit -m "fix: handle empty input" && git push origin main',
      'npm test -- --run src/main/shell',
      'npx vitest run src/main/shell 2>&1 | tail -40',
      'ls -la src/main',
      'cat package.json | grep version',
      'find . -name "*.ts" -not -path "./node_modules/*" | head -20',
      'rg -n "TODO" src --glob "*.ts"',
      'grep -rn "analyzeCommand" src/ | wc -l',
      'cd packages/app && npm run build',
      'mkdir -p out/logs && cp build/*.log out/logs/',
      'rm -rf dist node_modules/.cache',
      'python3 -m pytest tests/ -x -q',
      'GOOS=linux GOARCH=amd64 go build -o bin/app ./cmd/app',
      'cargo build --release 2>&1 | grep -E "^(warning|error)"',
      'docker compose up -d && docker compose logs -f --tail=50 web',
      'sed -n "1,40p" src/index.ts',
      'head -100 README.md',
      'tail -f /var/log/syslog',
      'npm install --save-dev typescript@5.9.3',
      'git log --oneline -20 --graph',
      'git checkout -b feature/shell-analysis',
      'wc -l src/**/*.ts',
      'echo "done" > /tmp/flag',
      'curl -sSL https://example.com/install.sh -o install.sh',
      'chmod +x scripts/run.sh && ./scripts/run.sh --fast',
      'tsc --noEmit -p tsconfig.node.json',
      'node scripts/check.mjs; echo exit=done',
      'make -j4 all && make test',
      'pytest -k "not slow" --maxfail=1',
      'git stash && git pull --rebase && git stash pop',
      'ls src | sort | uniq -c | sort -rn | head',
      'du -sh node_modules',
      'jq ".dependencies" package.json',
      'awk "{print \\$1}" access.log | sort | uniq -c',
      'xargs -n1 echo < list.txt',
      'sudo apt-get install -y ripgrep',
      'env NODE_ENV=test node dist/server.js',
      'timeout 30 npm run e2e',
      'git rev-parse --abbrev-ref HEAD',
      'npx prettier --check "src/**/*.{ts,tsx}"',
      'git diff main...HEAD -- src/main/shell',
      'printf "%s\\n" a b c | sort',
      'ps aux | grep node | grep -v grep',
      'kill -9 12345',
      'tar -czf backup.tgz src/ docs/',
      'ln -sf ../shared/SPEC.md SPEC.md',
      'git show HEAD:package.json > /tmp/pkg.json',
      'echo $HOME && ls $(pwd)',
    ];
    for (const c of commands) analyze(c); // warm up
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const c of commands) {
        const t0 = process.hrtime.bigint();
        analyze(c);
        times.push(Number(process.hrtime.bigint() - t0) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p90 = times[Math.floor(times.length * 0.9)]!;
    console.log(`shell analyze: ${commands.length} commands, median ${median.toFixed(0)} µs, p90 ${p90.toFixed(0)} µs`);
    expect(times.length).toBe(commands.length * 5);
  });
});
