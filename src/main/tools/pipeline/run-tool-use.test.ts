import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { createHeadlessPrompter } from '../../permissions/headless-prompter';
import type { Prompter, RuleEntry } from '../../permissions/types';
import type { AnyTool } from '../core/tool';
import { userStopped, USER_STOPPED_MESSAGE } from '../executor/outcomes';
import type { HookRunner, PreToolUseResult, SafetyClassifier } from './deps';
import { NO_HOOKS } from './deps';
import { createRunToolUse } from './run-tool-use';
import { deferred, drain, harness, makeBashLike, makeTool, scriptedPrompter, toolUse } from './test-helpers';

const states = (views: { id: string; state: string }[], id = 't1') => views.filter((v) => v.id === id).map((v) => v.state);
const noProgress = () => {};
const live = () => new AbortController().signal;
const allow = (rule: string, source: RuleEntry['source'] = 'cliArg') => ({ allow: [{ rule, source }], deny: [], ask: [] });

function recordingHooks(events: string[], pre: Partial<PreToolUseResult> = {}, feedback?: string): HookRunner {
  return {
    preToolUse: async (e) => (events.push(`preToolUse:${e.toolName}`), { messages: [], ...pre }),
    postToolUse: async (e) => (events.push(`postToolUse:${e.toolName}`), { feedback, messages: [] }),
    postToolUseFailure: async (e) => (events.push(`postToolUseFailure:${e.toolName}:${e.error}`), { feedback, messages: [] }),
  };
}

describe('run-tool-use: the orchestrator sequences PL1–PL8 and publishes each state', () => {
  it('an allowed call: validating → running → succeeded, result for the model and the card', async () => {
    const read = makeTool({ name: 'Read', isReadOnly: () => true, summarize: (i: { text?: string }) => `read ${i.text}` });
    const h = harness({ tools: [read] });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Read', { text: 'a.ts' }), live(), noProgress);
    expect(out).toMatchObject({ toolUseId: 't1', content: 'a.ts', isError: false, state: 'succeeded' });
    expect(states(h.views)).toEqual(['validating', 'running', 'succeeded']);
    const last = h.views.at(-1)!;
    expect(last).toMatchObject({ id: 't1', name: 'Read', messageId: 'msg1', summary: 'read a.ts', result: { text: 'a.ts', isError: false, data: 'a.ts' } });
    expect(last.endedAt! > last.startedAt!).toBe(true);
  });

  it('PL1 unknown tool → failed with the error text; nothing else runs', async () => {
    const events: string[] = [];
    const h = harness({ tools: [], hooks: recordingHooks(events) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Imaginary', {}), live(), noProgress);
    expect(out).toEqual({ toolUseId: 't1', content: '<tool_use_error>Error: No such tool available: Imaginary</tool_use_error>', isError: true, state: 'failed' });
    expect(states(h.views)).toEqual(['validating', 'failed']);
    expect(h.views.at(-1)!.error).toEqual({ message: out.content, code: 'unknown_tool' });
    expect(events).toEqual([]);
  });

  it('PL1 a deprecated alias runs the tool and appends the deprecation note', async () => {
    const agent = makeTool({ name: 'Agent', deprecatedAliases: ['Task'] });
    const h = harness({ tools: [agent] });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Task', { text: 'done' }), live(), noProgress);
    expect(out.state).toBe('succeeded');
    expect(out.content).toBe('done\n\nNote: the tool name "Task" is deprecated; call "Agent" instead.');
    expect(h.views.at(-1)!.name).toBe('Agent');
  });

  it('PL2 a zod failure is failed with <tool_use_error>, before any hook', async () => {
    const events: string[] = [];
    const h = harness({ tools: [makeBashLike()], hooks: recordingHooks(events) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { cmd: 'ls' }), live(), noProgress);
    expect(out.state).toBe('failed');
    expect(out.content).toMatch(/^<tool_use_error>InputValidationError: Bash failed due to the following issue:\nThe required parameter `command` is missing/);
    expect(events).toEqual([]);
  });

  it('PL2 coerced input reaches the tool ("5" → 5)', async () => {
    let seen: unknown;
    const h = harness({ tools: [makeBashLike({ call: async (i) => ((seen = i), { data: 'ok' }) })], rules: allow('Bash') });
    await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls', timeout: '5' }), live(), noProgress);
    expect(seen).toEqual({ command: 'ls', timeout: 5 });
  });

  it('PL2 validateInput reject → failed (an error to fix, not a refusal) with its message', async () => {
    const w = makeTool({ name: 'Write', validateInput: () => ({ result: false, message: 'File has not been read yet. Read it first before writing.', errorCode: 6 }) });
    const h = harness({ tools: [w] });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Write', { text: 'x' }), live(), noProgress);
    expect(out).toMatchObject({ state: 'failed', isError: true, content: '<tool_use_error>File has not been read yet. Read it first before writing.</tool_use_error>' });
    expect(states(h.views)).toEqual(['validating', 'failed']);
  });

  it("PL2 validateInput ask → the prompt shows its message; allow once runs it", async () => {
    const w = makeTool({ name: 'Write', validateInput: () => ({ result: false, message: 'Write outside the project?', behavior: 'ask' }), isDestructive: () => true });
    const prompter = scriptedPrompter([{ decision: 'allow_once' }]);
    const h = harness({ tools: [w], prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Write', { text: 'x' }), live(), noProgress);
    expect(out.state).toBe('succeeded');
    expect(states(h.views)).toEqual(['validating', 'awaiting_permission', 'running', 'succeeded']);
    expect(prompter.requests).toEqual([
      { requestId: 'req1', sessionId: 's1', toolUseId: 't1', toolName: 'Write', kind: 'other', input: { text: 'x' }, message: 'Write outside the project?', reason: 'Write outside the project?', suggestions: ['Write'], scopes: [{ kind: 'rule', label: 'Every use of Write', rule: 'Write', recommended: true }], destructive: true,
        explanation: {
          decision: 'ask',
          reason: { kind: 'check', name: 'validation', detail: 'Write outside the project?' },
          text: "Asked by Write's input check: Write outside the project?",
        } },
    ]);
  });

  it('PL3 hook and classifier start together, before either ends; then permission, run, post hook (recorded order)', async () => {
    const events: string[] = [];
    const hookGate = deferred<void>();
    const hooks: HookRunner = {
      ...recordingHooks(events),
      preToolUse: async () => {
        events.push('hook:started');
        await hookGate.promise;
        events.push('hook:finished');
        return { messages: [] };
      },
    };
    const classifier: SafetyClassifier = {
      classify: async () => {
        events.push('classifier:started');
        await drain();
        events.push('classifier:finished');
        return { verdict: 'allow', reason: 'read-only' };
      },
    };
    const bash = makeBashLike({ call: async () => (events.push('call'), { data: 'ok' }) });
    const h = harness({ tools: [bash], hooks, classifier });
    const run = createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls' }), live(), noProgress);
    await drain();
    expect(events.slice(0, 2)).toEqual(['hook:started', 'classifier:started']);
    hookGate.resolve();
    const out = await run;
    expect(out.state).toBe('succeeded');
    expect(events).toEqual(['hook:started', 'classifier:started', 'classifier:finished', 'hook:finished', 'call', 'postToolUse:Bash']);
    expect((out).decisionReason).toEqual({ type: 'classifier', reason: 'read-only' });
  });

  it('PL4a hook deny beats an allow rule; the tool never runs, no post hook', async () => {
    const events: string[] = [];
    const bash = makeBashLike({ call: async () => (events.push('call'), { data: 'x' }) });
    const h = harness({ tools: [bash], rules: allow('Bash'), hooks: recordingHooks(events, { decision: 'deny', reason: 'not today' }) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls' }), live(), noProgress);
    expect(out).toMatchObject({ state: 'rejected', content: 'PreToolUse hook denied this call: not today' });
    expect(events).toEqual(['preToolUse:Bash']);
    expect(h.views.at(-1)!.error?.code).toBe('hook_blocked');
  });

  it('PL4a hook ask beats an allow rule (prompted); hook allow runs a passthrough tool unprompted', async () => {
    const prompter = scriptedPrompter([{ decision: 'allow_once' }]);
    const h1 = harness({ tools: [makeBashLike()], rules: allow('Bash'), prompter, hooks: recordingHooks([], { decision: 'ask', reason: 'confirm deploys' }) });
    expect((await createRunToolUse(h1.deps)(toolUse('t1', 'Bash', { command: 'deploy' }), live(), noProgress)).state).toBe('succeeded');
    expect(prompter.requests.map((r) => r.message)).toEqual(['confirm deploys']);
    const h2 = harness({ tools: [makeBashLike()], hooks: recordingHooks([], { decision: 'allow' }) });
    expect((await createRunToolUse(h2.deps)(toolUse('t1', 'Bash', { command: 'deploy' }), live(), noProgress)).state).toBe('succeeded');
    expect(states(h2.views)).toEqual(['validating', 'running', 'succeeded']);
  });

  it("PL4 a hook's updated input is validated again and is what runs", async () => {
    let seen: unknown;
    const bash = makeBashLike({ call: async (i) => ((seen = i), { data: 'ok' }) });
    const h = harness({ tools: [bash], rules: allow('Bash'), hooks: recordingHooks([], { updatedInput: { command: 'ls -la', timeout: '9' } }) });
    await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls' }), live(), noProgress);
    expect(seen).toEqual({ command: 'ls -la', timeout: 9 });
    const bad = harness({ tools: [bash], rules: allow('Bash'), hooks: recordingHooks([], { updatedInput: { nope: 1 } }) });
    const out = await createRunToolUse(bad.deps)(toolUse('t1', 'Bash', { command: 'ls' }), live(), noProgress);
    expect(out.state).toBe('failed');
    expect(out.content).toContain('InputValidationError');
  });

  it('PL4 a deny rule beats the tool\'s own allow', async () => {
    const read = makeTool({ name: 'Read' });
    const h = harness({ tools: [read], rules: { allow: [], ask: [], deny: [{ rule: 'Read', source: 'policySettings' }] } });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Read', { text: 'x' }), live(), noProgress);
    expect(out).toMatchObject({ state: 'rejected', content: 'Permission to use Read has been denied by the rule Read in the managed policy.' });
    expect(h.views.at(-1)!.error?.code).toBe('permission_denied');
  });

  it('PL4e headless: an ask becomes a denial with the exact flag to allow it', async () => {
    const h = harness({ tools: [makeBashLike()], prompter: createHeadlessPrompter() });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'npm test' }), live(), noProgress);
    expect(out).toEqual({
      toolUseId: 't1',
      state: 'rejected',
      isError: true,
      content:
        'Permission to use Bash was not granted: agent-desk ran headless and no rule allowed it. Allow it with --allowedTools "Bash(npm test)" or a permissions.allow rule.',
      decisionReason: { type: 'headless', reason: 'no interactive prompt' },
    });
    expect(states(h.views)).toEqual(['validating', 'awaiting_permission', 'rejected']);
  });

  it('PL4e allow_always saves a session rule: the next identical call runs without asking', async () => {
    const prompter = scriptedPrompter([{ decision: 'allow_always' }]);
    const h = harness({ tools: [makeBashLike()], prompter });
    const run = createRunToolUse(h.deps);
    expect((await run(toolUse('t1', 'Bash', { command: 'npm test' }), live(), noProgress)).state).toBe('succeeded');
    expect(h.sessionRules.rules().allow).toEqual([{ rule: 'Bash(npm test)', source: 'session' }]);
    const second = await run(toolUse('t2', 'Bash', { command: 'npm test' }), live(), noProgress);
    expect(second.state).toBe('succeeded');
    expect(prompter.requests).toHaveLength(1);
    expect(states(h.views, 't2')).toEqual(['validating', 'running', 'succeeded']);
    expect((second).decisionReason).toEqual({ type: 'rule', rule: 'Bash(npm test)', source: 'session', behavior: 'allow' });
    // A different command still asks (the prompter has no answers left → fails closed to a denial).
    expect((await run(toolUse('t3', 'Bash', { command: 'npm publish' }), live(), noProgress)).state).toBe('rejected');
  });

  it('PL4e allow_always with the chosen prefix rule covers later commands of that prefix', async () => {
    const prompter = scriptedPrompter((req) => ({ decision: 'allow_always', rule: req.suggestions[1] }));
    const h = harness({ tools: [makeBashLike()], prompter });
    const run = createRunToolUse(h.deps);
    await run(toolUse('t1', 'Bash', { command: 'git commit -m a' }), live(), noProgress);
    await run(toolUse('t2', 'Bash', { command: 'git commit -m b' }), live(), noProgress);
    expect(prompter.requests).toHaveLength(1);
    expect(h.sessionRules.rules().allow.map((r) => r.rule)).toEqual(['Bash(git commit:*)']);
  });

  it("PL4e a user's denial quotes their feedback to the model", async () => {
    const prompter = scriptedPrompter([{ decision: 'deny', feedback: 'use pnpm, not npm' }]);
    const h = harness({ tools: [makeBashLike()], prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'npm i' }), live(), noProgress);
    expect(out).toMatchObject({ state: 'rejected', content: 'The user denied this Bash call, so it did not run. The user said:\nuse pnpm, not npm' });
  });

  it('PL4f the third denial of one pattern adds guidance for the model', async () => {
    const h = harness({ tools: [makeBashLike()], prompter: createHeadlessPrompter() });
    const run = createRunToolUse(h.deps);
    const outs = [];
    for (const [i, cmd] of ['rm a', 'rm -r b', 'rm c'].entries()) outs.push(await run(toolUse(`t${i}`, 'Bash', { command: cmd }), live(), noProgress));
    expect(outs[0]!.content).not.toContain('Note:');
    expect(outs[1]!.content).not.toContain('Note:');
    expect(outs[2]!.content).toContain('Note: Bash(rm:*) has been denied 3 times in this session. Do not request it again');
  });

  it('PL5 progress is forwarded while the tool runs', async () => {
    const got: ToolProgress[] = [];
    const bash = makeBashLike({ call: async (_i, _c, _u, _m, p) => (p({ type: 'output', stream: 'stdout', text: 'hello' }), { data: 'ok' }) });
    const h = harness({ tools: [bash], rules: allow('Bash') });
    await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'echo hello' }), live(), (p) => got.push(p));
    expect(got).toEqual([{ type: 'output', stream: 'stdout', text: 'hello' }]);
  });

  it('PL8 a throwing tool → failed, classified, PostToolUseFailure (not PostToolUse), feedback appended', async () => {
    const events: string[] = [];
    const bash = makeBashLike({
      call: async () => {
        throw Object.assign(new Error('spawn /bin/zsh EACCES'), { code: 'EACCES' });
      },
    });
    const h = harness({ tools: [bash], rules: allow('Bash'), hooks: recordingHooks(events, {}, 'check your shell') });
    const out = (await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls' }), live(), noProgress));
    expect(out).toMatchObject({
      state: 'failed',
      isError: true,
      errorClass: 'Error:EACCES',
      content: '<tool_use_error>Error: spawn /bin/zsh EACCES</tool_use_error>\n\nPostToolUseFailure hook feedback:\ncheck your shell',
    });
    expect(events).toEqual(['preToolUse:Bash', 'postToolUseFailure:Bash:spawn /bin/zsh EACCES']);
    expect(states(h.views)).toEqual(['validating', 'running', 'failed']);
    expect(h.views.at(-1)!.error).toEqual({ message: 'spawn /bin/zsh EACCES', code: 'execution_failed' });
  });

  it('PL7 success → PostToolUse with the output; its feedback is appended to the result', async () => {
    const events: string[] = [];
    const h = harness({ tools: [makeBashLike()], rules: allow('Bash'), hooks: recordingHooks(events, {}, 'formatted 2 files') });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'fmt' }), live(), noProgress);
    expect(out.content).toBe('ran fmt\n\nPostToolUse hook feedback:\nformatted 2 files');
    expect(events).toEqual(['preToolUse:Bash', 'postToolUse:Bash']);
  });

  it('PL7 a result the tool marks as an error is failed and routed to PostToolUseFailure', async () => {
    const events: string[] = [];
    const bash = makeBashLike({ call: async () => ({ data: 'exit 2' }), mapResult: (o) => ({ content: o, isError: true }) });
    const h = harness({ tools: [bash], rules: allow('Bash'), hooks: recordingHooks(events) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'false' }), live(), noProgress);
    expect(out).toMatchObject({ state: 'failed', isError: true, content: 'exit 2' });
    expect(events).toEqual(['preToolUse:Bash', 'postToolUseFailure:Bash:exit 2']);
  });

  it('PL6 a large result is persisted whole and referenced; the card knows the path', async () => {
    const full = 'z'.repeat(60_000);
    const tool = makeTool({ name: 'Grep', call: async () => ({ data: full }) });
    const h = harness({ tools: [tool] });
    const out = (await createRunToolUse(h.deps)(toolUse('toolu_9', 'Grep', { text: '' }), live(), noProgress));
    const path = '/sessions/s1/tool-results/toolu_9.txt';
    expect(out.persistedPath).toBe(path);
    expect(h.persister.files.get(path)).toBe(full);
    expect(out.content).toContain(`saved to: ${path}`);
    expect(h.views.at(-1)!.result).toMatchObject({ persistedPath: path, isError: false });
  });

  it('cancel while the prompt is open → cancelled, the tool never runs', async () => {
    let ran = false;
    const never: Prompter = { prompt: () => new Promise(() => {}) };
    const h = harness({ tools: [makeBashLike({ call: async () => ((ran = true), { data: '' }) })], prompter: never });
    const controller = new AbortController();
    const run = createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls' }), controller.signal, noProgress);
    await drain();
    expect(states(h.views)).toEqual(['validating', 'awaiting_permission']);
    controller.abort(userStopped());
    expect(await run).toEqual({ toolUseId: 't1', state: 'cancelled', isError: true, content: USER_STOPPED_MESSAGE });
    expect(ran).toBe(false);
    expect(states(h.views)).toEqual(['validating', 'awaiting_permission', 'cancelled']);
  });

  it('cancel while running → cancelled, no post hooks', async () => {
    const events: string[] = [];
    const bash = makeBashLike({
      call: (_i, ctx) => new Promise((_r, rej) => ctx.abortSignal.addEventListener('abort', () => rej(Object.assign(new Error('aborted'), { name: 'AbortError' })))),
    });
    const h = harness({ tools: [bash], rules: allow('Bash'), hooks: recordingHooks(events) });
    const controller = new AbortController();
    const run = createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'sleep 100' }), controller.signal, noProgress);
    await drain();
    controller.abort(userStopped());
    expect(await run).toEqual({
      toolUseId: 't1',
      state: 'cancelled',
      isError: true,
      content: USER_STOPPED_MESSAGE,
      decisionReason: { type: 'rule', rule: 'Bash', source: 'cliArg', behavior: 'allow' },
    });
    expect(h.views.at(-1)!.error).toEqual({ message: USER_STOPPED_MESSAGE, code: 'cancelled' });
    expect(events).toEqual(['preToolUse:Bash']);
    expect(states(h.views)).toEqual(['validating', 'running', 'cancelled']);
  });

  it('canUseTool given to a tool runs the same decision and prompt for nested calls', async () => {
    const inner = makeBashLike();
    let nested: unknown;
    const outer: AnyTool = makeTool({ name: 'Agent', call: async (_i, ctx, canUseTool) => ((nested = await canUseTool(inner, { command: 'rm -rf x' }, ctx)), { data: 'ok' }) });
    const h = harness({ tools: [outer, inner], prompter: scriptedPrompter([{ decision: 'deny' }]) });
    await createRunToolUse(h.deps)(toolUse('t1', 'Agent', { text: '' }), live(), noProgress);
    expect(nested).toMatchObject({ behavior: 'deny', message: expect.stringContaining('The user denied this Bash call') });
  });

  it('hook messages go to the user (outcome), never into the model\'s content; a post hook stop is passed on', async () => {
    const h = harness({
      tools: [makeTool({ name: 'Read' })],
      hooks: {
        preToolUse: async () => ({ messages: ['PreToolUse hook "lint" timed out', 7 as never] }),
        postToolUse: async () => ({ messages: ['systemMessage: cache warmed'], stop: { reason: 'enough for today' } }),
        postToolUseFailure: async () => ({ messages: [] }),
      },
    });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Read', { text: 'x' }), live(), noProgress);
    expect(out).toMatchObject({
      state: 'succeeded',
      content: 'x',
      hookMessages: ['PreToolUse hook "lint" timed out', 'systemMessage: cache warmed'],
      stopTurn: { reason: 'enough for today' },
    });
  });

  it('PL8 nothing throws out: a publisher that throws, a context that throws', async () => {
    const h = harness({ tools: [makeTool({ name: 'Read' })] });
    h.deps.publish = () => {
      throw new Error('renderer gone');
    };
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Read', { text: 'x' }), live(), noProgress);
    expect(out).toMatchObject({ state: 'succeeded', content: 'x' });
    const broken = harness({ tools: [makeTool({ name: 'Read' })] });
    broken.deps.context = () => {
      throw new Error('no session');
    };
    expect(await createRunToolUse(broken.deps)(toolUse('t1', 'Read', {}), live(), noProgress)).toEqual({
      toolUseId: 't1',
      content: '<tool_use_error>Error: the tool pipeline failed (Error)</tool_use_error>',
      isError: true,
      state: 'failed',
      errorClass: 'Error',
    });
  });

  it('TC5 the card and the hooks see the observable input; the tool gets the model\'s', async () => {
    let hookSaw: unknown;
    let toolSaw: unknown;
    const read = makeTool({
      name: 'Read',
      inputSchema: () => z.object({ file_path: z.string() }),
      backfillObservableInput: (i: { file_path: string }) => ({ ...i, file_path: `/project/${i.file_path}` }),
      call: async (i) => ((toolSaw = i), { data: 'ok' }),
    });
    const h = harness({ tools: [read], hooks: { ...NO_HOOKS, preToolUse: async (e) => ((hookSaw = e.toolInput), { messages: [] }) } });
    await createRunToolUse(h.deps)(toolUse('t1', 'Read', { file_path: 'a.ts' }), live(), noProgress);
    expect(hookSaw).toEqual({ file_path: '/project/a.ts' });
    expect(toolSaw).toEqual({ file_path: 'a.ts' });
    expect(h.views.at(-1)!.input).toEqual({ file_path: '/project/a.ts' });
  });
});
