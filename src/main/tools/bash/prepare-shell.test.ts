// PX4: Bash's warm-up forks the app's launcher with the app's env, and prepares no shell whose
// session env would load code into it before anything was approved.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createLauncherShells } from '../../process/launchers';
import { launcherPid } from '../../process/test-support';
import { appShell, sessionShell, warmSessionLauncher } from '../../process/warm-launch';
import { prepareSessionShell } from './prepare-shell';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe("a session's settings env never reaches a launcher (PX4)", () => {
  it("the warm-ups fork launchers with the app's env, and prepare no shell whose env would run code first", async () => {
    if (process.platform !== 'linux') throw new Error('reads /proc: Linux only');
    const pool = createLauncherShells();
    cleanups.push(() => pool.dispose());
    const ctx = { env: { BASH_ENV: '/p/evil.sh', LD_PRELOAD: '/p/evil.so', AGENT_DESK_FROM_SETTINGS: 'yes' } };
    warmSessionLauncher(pool, 'commands');
    prepareSessionShell(ctx, pool);
    const pid = await launcherPid(pool);
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((v) => /^(BASH_ENV|LD_PRELOAD|AGENT_DESK_FROM_SETTINGS)=/.test(v))).toEqual([]);
    expect(pool.takePrepared(appShell(), sessionShell(ctx.env).env)).toBeUndefined();
  });

  it('a harmless settings env still gets a prepared shell', async () => {
    const pool = createLauncherShells();
    cleanups.push(() => pool.dispose());
    const ctx = { env: { AGENT_DESK_FROM_SETTINGS: 'yes' } };
    warmSessionLauncher(pool, 'commands');
    prepareSessionShell(ctx, pool);
    await launcherPid(pool);
    const deadline = Date.now() + 3_000;
    let prepared = pool.takePrepared(appShell(), sessionShell(ctx.env).env);
    while (!prepared && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      prepareSessionShell(ctx, pool);
      prepared = pool.takePrepared(appShell(), sessionShell(ctx.env).env);
    }
    expect(prepared).toBeDefined();
    prepared!.kill('SIGKILL');
  });
});
