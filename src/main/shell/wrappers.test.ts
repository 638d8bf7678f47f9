import { describe, expect, it } from 'vitest';
import { one, useBashParser } from './test-parse';
import { normalizeProgram, quoteWord, unwrap } from './wrappers';

useBashParser();

describe('BA2 wrappers: the program that really runs', () => {
  it.each<[string, string, string[]]>([
    ['rm -rf x', 'rm -rf x', []],
    ['sudo rm -rf x', 'rm -rf x', ['sudo']],
    ['sudo -u root -n -- rm -rf x', 'rm -rf x', ['sudo']],
    ['sudo -E -H --user=deploy rm x', 'rm x', ['sudo']],
    ['sudo env FOO=1 nice -n 5 rm -rf x', 'FOO=1 rm -rf x', ['sudo', 'env', 'nice']],
    ['doas -u root rm x', 'rm x', ['doas']],
    ['command rm x', 'rm x', ['command']],
    ['command -p rm x', 'rm x', ['command']],
    ['builtin cd src', 'cd src', ['builtin']],
    ['env rm x', 'rm x', ['env']],
    ['env -i -u HOME A=1 B="x y" make', 'A=1 B="x y" make', ['env']],
    ['env - PATH=/bin ls', 'PATH=/bin ls', ['env']],
    ['env --unset=HOME -- ls', 'ls', ['env']],
    ['nice rm x', 'rm x', ['nice']],
    ['nice -n 10 rm x', 'rm x', ['nice']],
    ['nice -n10 rm x', 'rm x', ['nice']],
    ['nice -10 rm x', 'rm x', ['nice']],
    ['nice --adjustment=5 rm x', 'rm x', ['nice']],
    ['nohup npm start > out.log', 'npm start > out.log', ['nohup']],
    ['time make -j4', 'make -j4', ['time']],
    ['time -p make', 'make', ['time']],
    ['timeout 30 npm test', 'npm test', ['timeout']],
    ['timeout -k 5 -s KILL 1.5m npm test', 'npm test', ['timeout']],
    ['timeout --preserve-status --signal=TERM 10s rm x', 'rm x', ['timeout']],
    ['stdbuf -oL grep x f', 'grep x f', ['stdbuf']],
    ['stdbuf -o L -e 0 grep x', 'grep x', ['stdbuf']],
    ['stdbuf --output=L grep x', 'grep x', ['stdbuf']],
    ['xargs rm', 'rm', ['xargs']],
    ['xargs -0 -n 1 -P4 rm -f', 'rm -f', ['xargs']],
    ['xargs -I {} mv {} dest/', 'mv {} dest/', ['xargs']],
    ['xargs -i{} cp {} x', 'cp {} x', ['xargs']],
    ['xargs --null --max-args=2 rm', 'rm', ['xargs']],
    ['busybox rm -rf x', 'rm -rf x', ['busybox']],
    ['/usr/bin/sudo /usr/bin/env nice /bin/rm -rf x', 'rm -rf x', ['sudo', 'env', 'nice']],
    ['sudo timeout 5 nohup stdbuf -oL xargs rm', 'rm', ['sudo', 'timeout', 'nohup', 'stdbuf', 'xargs']],
  ])('%j → %j', (command, text, wrappers) => {
    const u = unwrap(one(command));
    expect(u.command.text).toBe(text);
    expect(u.wrappers).toEqual(wrappers);
    expect(u.opaque).toBeUndefined();
  });

  it('moves argv, offsets and redirections with the text', () => {
    const u = unwrap(one('FOO=1 2>/dev/null sudo -u x rm -rf "a b" > out'));
    expect(u.command).toEqual({
      text: 'FOO=1 2>/dev/null rm -rf "a b" > out',
      env: [{ name: 'FOO', value: '1' }],
      argv: ['rm', '-rf', 'a b'],
      redirects: [
        { op: '>', fd: 2, target: '/dev/null', offset: 6 },
        { op: '>', target: 'out', offset: 31 },
      ],
      argvOffsets: [18, 21, 25],
    });
    expect(u.command.text.slice(u.command.argvOffsets![2]!)).toBe('"a b" > out');
    expect(u.command.text.slice(u.command.redirects[1]!.offset!)).toBe('> out');
  });

  it('marks what it learns on the way', () => {
    expect(unwrap(one('sudo rm x'))).toMatchObject({ elevated: true, appendsArgs: false, runsShellCode: false });
    expect(unwrap(one('doas rm x')).elevated).toBe(true);
    expect(unwrap(one('xargs rm'))).toMatchObject({ appendsArgs: true, elevated: false });
    expect(unwrap(one('nice rm x'))).toMatchObject({ elevated: false, appendsArgs: false, runsShellCode: false });
  });

  it('normalises well-known program paths and keeps what was written', () => {
    expect(unwrap(one('/bin/rm -rf x'))).toMatchObject({ written: '/bin/rm', command: { argv: ['rm', '-rf', 'x'], text: 'rm -rf x' } });
    expect(unwrap(one('/usr/bin/git status'))).toMatchObject({ written: '/usr/bin/git', command: { argv: ['git', 'status'] } });
    expect(unwrap(one('/usr/local/bin/rg x'))).toMatchObject({ command: { argv: ['rg', 'x'] } });
    expect(unwrap(one('"/bin/rm" x'))).toMatchObject({ written: '/bin/rm', command: { argv: ['rm', 'x'], text: '"/bin/rm" x' } });
    // A leading backslash or quotes are gone after quote removal already.
    expect(unwrap(one('\\rm -rf x'))).toMatchObject({ written: 'rm', command: { argv: ['rm', '-rf', 'x'], text: '\\rm -rf x' } });
    expect(unwrap(one("'rm' -rf x")).command.argv[0]).toBe('rm');
    // Not the system's rm: left as written.
    for (const p of ['./rm', 'bin/rm', '/tmp/x/rm', '/home/me/bin/git']) expect(unwrap(one(`${p} x`)).command.argv[0]).toBe(p);
    expect(normalizeProgram('/usr/bin/../bin/rm')).toBe('rm');
  });
});

describe('BA2 wrappers: shells and shell code are never looked into', () => {
  it.each([
    'bash -c "rm -rf x"',
    'sh -c "rm x"',
    'zsh script.zsh',
    '/bin/bash -lc ls',
    'eval rm x',
    'exec rm x',
    'source ./env.sh',
    '. ./env.sh',
    'sudo -s',
    'sudo -i rm x',
    'sudo --login',
    'su -c "rm x"',
    'doas -s',
    'xargs sh -c "rm x"',
    'env bash -c ls',
    '/usr/bin/env bash -c ls',
    'nice -n 5 bash x.sh',
    'busybox sh -c ls',
    'command eval x',
    'builtin source x',
  ])('%j', (command) => {
    expect(unwrap(one(command)).runsShellCode).toBe(true);
  });

  it('su and sudo -s are elevated too', () => {
    expect(unwrap(one('su -c "rm x"'))).toMatchObject({ elevated: true, runsShellCode: true });
    expect(unwrap(one('sudo -s'))).toMatchObject({ elevated: true, runsShellCode: true });
  });
});

describe('BA2 wrappers: fail closed on what a wrapper table does not know', () => {
  it.each<[string, string]>([
    ['sudo --frobnicate rm x', 'sudo --frobnicate: an option it does not know'],
    ['sudo -Z rm x', 'sudo -Z: an option it does not know'],
    ['sudo -e /etc/hosts', 'sudo -e'],
    ['sudo -l', 'sudo -l'],
    ['sudo -D / rm x', 'sudo -D'],
    ['env -C / rm x', 'env -C'],
    ['env -S "rm x"', 'env -S'],
    ['env --chdir=/ rm x', 'env --chdir'],
    ['time -o times.txt make', 'time -o'],
    ['timeout abc rm x', 'timeout: "abc" is not a duration'],
    ['nice -x rm', 'nice -x: an option it does not know'],
    ['xargs --frob rm', 'xargs --frob: an option it does not know'],
    ['stdbuf -o', 'stdbuf: an option without its value'],
    ['doas -C /etc/doas.conf rm', 'doas -C'],
  ])('%j stops with %j', (command, opaque) => {
    const u = unwrap(one(command));
    expect(u.opaque).toBe(opaque);
    expect(u.command.argv).toEqual(one(command).argv);
  });

  it('sudo that stops is still elevated', () => {
    expect(unwrap(one('sudo -Z rm x'))).toMatchObject({ elevated: true, wrappers: [] });
  });

  it('stops after 16 wrappers', () => {
    expect(unwrap(one(`${'nice '.repeat(17)}rm x`)).opaque).toBe('too many wrappers');
    expect(unwrap(one(`${'nice '.repeat(16)}rm x`)).command.argv).toEqual(['rm', 'x']);
  });

  it('a wrapper alone, or a query, is its own command', () => {
    for (const c of ['sudo', 'nohup', 'env', 'xargs', 'time', 'timeout 5', 'command -v git', 'nohup --help', 'busybox --list']) {
      const u = unwrap(one(c));
      expect(u.wrappers, c).toEqual([]);
      expect(u.command.argv, c).toEqual(one(c).argv);
      expect(u.opaque, c).toBeUndefined();
    }
  });
});

describe('BA2 wrappers without source offsets (legacy commands built by hand)', () => {
  it('re-quotes the words it keeps', () => {
    const u = unwrap({ text: 'whatever', env: [], argv: ['sudo', 'env', 'A=x y', 'rm', "it's"], redirects: [{ op: '>', target: 'o', offset: 30 }] });
    expect(u.command).toEqual({ text: `'A=x y' rm 'it'\\''s'`, env: [{ name: 'A', value: 'x y' }], argv: ['rm', "it's"], redirects: [{ op: '>', target: 'o', offset: -1 }] });
    expect(quoteWord('plain-word_1.txt')).toBe('plain-word_1.txt');
    expect(quoteWord('')).toBe("''");
  });
});
