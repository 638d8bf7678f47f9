// The launcher shell's protocol: programs run side by side on their own pipes, report pid and exit
// status (signals included), can be killed before or after they started, die with the launcher on
// dispose, and an idle launcher never keeps the process alive.
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from './kill-tree';
import { createLauncherShells, HELPER_NICENESS, LAUNCHER_SLOTS, LauncherShell, type PipedProcess } from './launcher-shell';
import { buildShellEnv } from './shell';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function newLauncher(): LauncherShell {
  const l = new LauncherShell('/bin/bash', buildShellEnv());
  cleanups.push(() => l.dispose());
  return l;
}

function collect(child: PipedProcess): Promise<{ out: string; err: string; code: number | null; signal: NodeJS.Signals | null }> {
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ out, err, code, signal })));
}

async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const sh = (l: LauncherShell, script: string, prelude = '') => l.launch('/', prelude, '/bin/sh', ['-c', script])!;

describe('LauncherShell', () => {
  it('runs programs side by side, each on its own pipes, in the order they finish', async () => {
    const l = newLauncher();
    const finished: string[] = [];
    const slow = collect(sh(l, 'sleep 0.3; echo slow; echo e1 >&2; exit 4')).then((r) => (finished.push('slow'), r));
    const fast = collect(sh(l, 'echo fast')).then((r) => (finished.push('fast'), r));
    expect(await fast).toEqual({ out: 'fast\n', err: '', code: 0, signal: null });
    expect(await slow).toEqual({ out: 'slow\n', err: 'e1\n', code: 4, signal: null });
    expect(finished).toEqual(['fast', 'slow']);
  });

  it("arguments and env values keep quotes, newlines and `$` as they are", async () => {
    const l = newLauncher();
    const r = await collect(l.launch('/tmp', "export AD_V='a'\\''b\nc$HOME'", '/bin/sh', ['-c', 'printf "%s|%s|%s|%s" "$1" "$2" "$AD_V" "$PWD"', 'x', "it's", '$(echo no)\nline'])!);
    expect(r.out).toBe(`it's|$(echo no)\nline|a'b\nc$HOME|/tmp`);
  });

  it('reports the program pid; a kill ends it with its signal and leaves no process', async () => {
    const l = newLauncher();
    const job = sh(l, 'exec sleep 30');
    const done = collect(job);
    await until(() => job.pid !== undefined, 'the pid');
    expect(isProcessAlive(job.pid!)).toBe(true);
    expect(job.kill('SIGKILL')).toBe(true);
    expect(await done).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(job.signalCode).toBe('SIGKILL');
    expect(isProcessAlive(job.pid!)).toBe(false);
    expect(job.kill('SIGKILL')).toBe(false);
  });

  it('a kill asked for before the pid is known is carried out once it is', async () => {
    const l = newLauncher();
    const job = sh(l, 'exec sleep 30');
    expect(job.pid).toBeUndefined();
    job.kill('SIGTERM');
    expect(await collect(job)).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  it('takes LAUNCHER_SLOTS programs, then refuses; the shell exits while its programs finish', async () => {
    const l = newLauncher();
    const jobs = Array.from({ length: LAUNCHER_SLOTS }, (_, i) => collect(sh(l, `sleep 0.1; echo ${i}`)));
    expect(l.usable).toBe(false);
    expect(l.launch('/', '', '/bin/true', [])).toBeUndefined();
    const results = await Promise.all(jobs);
    expect(results.map((r) => r.out)).toEqual(Array.from({ length: LAUNCHER_SLOTS }, (_, i) => `${i}\n`));
    await until(() => !isProcessAlive(l.pid!), 'the launcher to exit');
  });

  it('dispose kills the launcher and what it started; their callers hear a close', async () => {
    const l = newLauncher();
    const job = sh(l, 'exec sleep 30');
    const done = collect(job);
    await until(() => job.pid !== undefined, 'the pid');
    l.dispose();
    expect(await done).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(isProcessAlive(job.pid!)).toBe(false);
    expect(l.usable).toBe(false);
  });

  it('an idle launcher, and one whose programs ended, keep nothing alive', async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length;
    const l = newLauncher();
    expect(process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length).toBe(before);
    await collect(sh(l, 'echo hi'));
    await new Promise((r) => setImmediate(r));
    expect(process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length).toBe(before);
  });
});

describe('createLauncherShells', () => {
  it('warm forks one launcher; launch uses it, and misses (then forks) when none is ready', async () => {
    const shells = createLauncherShells();
    cleanups.push(() => shells.dispose());
    const home = { shell: '/bin/bash', env: buildShellEnv() };
    const job = { cwd: '/', env: home.env, file: '/bin/sh', args: ['-c', 'echo ok'] };
    expect(shells.launch(home, job)).toBeUndefined();
    await until(() => shells.pids().length === 1, 'the refill');
    shells.warm(home);
    expect(shells.stats.spawned).toBe(1);
    expect((await collect(shells.launch(home, job)!)).out).toBe('ok\n');
    expect(shells.stats).toMatchObject({ hits: 1, misses: 1 });
    shells.dispose();
    await until(() => shells.pids().length === 0, 'the launchers to go');
    expect(shells.launch(home, job)).toBeUndefined();
  });

  it("a job's env differing from the launcher's is set by its prelude; one a shell cannot set gets a launcher of its own", async () => {
    const shells = createLauncherShells();
    cleanups.push(() => shells.dispose());
    const home = { shell: '/bin/bash', env: buildShellEnv() };
    shells.warm(home);
    const first = shells.pids()[0];
    const { HOME: _home, ...noHome } = home.env;
    const env = { ...noHome, AD_JOB_VAR: "it's set" };
    const r = await collect(shells.launch(home, { cwd: '/', env, file: '/bin/sh', args: ['-c', 'printf "%s|%s" "$AD_JOB_VAR" "${HOME-unset}"'] })!);
    expect(r.out).toBe("it's set|unset");
    // BASH_ENV is read by bash at start-up: no prelude can give it; this launcher will not do.
    const owned = { ...home.env, BASH_ENV: '/nonexistent' };
    expect(shells.launch({ shell: '/bin/bash', env: owned }, { cwd: '/', env: owned, file: '/bin/true', args: [] })).toBeUndefined();
    await until(() => shells.pids().some((p) => p !== first), 'a launcher for that env');
    expect(shells.stats).toMatchObject({ hits: 1, misses: 1, spawned: 2 });
  });

  it('helper programs run at a lower priority (inherited from their launcher); commands at the app\'s', async () => {
    const helpers = createLauncherShells({ nice: HELPER_NICENESS });
    const commands = createLauncherShells();
    cleanups.push(() => helpers.dispose(), () => commands.dispose());
    const home = { shell: '/bin/bash', env: buildShellEnv() };
    const job = { cwd: '/', env: home.env, file: '/bin/sh', args: ['-c', 'ps -o ni= -p $$'] };
    helpers.warm(home);
    commands.warm(home);
    const own = (await collect(commands.launch(home, job)!)).out.trim();
    const helped = (await collect(helpers.launch(home, job)!)).out.trim();
    expect(Number(helped)).toBe(Math.min(19, Number(own) + HELPER_NICENESS));
  });
});
