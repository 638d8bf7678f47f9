import { describe, expect, it } from 'vitest';
import type { HookRunner } from './deps';
import { runPostHooks } from './post-hooks';
import { makeCtx, makeTool, silentLog } from './test-helpers';

function recordingHooks(feedback?: string) {
  const calls: Array<[string, unknown]> = [];
  const hooks: HookRunner = {
    preToolUse: async () => ({ messages: [] }),
    postToolUse: async (e) => (calls.push(['PostToolUse', e]), { feedback, messages: ['hook ran'] }),
    postToolUseFailure: async (e) => (calls.push(['PostToolUseFailure', e]), { feedback, messages: [] }),
  };
  return { hooks, calls };
}

const tool = makeTool({ name: 'Bash' });
const ctx = makeCtx([tool]);

describe('PL7 post-tool hooks', () => {
  it('success → PostToolUse with name, input and output (not the failure event)', async () => {
    const { hooks, calls } = recordingHooks();
    expect(await runPostHooks({ hooks, tool, input: { command: 'ls' }, toolUseId: 't1', ctx, log: silentLog(), outcome: 'success', output: { stdout: 'a' } })).toEqual({ messages: ['hook ran'] });
    expect(calls).toEqual([
      ['PostToolUse', { sessionId: 's1', toolName: 'Bash', toolInput: { command: 'ls' }, toolResponse: { stdout: 'a' }, toolUseId: 't1', cwd: '/project' }],
    ]);
  });

  it('failure → PostToolUseFailure with name, input and error', async () => {
    const { hooks, calls } = recordingHooks();
    await runPostHooks({ hooks, tool, input: { command: 'x' }, toolUseId: 't2', ctx, log: silentLog(), outcome: 'failure', error: 'exit 1' });
    expect(calls).toEqual([['PostToolUseFailure', { sessionId: 's1', toolName: 'Bash', toolInput: { command: 'x' }, error: 'exit 1', toolUseId: 't2', cwd: '/project' }]]);
  });

  it("a hook's exit-2 feedback comes back for the model, labelled by event", async () => {
    const { hooks } = recordingHooks('lint failed: fix src/a.ts');
    expect(await runPostHooks({ hooks, tool, input: {}, toolUseId: 't', ctx, log: silentLog(), outcome: 'success', output: 1 })).toEqual({
      feedback: 'PostToolUse hook feedback:\nlint failed: fix src/a.ts',
      messages: ['hook ran'],
    });
  });

  it('a hook asking to stop (continue: false) is passed on', async () => {
    const hooks: HookRunner = { ...recordingHooks().hooks, postToolUse: async () => ({ stop: { reason: 'deploy finished' }, messages: [] }) };
    expect(await runPostHooks({ hooks, tool, input: {}, toolUseId: 't', ctx, log: silentLog(), outcome: 'success', output: 1 })).toEqual({ stop: { reason: 'deploy finished' }, messages: [] });
  });

  it('a failing hook is logged and never breaks the call', async () => {
    const log = silentLog();
    const hooks: HookRunner = {
      preToolUse: async () => ({ messages: [] }),
      postToolUse: async () => {
        throw new Error('hook crashed');
      },
      postToolUseFailure: async () => ({ messages: [] }),
    };
    expect(await runPostHooks({ hooks, tool, input: {}, toolUseId: 't', ctx, log, outcome: 'success', output: 1 })).toEqual({ messages: [] });
    expect(log.warnings).toEqual(['PostToolUse hooks failed for Bash; the result is kept']);
  });
});
