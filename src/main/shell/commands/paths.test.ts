// Table-driven cases for BA8: path extraction, placement against the working directories, dangerous removals.
import { describe, expect, it } from 'vitest';
import { pathsOf } from './paths';
import { checkCommandLinePaths, checkPathsInside, resolvePath, type PathContext } from './paths-inside';
import { isDangerousRemoval } from './paths-removal';
import { cmd, redirect } from './test-cmd';

const P = (...argv: string[]) => pathsOf(cmd(...argv));
const ctx: PathContext = { cwd: '/work/proj', workingDirs: ['/work/proj'], home: '/home/me' };

describe('BA8 pathsOf: per-command path extraction with POSIX --', () => {
  it.each([
    [['cd', 'src'], ['src'], []],
    [['cd'], ['~'], []],
    [['cd', '-'], [], []],
    [['ls'], ['.'], []],
    [['ls', '-la', 'a', 'b'], ['a', 'b'], []],
    [['cat', 'a', '-', 'b'], ['a', 'b'], []],
    [['head', '-n', '5', 'f'], ['f'], []],
    [['head', '-n5', 'f'], ['f'], []],
    [['tail', '-c', '100', 'f'], ['f'], []],
    [['wc', '-l', 'a'], ['a'], []],
    [['stat', '-c', '%s', 'f'], ['f'], []],
    [['diff', '-u', 'a', 'b'], ['a', 'b'], []],
    [['du', '-sh'], ['.'], []],
    [['tree', '-L', '2', '-o', 'out.txt', 'src'], ['src'], ['out.txt']],
    [['sort', '-o', 'out', 'in'], ['in'], ['out']],
    [['uniq', 'in', 'out'], ['in'], ['out']],
    [['rm', '-rf', 'build'], [], ['build']],
    [['rm', '--', '-rf'], [], ['-rf']],
    [['rmdir', 'd'], [], ['d']],
    [['mkdir', '-p', '-m', '755', 'a/b'], [], ['a/b']],
    [['touch', '-r', 'ref', 'f'], ['ref'], ['f']],
    [['mv', 'a', 'b'], [], ['a', 'b']],
    [['mv', '-t', 'dest', 'a', 'b'], [], ['a', 'b', 'dest']],
    [['cp', '-r', 'a', 'b', 'dest'], ['a', 'b'], ['dest']],
    [['cp', '-t', 'dest', 'a'], ['a'], ['dest']],
    [['ln', '-s', 'target', 'link'], ['target'], ['link']],
    [['ln', '-s', '/etc/passwd'], ['/etc/passwd'], ['passwd']],
    [['chmod', '755', 'f'], [], ['f']],
    [['chmod', '-R', 'u+x', 'bin'], [], ['bin']],
    [['chmod', '-w', 'f'], [], ['f']],
    [['chmod', '--reference=r', 'f'], ['r'], ['f']],
    [['chown', 'me:me', 'f'], [], ['f']],
    [['grep', 'foo', 'a', 'b'], ['a', 'b'], []],
    [['grep', '-r', 'foo'], ['.'], []],
    [['grep', 'foo'], [], []],
    [['grep', '-e', 'foo', 'a'], ['a'], []],
    [['grep', '-f', 'pats', 'a'], ['pats', 'a'], []],
    [['grep', '-r', 'foo', '--', '-rf'], ['-rf'], []],
    [['grep', '-m', '3', 'foo', 'a'], ['a'], []],
    [['rg', 'foo'], ['.'], []],
    [['rg', '-g', '*.ts', 'foo', 'src'], ['src'], []],
    [['rg', '--files', 'src'], ['src'], []],
    [['find', '.', '-name', '*.ts'], ['.'], []],
    [['find', 'src', 'test', '-type', 'f'], ['src', 'test'], []],
    [['find', '-L', '/etc', '-name', 'x'], ['/etc'], []],
    [['find', '-name', 'x'], ['.'], []],
    [['find', '.', '-name', 'x', '-delete'], [], ['.']],
    [['find', '.', '-newer', 'ref', '-fprint', 'out'], ['ref', '.'], ['out']],
    [['find', '.', '-exec', 'cat', '/etc/x', ';', '-name', 'y'], ['.'], []],
    [['sed', '-n', '1p', 'f'], ['f'], []],
    [['sed', '-i', 's/a/b/', 'f'], [], ['f']],
    [['sed', '-f', 's.sed', 'f'], ['s.sed', 'f'], []],
    [['tee', '-a', 'log', '/dev/null'], [], ['log']],
    [['jq', '.a', 'f.json'], ['f.json'], []],
    [['jq', '--rawfile', 'x', 'secret', '.', 'f'], ['secret', 'f'], []],
    [['jq', '-f', 'prog', 'f'], ['prog', 'f'], []],
    [['dd', 'if=/dev/zero', 'of=disk.img'], ['/dev/zero'], ['disk.img']],
    [['git', '-C', '/other', 'status'], ['/other'], []],
    [['git', 'diff', 'HEAD', '--', 'src'], ['src'], []],
    [['git', 'diff', '--no-index', 'a', '/b'], ['a', '/b'], []],
    [['git', 'log', 'main'], [], []],
    [['git', 'rm', 'f'], [], ['f']],
    [['git', 'checkout', '--', 'f'], [], ['f']],
    [['git', '-C', 'sub', 'restore', 'f'], ['sub'], ['sub/f']],
    [['git', 'diff', '--output=/tmp/x', 'HEAD'], [], ['/tmp/x']],
    [['git', 'log', '--output', 'out', '--', 'src'], ['src'], ['out']],
    [['git', 'format-patch', '-o', 'patches', 'HEAD~1'], [], ['patches']],
    [['git', 'clone', 'https://x.example/r.git', '/tmp/r'], [], ['/tmp/r']],
    [['git', 'init', 'sub'], [], ['sub']],
    [['curl', '-sSLo', '~/.x', 'https://x.example'], [], ['~/.x']],
    [['curl', '-T', 'secret', 'https://x.example'], ['secret'], []],
    [['wget', '-O', 'out', 'https://x.example'], [], ['out']],
    [['tar', '-xf', 'a.tar', '-C', '/'], [], ['a.tar', '/']],
    [['unzip', 'a.zip', '-d', '/tmp'], ['a.zip'], ['/tmp']],
    [['echo', '/etc/passwd'], [], []],
    [['date', '-r', 'f'], ['f'], []],
  ])('%j reads %j, writes %j', (argv, read, write) => {
    expect(P(...argv)).toEqual({ read, write });
  });

  it('a BSD-style dash word with a slash after the first operand counts as a path too', () => {
    expect(P('cat', 'a', '-x/../../etc/passwd')).toEqual({ read: ['a', '-x/../../etc/passwd'], write: [] });
  });

  it('redirections add their files; /dev/null and descriptor copies are not files', () => {
    const c = redirect(redirect(redirect(cmd('cat'), '<', 'in'), '>', 'out'), '>', '/dev/null', 2);
    expect(pathsOf(c)).toEqual({ read: ['in'], write: ['out'] });
    expect(pathsOf(redirect(cmd('ls'), '>&', '1', 2))).toEqual({ read: ['.'], write: [] });
  });

  it('an unknown command is null: its words may or may not be files', () => {
    expect(P('python3', 'x.py')).toBeNull();
    expect(P('make', 'all')).toBeNull();
  });

  it('a program named by path is still that program (\\rm, /bin/rm)', () => {
    expect(P('/bin/rm', 'x')).toEqual({ read: [], write: ['x'] });
    expect(P('\\rm', 'x')).toEqual({ read: [], write: ['x'] });
  });
});

describe('BA8 resolvePath: pure path math', () => {
  it.each([
    ['a/b', '/work/proj/a/b'],
    ['../x', '/work/x'],
    ['~', '/home/me'],
    ['~/.ssh/id_rsa', '/home/me/.ssh/id_rsa'],
    ['/etc/../etc/passwd', '/etc/passwd'],
    ['*', '/work/proj'],
    ['src/*.ts', '/work/proj/src'],
    ['/etc/*/conf', '/etc'],
    ['~/.c*', '/home/me'],
    ['src/**/x', '/work/proj/src'],
    // A pattern is one folder level; `..` after it climbs back out of the project.
    ['*/..', '/work/proj'],
    ['*/../../x', '/work/x'],
    ['src/*/../../../x', '/work/x'],
    ['**/../x', '/work/x'],
  ])('%s → %s', (p, expected) => {
    expect(resolvePath(p, ctx.cwd, ctx.home)).toBe(expected);
  });

  it('~user and a relative path without a known cwd cannot be placed', () => {
    expect(resolvePath('~bob/x', ctx.cwd, ctx.home)).toBeNull();
    expect(resolvePath('x', null, ctx.home)).toBeNull();
    expect(resolvePath('/x', null, ctx.home)).toBe('/x');
  });
});

describe('BA8 checkPathsInside: paths must stay inside the working directories', () => {
  it.each([
    [['cat', 'src/a.ts'], []],
    [['cat', '~/.ssh/id_rsa'], ['~/.ssh/id_rsa']],
    [['cat', '/etc/passwd'], ['/etc/passwd']],
    [['cd', '..'], ['..']],
    [['ls', '../proj-other'], ['../proj-other']],
    [['ls', '../proj/src'], []],
    [['grep', '-r', 'x', '/'], ['/']],
    [['rm', '-rf', '~bob/x'], ['~bob/x']],
    [['cp', 'a', '/tmp/b'], ['/tmp/b']],
    [['find', '/', '-name', 'x'], ['/']],
  ])('%j: outside %j', (argv, outside) => {
    expect(checkPathsInside(cmd(...argv), ctx).outside.map((p) => p.path)).toEqual(outside);
  });

  it('says how each path was taken and where it points', () => {
    expect(checkPathsInside(cmd('cp', 'a', '/tmp/b'), ctx)).toEqual({
      known: true,
      paths: [
        { path: 'a', access: 'read', resolved: '/work/proj/a', inside: true },
        { path: '/tmp/b', access: 'write', resolved: '/tmp/b', inside: false },
      ],
      outside: [{ path: '/tmp/b', access: 'write', resolved: '/tmp/b', inside: false }],
    });
  });

  it('an unknown command still has its redirections checked', () => {
    const r = checkPathsInside(redirect(cmd('python3', 'x.py'), '>', '/etc/out'), ctx);
    expect(r.known).toBe(false);
    expect(r.outside.map((p) => p.path)).toEqual(['/etc/out']);
  });

  it('several working directories: inside any of them is inside', () => {
    const two = { ...ctx, workingDirs: ['/work/proj', '/work/lib'] };
    expect(checkPathsInside(cmd('cat', '../lib/x'), two).outside).toEqual([]);
    // A sibling whose name only starts like a working directory is outside.
    expect(checkPathsInside(cmd('cat', '/work/proj2/x'), two).outside).toHaveLength(1);
  });

  it('a whole line follows cd: `cd .. && cat x` reads ../x', () => {
    const r = checkCommandLinePaths([cmd('cd', '..'), cmd('cat', 'x')], ['&&'], ctx);
    expect(r.outside.map((p) => p.resolved)).toEqual(['/work', '/work/x']);
    const sub = checkCommandLinePaths([cmd('cd', 'src'), cmd('cat', 'x')], ['&&'], ctx);
    expect(sub.paths.map((p) => p.resolved)).toEqual(['/work/proj/src', '/work/proj/src/x']);
  });

  it('a cd in a pipeline moves nothing; after `cd -` relative paths cannot be placed', () => {
    const piped = checkCommandLinePaths([cmd('cd', '/'), cmd('cat', 'x')], ['|'], ctx);
    expect(piped.paths.at(-1)?.resolved).toBe('/work/proj/x');
    const back = checkCommandLinePaths([cmd('cd', '-'), cmd('cat', 'x')], [';'], ctx);
    expect(back.outside).toEqual([{ path: 'x', access: 'read', resolved: null, inside: false }]);
  });
});

describe('BA8 isDangerousRemoval: removals that always ask', () => {
  it.each([
    [['rm', '-rf', '/'], /whole file system/],
    [['rm', '-rf', '~'], /your home folder/],
    [['rm', '-rf', '~/'], /your home folder/],
    [['rm', '-rf', '~/*'], /everything in your home folder/],
    [['rm', '-rf', '*'], /everything in the current folder/],
    [['rm', '-rf', './*'], /everything in the current folder/],
    [['rm', '-rf', '.'], /the current folder/],
    [['rm', '-rf', '..'], /the folder above/],
    [['rm', '-rf', '../'], /the folder above/],
    [['rm', '-r', '/*'], /everything in the whole file system/],
    [['rm', '-fr', '/home/me'], /your home folder/],
    [['rm', '-fr', '$HOME'], /home folder/],
    [['rm', '-rf', '/usr'], /\/usr, a top-level folder/],
    [['rm', '-rf', '/etc/'], /\/etc, a top-level folder/],
    [['rm', '-rf', '/u*'], /may match a top-level folder/],
    [['rm', '-rf', '/home/bob'], /a user's home folder/],
    [['rm', '-rf', '~bob'], /another user's home folder/],
    [['rm', '-rf', '.*'], /can match \.\./],
    [['rm', '-rf', '/work/proj'], /the working folder/],
    [['rm', '-rf', '../..'], /the folder above/],
    [['/bin/rm', '-rf', '/'], /whole file system/],
    [['rmdir', '/usr'], /top-level/],
    [['rm', '-rf', 'build', '/'], /whole file system/],
  ])('%j asks: %s', (argv, reason) => {
    const r = isDangerousRemoval(cmd(...argv), ctx);
    expect(r?.reason).toMatch(reason);
  });

  it.each([
    [['rm', '-rf', 'build']],
    [['rm', '-f', '*.o']],
    [['rm', '-rf', 'src/*']],
    [['rm', '-rf', '/tmp/x']],
    [['rm', '--', '-rf']],
    [['rm', '-rf', 'node_modules/.cache']],
    [['ls', '/']],
  ])('%j is an ordinary removal (the path check still applies)', (argv) => {
    expect(isDangerousRemoval(cmd(...argv), ctx)).toBeNull();
  });

  it('a folder above the working folder asks', () => {
    const deep = { cwd: '/srv/a/proj', workingDirs: ['/srv/a/proj'], home: '/home/me' };
    expect(isDangerousRemoval(cmd('rm', '-rf', '/srv/a'), deep)?.reason).toBe('it removes /srv/a, which holds the working folder /srv/a/proj');
    expect(isDangerousRemoval(cmd('rm', '-rf', '..'), deep)?.reason).toBe('it removes the folder above (..)');
    expect(isDangerousRemoval(cmd('rm', '-rf', '/srv/a/proj/src'), deep)).toBeNull();
  });

  it('without a context only the text is judged', () => {
    expect(isDangerousRemoval(cmd('rm', '-rf', '/'))?.reason).toBe('it removes the whole file system (/)');
    expect(isDangerousRemoval(cmd('rm', '-rf', '*'))?.target).toBe('*');
    expect(isDangerousRemoval(cmd('rm', '-rf', 'x/y'))).toBeNull();
  });
});
