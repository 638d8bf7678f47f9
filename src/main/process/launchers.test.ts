// The app's launchers (launchers.ts): one ready per kind, forked ahead and replaced when used up; a
// job's env set by its prelude; only an env a shell cannot give gets a launcher of its own; helper
// programs run at a lower priority than Bash commands.
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from './kill-tree';
import { createLauncherShells, HELPER_NICENESS } from './launchers';
import { buildShellEnv } from './shell-env';
import { collectOutput as collect, until } from './test-support';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
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

  it('a launcher killed from outside, before Node has noticed: the launch misses and a fresh launcher is forked', async () => {
    const shells = createLauncherShells();
    cleanups.push(() => shells.dispose());
    const home = { shell: '/bin/bash', env: buildShellEnv() };
    const job = { cwd: '/', env: home.env, file: '/bin/sh', args: ['-c', 'echo ok'] };
    shells.warm(home);
    const [pid] = shells.pids();
    process.kill(pid!, 'SIGKILL');
    // Without yielding to the event loop: the launcher is a zombie Node has not reaped yet.
    const deadline = Date.now() + 5_000;
    while (isProcessAlive(pid!) && Date.now() < deadline);
    expect(shells.launch(home, job)).toBeUndefined();
    await until(() => shells.pids().some((p) => p !== pid), 'a fresh launcher');
    expect((await collect(shells.launch(home, job)!)).out).toBe('ok\n');
    expect(shells.stats).toMatchObject({ hits: 1, misses: 1, spawned: 2 });
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

  it('a prepared shell whose launcher goes before it started is dropped quietly, not an uncaught error', async () => {
    const shells = createLauncherShells();
    const home = { shell: '/bin/bash', env: buildShellEnv() };
    shells.prepare(home, { cwd: '/', env: home.env, file: '/bin/sh', args: ['-c', 'read x'] });
    // At once, before the shell has reported its pid: the dispose has to kill it unseen.
    shells.dispose();
    await until(() => shells.pids().length === 0, 'the launcher to go');
    await new Promise((r) => setTimeout(r, 50));
    expect(shells.takePrepared(home, home.env)).toBeUndefined();
  });
});
