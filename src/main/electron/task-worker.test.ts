// DK3: the desktop executable in worker mode against the stand-in electron — no GPU, runs the task
// with the data folder of the environment, holds Electron's own quit (SIGTERM) until the task has
// stopped its turn, then exits with the worker's code.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeEvent, resetElectronStub } from '../../../test/electron-stub';
import type { WorkerOptions } from '../app/background/worker';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);
const calls: WorkerOptions[] = [];
let finish: (code: number) => void = () => undefined;
vi.mock('../app/background/worker', () => ({
  runTaskWorker: (opts: WorkerOptions) => {
    calls.push(opts);
    return new Promise<number>((resolve) => (finish = resolve));
  },
}));

beforeEach(() => {
  resetElectronStub();
  calls.length = 0;
});

describe('runDesktopTaskWorker', () => {
  test('runs the task; a quit while it works becomes a Stop; exits with its code once it ended', async () => {
    const { runDesktopTaskWorker } = await import('./task-worker');
    process.env.AGENT_DESK_HOME = '/tmp/agent-desk-worker-test-data';
    const done = runDesktopTaskWorker('ab12cd34ef');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ id: 'ab12cd34ef', dataDir: '/tmp/agent-desk-worker-test-data' });
    expect(electron.app.hardwareAccelerationDisabled).toBe(true);
    const stop = vi.fn();
    const off = calls[0]!.onStop(stop);
    const quit = new FakeEvent();
    electron.app.emit('before-quit', quit);
    expect(quit.defaultPrevented).toBe(true);
    expect(stop).toHaveBeenCalledTimes(1);
    off();
    finish(0);
    await done;
    expect(electron.app.exitCode).toBe(0);
    const later = new FakeEvent();
    electron.app.emit('before-quit', later);
    expect(later.defaultPrevented).toBe(false);
    delete process.env.AGENT_DESK_HOME;
  });
});
