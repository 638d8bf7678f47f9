// BA6: a conversation whose settings box its commands gets the box ready before its first command
// (the runtime loaded and its proxy started once), and a box that cannot start is left for that
// command to report. A stand-in runtime counts what is started.
import { describe, expect, it } from 'vitest';
import { createAppSandbox } from './runtime';
import { sandboxPolicy } from './policy';

function fakeRuntime(opts: { supported?: boolean } = {}) {
  const counts = { loads: 0, initialize: 0, wraps: 0 };
  const store = { subscribe: () => () => {}, getTotalCount: () => 0, getViolations: () => [] };
  const SandboxManager = {
    isSupportedPlatform: () => opts.supported ?? true,
    checkDependencies: () => ({ errors: [], warnings: [] }),
    initialize: async () => void (counts.initialize += 1),
    getSandboxViolationStore: () => store,
    wrapWithSandboxArgv: async (line: string) => ((counts.wraps += 1), { argv: ['/bin/sh', '-c', line], env: {} }),
    annotateStderrWithSandboxFailures: (_id: string, s: string) => s,
    cleanupAfterCommand: () => {},
    reset: async () => {},
  };
  const load = async () => ((counts.loads += 1), { SandboxManager } as never);
  return { counts, load };
}

const settle = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

const policy = sandboxPolicy({ sandbox: { enabled: true, excludedCommands: [], network: { allowedDomains: [], allowUnixSockets: [] }, filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] } }, rules: { allow: [], deny: [], ask: [] }, workingDirectories: ['/p'], projectDir: '/p' });

describe('getting the box ready early (BA6)', () => {
  it('warm() starts the proxy once; the first command finds it started', async () => {
    const { counts, load } = fakeRuntime();
    const box = createAppSandbox({ load });
    box.warm();
    box.warm();
    await settle(() => counts.initialize > 0);
    expect(counts.initialize).toBe(1);
    const boxed = await box.wrap({ launch: { file: '/bin/echo', args: ['hi'], cwd: '/p', env: {} }, policy, sessionId: 's', command: 'echo hi' });
    boxed.done();
    expect(counts).toMatchObject({ initialize: 1, wraps: 1 });
    await box.dispose();
  });

  it('warm() on a computer where the box cannot start starts nothing and throws nothing', async () => {
    const { counts, load } = fakeRuntime({ supported: false });
    const box = createAppSandbox({ load });
    box.warm();
    await settle(() => box.knownStatus() !== undefined);
    expect(box.knownStatus()).toMatchObject({ available: false });
    expect(counts.initialize).toBe(0);
  });
});
