// Programs started through the app's launcher shell (rg for Grep and Glob): the env is made exactly
// the program's, exit codes and output come through, a used-up launcher is replaced only when asked
// to refill, and anything unusual (missing program, bad cwd, unsettable variable) spawns.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LAUNCHER_SLOTS, type PipedProcess } from './launcher-shell';
import { createLauncherShells, envPrelude, type LauncherShells } from './launchers';
import { launcherPid } from './test-support';
import {
  appShell,
  launchInLauncher,
  prewarmLauncher,
  runsCodeAtStart,
  sessionShell,
  warmLauncher,
  warmSessionLauncher,
} from './warm-launch';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A session's folder and its settings env. */
function ctxWith(env: Record<string, string | undefined> = {}): { projectDir: string; env: Record<string, string | undefined> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-launch-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { projectDir: dir, env };
}

function newPool(): LauncherShells {
  const pool = createLauncherShells();
  cleanups.push(() => pool.dispose());
  return pool;
}

function collect(child: PipedProcess): Promise<{ out: string; err: string; code: number | null }> {
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.on('close', (code: number | null) => resolve({ out, err, code })));
}

describe('envPrelude', () => {
  it('unsets what the program must not see, exports what differs, quotes every value', () => {
    expect(envPrelude({ A: '1', B: '2', GIT_EDITOR: 'true' }, { A: '1', B: "x'y", C: '3' })).toBe(`unset -v GIT_EDITOR; export B='x'\\''y'; export C='3'`);
    expect(envPrelude({ A: '1' }, { A: '1' })).toBe('');
  });

  it('refuses variables a shell cannot set or owns, and NUL bytes', () => {
    expect(envPrelude({}, { 'A-B': '1' })).toBeUndefined();
    expect(envPrelude({}, { SHLVL: '5' })).toBeUndefined();
    expect(envPrelude({ 'BASH_FUNC_f%%': '() { :; }' }, {})).toBeUndefined();
    // Those bash keeps itself are left alone, as a spawned shell would have them.
    expect(envPrelude({ SHLVL: '1', PWD: '/x' }, {})).toBe('');
    expect(envPrelude({}, { BASH_ENV: '/tmp/x' })).toBeUndefined();
    expect(envPrelude({}, { A: 'a\0b' })).toBeUndefined();
    expect(envPrelude({ SHLVL: '1' }, { SHLVL: '1' })).toBe('');
  });
});

describe('launchInLauncher', () => {
  it('runs the program with its exact env, in its cwd, with its output and exit code', async () => {
    const ctx = ctxWith({ AGENT_DESK_LAUNCH_VAR: 'from settings' });
    const pool = newPool();
    warmSessionLauncher(pool, 'helpers');
    await launcherPid(pool);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ONLY_FOR_PROGRAM: "it's here\nwith a second line" };
    const child = launchInLauncher(pool, '/usr/bin/env', ['-0'], { cwd: ctx.projectDir, env });
    expect(child).toBeDefined();
    const r = await collect(child!);
    expect(r.code).toBe(0);
    const seen = Object.fromEntries(r.out.split('\0').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    // Exactly the given env, apart from the variables bash itself keeps (SHLVL, PWD, OLDPWD, _).
    for (const k of ['SHLVL', 'PWD', 'OLDPWD', '_']) delete seen[k];
    expect(seen).toEqual(env);
    const cwd = await collect(launchInLauncher(pool, '/bin/sh', ['-c', 'pwd; echo oops >&2; exit 3'], { cwd: ctx.projectDir, env: { PATH: '/usr/bin:/bin' } })!);
    expect(cwd).toEqual({ out: `${ctx.projectDir}\n`, err: 'oops\n', code: 3 });
    expect(pool.stats).toMatchObject({ hits: 2, misses: 0, spawned: 1 });
  });

  it('a used-up launcher is replaced at once only when asked to refill', async () => {
    const pool = newPool();
    const dir = ctxWith().projectDir;
    warmSessionLauncher(pool, 'helpers');
    const first = await launcherPid(pool);
    const env = { PATH: '/usr/bin:/bin' };
    for (let i = 0; i < LAUNCHER_SLOTS; i++) expect((await collect(launchInLauncher(pool, '/bin/sh', ['-c', `exit ${i}`], { cwd: dir, env }, true)!)).code).toBe(i);
    const second = await launcherPid(pool, first);
    expect(second).not.toBe(first);
    // No refill: the next launcher is forked by the warm-up, not now.
    for (let i = 0; i < LAUNCHER_SLOTS; i++) await collect(launchInLauncher(pool, '/bin/sh', ['-c', 'exit 0'], { cwd: dir, env }, false)!);
    await new Promise((res) => setTimeout(res, 100));
    expect(pool.pids()).toEqual([]);
    expect(launchInLauncher(pool, '/bin/sh', ['-c', 'exit 0'], { cwd: dir, env }, false)).toBeUndefined();
  });

  it('a missing program or cwd is left to spawn, which reports it as an error event', async () => {
    const ctx = ctxWith();
    const pool = newPool();
    warmSessionLauncher(pool, 'helpers');
    const pid = await launcherPid(pool);
    expect(launchInLauncher(pool, path.join(ctx.projectDir, 'no-such-rg'), [], { cwd: ctx.projectDir, env: {} })).toBeUndefined();
    expect(launchInLauncher(pool, '/bin/sh', [], { cwd: path.join(ctx.projectDir, 'gone'), env: {} })).toBeUndefined();
    expect(pool.pids()).toEqual([pid]);
    const launch = warmLauncher(pool, () => true);
    const child = launch(path.join(ctx.projectDir, 'no-such-rg'), [], { cwd: ctx.projectDir, env: {} });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => child.on('error', resolve));
    expect(error.code).toBe('ENOENT');
  });

  it('a session whose env changed is served by the same launcher (its prelude sets the difference)', async () => {
    const pool = newPool();
    const a = ctxWith({ AGENT_DESK_X: 'a' });
    const b = ctxWith({ AGENT_DESK_X: 'b' });
    warmSessionLauncher(pool, 'helpers');
    const pa = await launcherPid(pool);
    warmSessionLauncher(pool, 'helpers');
    const r = await collect(launchInLauncher(pool, '/bin/sh', ['-c', 'printf %s "$AGENT_DESK_X"'], { cwd: b.projectDir, env: sessionShell(b.env).env })!);
    expect(r).toEqual({ out: 'b', err: '', code: 0 });
    expect(pool.pids()).toEqual([pa]);
    expect(pool.stats).toMatchObject({ hits: 1, spawned: 1 });
  });

  it("the launcher forked at start-up with the app's env serves a session whose settings add to it", async () => {
    const pool = newPool();
    prewarmLauncher(process.env, pool);
    const first = await launcherPid(pool);
    const ctx = ctxWith({ AGENT_DESK_FROM_SETTINGS: 'yes' });
    warmSessionLauncher(pool, 'helpers');
    const r = await collect(launchInLauncher(pool, '/bin/sh', ['-c', 'printf %s "$AGENT_DESK_FROM_SETTINGS"'], { cwd: ctx.projectDir, env: sessionShell(ctx.env).env })!);
    expect(r.out).toBe('yes');
    expect(pool.pids()).toEqual([first]);
    expect(pool.stats.spawned).toBe(1);
  });
});

describe("a session's settings env never reaches a launcher (PX4)", () => {
  it('the shell is the app\'s own; only the command env takes the settings env', () => {
    const home = sessionShell({ SHELL: '/tmp/project/bin/bash', AGENT_DESK_S: '1' });
    expect(home.shell).toBe(appShell().shell);
    expect(home.env.AGENT_DESK_S).toBe('1');
  });

  it('a loader variable from the settings means no shell is started ahead of its command', () => {
    const home = appShell({ PATH: '/usr/bin:/bin' });
    expect(runsCodeAtStart(home, { ...home.env, AGENT_DESK_S: '1' })).toBe(false);
    expect(runsCodeAtStart(home, { ...home.env, LD_PRELOAD: '/p/evil.so' })).toBe(true);
    expect(runsCodeAtStart(home, { ...home.env, DYLD_INSERT_LIBRARIES: '/p/evil.dylib' })).toBe(true);
  });
});
