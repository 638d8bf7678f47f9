import { describe, expect, it } from 'vitest';
import type { ClassifierVerdict, HookRunner, PreToolUseResult, SafetyClassifier } from './deps';
import { NO_HOOKS } from './deps';
import { startPreChecks } from './pre-checks';
import { deferred, drain, makeBashLike, makeCtx, makeTool, silentLog } from './test-helpers';

function recordingPair(events: string[]) {
  const hookDone = deferred<PreToolUseResult>();
  const classDone = deferred<ClassifierVerdict>();
  const hooks: HookRunner = {
    ...NO_HOOKS,
    preToolUse: (e) => {
      events.push(`hook:started:${e.toolName}`);
      return hookDone.promise.then((r) => (events.push('hook:finished'), r));
    },
  };
  const classifier: SafetyClassifier = {
    classify: () => {
      events.push('classifier:started');
      return classDone.promise.then((r) => (events.push('classifier:finished'), r));
    },
  };
  return { hooks, classifier, hookDone, classDone };
}

describe('PL3 pre-tool hook and classifier in parallel', () => {
  it('both start before either finishes (recorded order)', async () => {
    const events: string[] = [];
    const { hooks, classifier, hookDone, classDone } = recordingPair(events);
    const tool = makeBashLike();
    const pre = startPreChecks({ tool, input: { command: 'ls' }, hookInput: { command: 'ls' }, toolUseId: 't1', ctx: makeCtx([tool]), hooks, classifier, log: silentLog() });
    expect(events).toEqual(['hook:started:Bash', 'classifier:started']);
    classDone.resolve({ verdict: 'allow', reason: 'read-only' });
    await drain();
    hookDone.resolve({ messages: [], decision: 'ask' });
    expect(await pre.hook).toEqual({ messages: [], decision: 'ask' });
    expect(await pre.classifier).toEqual({ verdict: 'allow', reason: 'read-only' });
    expect(events).toEqual(['hook:started:Bash', 'classifier:started', 'classifier:finished', 'hook:finished']);
  });

  it('a synchronous throw in the hook runner does not stop the classifier from starting', async () => {
    const events: string[] = [];
    const hooks: HookRunner = {
      ...NO_HOOKS,
      preToolUse: () => {
        events.push('hook:threw');
        throw new Error('bad hook config');
      },
    };
    const classifier: SafetyClassifier = { classify: async () => (events.push('classifier:started'), { verdict: 'none' }) };
    const tool = makeBashLike();
    const log = silentLog();
    const pre = startPreChecks({ tool, input: { command: 'ls' }, hookInput: {}, toolUseId: 't1', ctx: makeCtx([tool]), hooks, classifier, log });
    expect(events).toEqual(['hook:threw', 'classifier:started']);
    expect(await pre.hook).toEqual({ messages: [] });
    expect(log.warnings[0]).toContain('PreToolUse hooks failed');
  });

  it("a tool whose classifier input is '' is never sent to the classifier (TC2)", async () => {
    let calls = 0;
    const classifier: SafetyClassifier = { classify: async () => (calls++, { verdict: 'allow' }) };
    const tool = makeTool({ name: 'Write' });
    const pre = startPreChecks({ tool, input: { text: 'x' }, hookInput: {}, toolUseId: 't1', ctx: makeCtx([tool]), hooks: NO_HOOKS, classifier, log: silentLog() });
    expect(await pre.classifier).toEqual({ verdict: 'none' });
    expect(calls).toBe(0);
  });

  it('cancel() aborts the signal the classifier got; malformed answers mean "no opinion"', async () => {
    let seen: AbortSignal | undefined;
    const classifier: SafetyClassifier = {
      classify: async (_t, _i, ctx) => {
        seen = ctx.abortSignal;
        return { verdict: 'maybe' } as unknown as ClassifierVerdict;
      },
    };
    const hooks: HookRunner = { ...NO_HOOKS, preToolUse: async () => ({ decision: 'yes' }) as unknown as PreToolUseResult };
    const tool = makeBashLike();
    const pre = startPreChecks({ tool, input: { command: 'ls' }, hookInput: {}, toolUseId: 't1', ctx: makeCtx([tool]), hooks, classifier, log: silentLog() });
    expect(await pre.classifier).toEqual({ verdict: 'none' });
    expect(await pre.hook).toEqual({ messages: [] });
    expect(seen?.aborted).toBe(false);
    pre.cancel();
    expect(seen?.aborted).toBe(true);
  });
});
