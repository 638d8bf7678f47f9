// The launcher shell's protocol: programs run side by side on their own pipes, report pid and exit
// status (signals included), can be killed before or after they started, die with the launcher on
// dispose, and an idle launcher never keeps the process alive.
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from './kill-tree';
import { LAUNCHER_SLOTS, LauncherShell } from './launcher-shell';
import { buildShellEnv } from './shell-env';
import { collectOutput as collect, until } from './test-support';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function newLauncher(): LauncherShell {
  const l = new LauncherShell('/bin/bash', buildShellEnv());
  cleanups.push(() => l.dispose());
  return l;
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
    // Its pipes close as it exits, a moment before the kernel marks it dead.
    await until(() => !isProcessAlive(job.pid!), 'the program to be gone');
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
    // Its pipes close as it exits, a moment before the kernel marks it dead.
    await until(() => !isProcessAlive(job.pid!), 'the program to be gone');
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
