// Table-driven cases for TC2/TL3 read-only verdicts: the allow-list, its near-misses, git, redirections and lines.
import { describe, expect, it } from 'vitest';
import { isReadOnlyCommand, isReadOnlyPipeline } from './read-only';
import { cmd, redirect, withEnv } from './test-cmd';

describe('TC2/TL3 read-only commands: the allow-list with safe flags', () => {
  it.each([
    ['ls', '-la'],
    ['ls', '-laR', 'src'],
    ['cat', 'README.md'],
    ['head', '-n', '20', 'a.ts'],
    ['head', '-5', 'a.ts'],
    ['tail', '-f', 'log'],
    ['wc', '-l', 'a', 'b'],
    ['stat', 'x'],
    ['file', '-b', '--mime-type', 'x.png'],
    ['du', '-sh', '.'],
    ['df', '-h'],
    ['tree', '-L', '2', '-I', 'node_modules'],
    ['pwd'],
    ['echo', 'hello', 'world'],
    ['printf', '%s\\n', 'x'],
    ['printf', '%d', '42'],
    ['true'],
    ['false'],
    ['which', '-a', 'node'],
    ['whereis', '-b', 'ls'],
    ['type', 'ls'],
    ['date', '+%Y-%m-%d'],
    ['date', '-u'],
    ['uname', '-a'],
    ['whoami'],
    ['id', '-u'],
    ['env'],
    ['printenv', 'PATH'],
    ['basename', '/a/b.ts', '.ts'],
    ['dirname', '/a/b'],
    ['realpath', '.'],
    ['readlink', '-f', 'x'],
    ['sort', '-rn', '-k', '2', 'f'],
    ['uniq', '-c'],
    ['uniq', '-c', 'in.txt'],
    ['cut', '-d', ':', '-f', '1'],
    ['tr', 'a-z', 'A-Z'],
    ['diff', '-u', 'a', 'b'],
    ['cmp', 'a', 'b'],
    ['comm', '-12', 'a', 'b'],
    ['jq', '-r', '.name', 'package.json'],
    ['jq', '--arg', 'n', 'v', '.[$n]', 'f.json'],
    ['grep', '-rn', 'TODO', 'src'],
    ['grep', '-A3', '-i', 'x'],
    ['grep', '-r', 'foo', '--', '-rf'],
    ['egrep', '-c', 'a|b', 'f'],
    ['rg', '-n', '--hidden', '-g', '*.ts', 'foo'],
    ['find', '.', '-name', '*.ts', '-type', 'f'],
    ['find', '.', '-name', '-delete'],
    ['cd', '..'],
    ['node', '--version'],
    ['npm', 'ls', '--depth', '0'],
    ['test', '-f', 'x'],
    ['[', '-d', 'src', ']'],
    ['sed', '-n', '1,5p', 'f'],
    ['/usr/bin/cat', 'f'],
    ['\\ls'],
  ])('%s %s… is read-only', (...argv) => {
    expect(isReadOnlyCommand(cmd(...argv))).toEqual({ readOnly: true });
  });

  it.each([
    [['sort', '-o', 'out', 'f'], /-o/],
    [['sort', '--output=out', 'f'], /--output/],
    [['sort', '--compress-program', 'gzip', 'f'], /--compress-program/],
    [['tree', '-o', 'out'], /-o/],
    [['uniq', 'in', 'out'], /more than 1 operand/],
    [['file', '-C', '-m', 'magic'], /-C/],
    [['date', '-s', '2020-01-01'], /-s/],
    [['date', '0101120020'], /sets the clock/],
    [['printf', '-v', 'x', '%s', 'y'], /-v/],
    [['printf', '%d', 'a[$(id)]'], /not a number/],
    [['rg', '--pre', 'sh', 'x'], /--pre/],
    [['rg', '-z', 'x'], /-z/],
    [['find', '.', '-name', 'x', '-delete'], /deletes/],
    [['find', '.', '-exec', 'rm', '{}', ';'], /runs a program/],
    [['find', '.', '-fprint', 'out'], /writes a file/],
    [['find', '.', '-fprint0', 'out'], /writes a file/],
    [['find', '.', '-fprintf', 'out', '%p'], /writes a file/],
    [['find', '.', '-fls', 'out'], /writes a file/],
    [['find', '.', '-okdir', 'x', ';'], /runs a program/],
    [['xargs', 'grep', 'x'], /xargs/],
    [['grep', '-e', '-rf', 'f'], /followed by -rf/],
    [['grep', '--no-such-flag', 'x'], /--no-such-flag/],
    [['jq', '-f', 'prog.jq', 'f'], /-f/],
    [['jq', '--rawfile', 'a', '/etc/passwd', '.'], /--rawfile/],
    [['jq', '-n', 'env.HOME'], /environment/],
    [['jq', '-n', '$ENV'], /environment/],
    [['env', 'FOO=1', 'ls'], /operand/],
    [['whoami', 'x'], /operand/],
    [['pwd', 'x'], /operand/],
    [['cd', 'a', 'b'], /more than 1/],
    [['node'], /node is not/],
    [['node', '-e', 'x'], /node is not/],
    [['npm', 'install'], /npm install is not/],
    [['test', '-v', 'a[$(id)]'], /variable/],
    [['awk', '{print}', 'f'], /awk is not/],
    [['less', 'f'], /less is not/],
    [['./cat', 'f'], /by its path/],
    [['/tmp/x/cat', 'f'], /by its path/],
    [['sed', '-i', 's/a/b/', 'f'], /edits f/],
    [['sed', 's/a/b/w out', 'f'], /w writes a file/],
  ] as const)('%j is not read-only', (argv, reason) => {
    const v = isReadOnlyCommand(cmd(...argv));
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(reason);
  });
});

describe('TC2 read-only git: the read-only subcommands and their listing-only forms', () => {
  it.each([
    'git status',
    'git status -sb',
    'git status --porcelain=v2',
    'git log --oneline -20',
    'git log -5',
    'git log -n5 --stat',
    'git log --format=%h%x09%s',
    'git log --pretty=oneline',
    'git log --since 2.weeks --author me',
    'git diff',
    'git diff --cached --stat',
    'git diff HEAD~1 -- src',
    'git diff --no-index a b',
    'git show HEAD:README.md',
    'git branch',
    'git branch -a -vv',
    'git branch --list feat*',
    'git branch --merged main',
    'git branch --contains abc',
    'git tag',
    'git tag -l v1.*',
    'git rev-parse --show-toplevel',
    'git rev-parse --abbrev-ref HEAD',
    'git ls-files -m',
    'git blame -L 10,20 a.ts',
    'git remote -v',
    'git remote',
    'git config --get user.name',
    'git describe --tags',
    'git shortlog -sn',
    'git reflog',
    'git reflog show main',
    'git stash list',
    'git grep -n foo',
    'git merge-base HEAD main',
    'git worktree list',
    'git --version',
  ])('%s is read-only', (line) => {
    expect(isReadOnlyCommand(cmd(...line.split(' ')))).toEqual({ readOnly: true });
  });

  it.each([
    ['git branch -D x', /-D/],
    ['git branch -d x', /-d/],
    ['git branch -m a b', /-m/],
    ['git branch newbranch', /creates a branch/],
    ['git branch --abbrev 7', /creates a branch/],
    ['git tag v2', /creates a tag/],
    ['git tag -d v1', /-d/],
    ['git diff --output=x', /--output/],
    ['git diff --ext-diff', /--ext-diff/],
    ['git diff --submodule=log', /submodules/],
    ['git log --show-signature', /--show-signature/],
    ['git log --format=%G?', /gpg/],
    ['git log --pretty=mine', /defined in git config/],
    ['git reflog expire --all', /changes the reflog/],
    ['git reflog delete HEAD@{1}', /changes the reflog/],
    ['git remote add o url', /operand/],
    ['git remote show origin', /without -n/],
    ['git ls-remote ext::sh', /operand/],
    ['git push', /git push is not/],
    ['git commit -m x', /git commit is not/],
    ['git -C /tmp status', /git is not/],
    ['git config user.name x', /git config is not/],
    ['git grep -O foo', /-O/],
    ['git stash', /git stash is not/],
  ])('%s is not read-only', (line, reason) => {
    const v = isReadOnlyCommand(cmd(...line.split(' ')));
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(reason);
  });
});

describe('TC2 read-only: redirections, assignments and whole lines', () => {
  it('an output redirection to a file is a write; to /dev/null or a descriptor it is not', () => {
    expect(isReadOnlyCommand(redirect(cmd('ls'), '>', 'out.txt'))).toEqual({ readOnly: false, reason: 'the output goes to a file (> out.txt)' });
    expect(isReadOnlyCommand(redirect(cmd('cat', 'a'), '>>', 'b')).readOnly).toBe(false);
    expect(isReadOnlyCommand(redirect(cmd('ls'), '&>', 'log')).readOnly).toBe(false);
    expect(isReadOnlyCommand(redirect(cmd('ls'), '<>', 'f')).readOnly).toBe(false);
    expect(isReadOnlyCommand(redirect(cmd('ls'), '>', '/dev/null', 2)).readOnly).toBe(true);
    expect(isReadOnlyCommand(redirect(cmd('ls'), '>&', '1', 2)).readOnly).toBe(true);
    expect(isReadOnlyCommand(redirect(cmd('ls'), '>', '&1', 2)).readOnly).toBe(true);
    expect(isReadOnlyCommand(redirect(cmd('cat'), '<', 'in.txt')).readOnly).toBe(true);
    expect(isReadOnlyCommand(redirect(cmd('cat'), '<<<', 'text')).readOnly).toBe(true);
  });

  it('an assignment left by the parser (not a safe prefix) makes it not read-only', () => {
    const v = isReadOnlyCommand(withEnv(cmd('git', 'diff'), 'GIT_EXTERNAL_DIFF', 'evil'));
    expect(v).toEqual({ readOnly: false, reason: 'it sets GIT_EXTERNAL_DIFF for the command, which can change what it does' });
    expect(isReadOnlyCommand({ text: 'PATH=.', env: [{ name: 'PATH', value: '.' }], argv: [], redirects: [] }).readOnly).toBe(false);
  });

  it.each([
    [['ls', 'grep x'], ['|'], true],
    [['git status', 'git diff'], ['&&'], true],
    [['cat a', 'echo done'], [';'], true],
    [['ls', 'pwd'], ['||'], true],
    [['ls', 'cat a'], ['&'], false],
    [['ls', 'rm a'], ['&&'], false],
    [['ls', 'cat a'], ['|&'], false],
  ] as const)('%j joined by %j → %s', (lines, seps, expected) => {
    expect(isReadOnlyPipeline(lines.map((l) => cmd(...l.split(' '))), seps).readOnly).toBe(expected);
  });

  it('names the part that is not read-only', () => {
    expect(isReadOnlyPipeline([cmd('ls'), cmd('rm', 'a')], ['&&'])).toEqual({ readOnly: false, reason: 'rm: rm is not a command known to only read' });
    expect(isReadOnlyPipeline([cmd('ls'), cmd('cat')], ['&'])).toEqual({ readOnly: false, reason: 'a part runs in the background (&)' });
    expect(isReadOnlyPipeline([], []).readOnly).toBe(false);
  });
});
