import { describe, expect, it } from 'vitest';
import { effectiveCommand } from './effective';
import { DANGEROUS_ENV_VARS, isDangerousEnvVar, isSafeEnvAssignment, SAFE_ENV_VARS, stripSafeEnv } from './env-prefix';
import { one, useBashParser } from './test-parse';

useBashParser();

describe('BA4 safe env-var prefixes are stripped before rule matching', () => {
  it.each<[string, string]>([
    ['GOOS=linux GOARCH=arm64 go build ./...', 'go build ./...'],
    ['CGO_ENABLED=0 go build', 'go build'],
    ['RUST_BACKTRACE=1 cargo test', 'cargo test'],
    ['RUST_LOG=debug cargo run', 'cargo run'],
    ['NODE_ENV=production npm run build', 'npm run build'],
    ['PYTHONUNBUFFERED=1 python app.py', 'python app.py'],
    ['LANG=C sort f', 'sort f'],
    ['LC_ALL=en_US.UTF-8 ls', 'ls'],
    ['LANG= ls', 'ls'],
    ['TZ=UTC date', 'date'],
    ['TERM=dumb NO_COLOR=1 FORCE_COLOR=0 npm test', 'npm test'],
    ['CI=true npm test > out.log', 'npm test > out.log'],
    ['DEBIAN_FRONTEND=noninteractive apt-get install -y x', 'apt-get install -y x'],
  ])('%j → %j', (command, text) => {
    const s = stripSafeEnv(one(command));
    expect(s.command.text).toBe(text);
    expect(s.command.env).toEqual([]);
    expect(s.unsafe).toEqual([]);
    expect(s.kept).toEqual([]);
  });

  it('keeps the offsets right after stripping', () => {
    const s = stripSafeEnv(one('GOOS=linux go build -o "bin/x" > log'));
    expect(s.command.argvOffsets).toEqual([0, 3, 9, 12]);
    expect(s.command.text.slice(s.command.redirects[0]!.offset!)).toBe('> log');
  });

  it('is the list Claude Code strips (about 26 named in the spec; 39 in 2.1.332)', () => {
    for (const name of ['GOEXPERIMENT', 'GOOS', 'GOARCH', 'RUST_BACKTRACE', 'RUST_LOG', 'NODE_ENV', 'PYTHONUNBUFFERED', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TERM', 'TZ']) {
      expect(SAFE_ENV_VARS.has(name), name).toBe(true);
    }
    expect(SAFE_ENV_VARS.size).toBe(39);
    for (const name of SAFE_ENV_VARS) expect(isDangerousEnvVar(name), name).toBe(false);
  });
});

describe('BA4 what is never stripped', () => {
  it.each<[string, string[]]>([
    ['PATH=/tmp/evil git status', ['PATH']],
    ['LD_PRELOAD=./x.so ls', ['LD_PRELOAD']],
    ['LD_LIBRARY_PATH=. ls', ['LD_LIBRARY_PATH']],
    ['DYLD_INSERT_LIBRARIES=x ls', ['DYLD_INSERT_LIBRARIES']],
    ['PYTHONPATH=. pytest', ['PYTHONPATH']],
    ['NODE_PATH=. node x', ['NODE_PATH']],
    ['NODE_OPTIONS=--require=./x node y', ['NODE_OPTIONS']],
    ['GOFLAGS=-toolexec=./x go build', ['GOFLAGS']],
    ['BASH_ENV=./x.sh make', ['BASH_ENV']],
    ['ENV=./x sh', ['ENV']],
    ['IFS=x ls', ['IFS']],
    ['PS4=x ls', ['PS4']],
    ['PROMPT_COMMAND=x ls', ['PROMPT_COMMAND']],
    ['GIT_SSH_COMMAND=x git fetch', ['GIT_SSH_COMMAND']],
    ['GIT_CONFIG_COUNT=1 git status', ['GIT_CONFIG_COUNT']],
    ['GOOS=linux PATH=/x go build', ['PATH']],
  ])('%j: unsafe %j, nothing stripped', (command, unsafe) => {
    const cmd = one(command);
    const s = stripSafeEnv(cmd);
    expect(s.command).toBe(cmd);
    expect(s.unsafe).toEqual(unsafe);
    expect(s.kept).toEqual(cmd.env.map((e) => e.name));
  });

  it('an unknown name is kept (so only a rule written with it matches) but is not "unsafe"', () => {
    const s = stripSafeEnv(one('FOO=1 npm test'));
    expect(s).toMatchObject({ command: { text: 'FOO=1 npm test' }, unsafe: [], kept: ['FOO'] });
    expect(stripSafeEnv(one('GOOS=linux FOO=1 go build')).kept).toEqual(['GOOS', 'FOO']);
  });

  it.each<[string, string, boolean]>([
    ['TERM', 'xterm-256color', true],
    ['TERM', '../../x', false],
    ['TERM', '/etc/x', false],
    ['NODE_ENV', 'a//b', false],
    ['TZ', ':/etc/localtime', false],
    ['TZ', 'Europe/Berlin', true],
    ['LANG', 'C', true],
    ['LANG', 'POSIX', true],
    ['LANG', 'de_DE.UTF-8', true],
    ['LANG', 'en_US.utf8@euro', true],
    ['LANG', 'de_DE.ISO-8859-1', false],
    ['LC_ALL', 'x;y', false],
    ['LC_CTYPE', '', false],
    ['LANG', '', true],
    ['PATH', '/usr/bin', false],
    ['HOME', '/tmp', false],
  ])('%s=%j safe: %s', (name, value, safe) => {
    expect(isSafeEnvAssignment(name, value)).toBe(safe);
  });

  it('names the families that steer loaders and git', () => {
    for (const n of ['LD_AUDIT', 'DYLD_FRAMEWORK_PATH', 'GIT_CONFIG_KEY_0', 'BASH_FUNC_x%%']) expect(isDangerousEnvVar(n), n).toBe(true);
    expect(DANGEROUS_ENV_VARS.has('PATH')).toBe(true);
    expect(isDangerousEnvVar('GOOS')).toBe(false);
  });
});

describe('BA4 effectiveCommand: env prefixes and wrappers together', () => {
  it.each<[string, string, Partial<ReturnType<typeof effectiveCommand>>]>([
    ['GOOS=linux go build', 'go build', { unsafeEnv: [], keptEnv: [], wrappers: [] }],
    ['sudo GOOS=linux nice go build', 'go build', { unsafeEnv: [], keptEnv: [], wrappers: ['sudo', 'nice'], elevated: true }],
    ['TERM=dumb sudo env NODE_ENV=test npm test', 'npm test', { unsafeEnv: [], keptEnv: [], wrappers: ['sudo', 'env'] }],
    ['env PATH=/x git status', 'PATH=/x git status', { unsafeEnv: ['PATH'], keptEnv: ['PATH'] }],
    ['PATH=/x sudo git status', 'PATH=/x git status', { unsafeEnv: ['PATH'], keptEnv: ['PATH'] }],
    ['FOO=1 sudo rm x', 'FOO=1 rm x', { unsafeEnv: [], keptEnv: ['FOO'], elevated: true }],
    ['TERM=xterm sudo GOOS=x LD_PRELOAD=y go build', 'GOOS=x LD_PRELOAD=y go build', { unsafeEnv: ['LD_PRELOAD'], keptEnv: ['GOOS', 'LD_PRELOAD'] }],
    ['/usr/bin/env /bin/rm -rf x', 'rm -rf x', { written: '/bin/rm', wrappers: ['env'] }],
    ['xargs -0 rm', 'rm', { appendsArgs: true }],
    ['bash -c "rm x"', 'bash -c "rm x"', { runsShellCode: true }],
    ['env -C / rm x', 'env -C / rm x', { opaque: 'env -C' }],
  ])('%j → %j', (command, text, facts) => {
    const e = effectiveCommand(one(command));
    expect(e.command.text).toBe(text);
    expect(e).toMatchObject(facts);
  });
});
