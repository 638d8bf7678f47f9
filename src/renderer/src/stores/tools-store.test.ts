// The tools store against a fake bridge: every new session event (tool_call, tool_progress,
// permission_request/resolved, usage), batching of progress, session:open snapshots and replies.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionEvent, UsageTotals } from '../../../shared/session-events';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { SessionSummary } from '../../../shared/transcript';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { createStores, type Stores } from './create-stores';
import { appendProgress, progressText, PROGRESS_LIMIT_CHARS } from './progress-log';

const project = { dir: '/tmp/proj', name: 'proj' };
const init: AppInit = {
  host: 'web',
  version: '0.1.0',
  project,
  auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false },
  model: 'claude-test',
  recentProjects: [],
};
const summary = (id: string): SessionSummary => ({ id, projectDir: project.dir, title: `Title ${id}`, createdAt: 1, updatedAt: 1, messageCount: 0 });

function call(id: string, state: ToolCallView['state'], over: Partial<ToolCallView> = {}): ToolCallView {
  return { id, name: 'Bash', userFacingName: 'Bash', messageId: 'a1', input: { command: 'ls' }, state, ...over };
}
function request(requestId: string, sessionId = 's1', over: Partial<PermissionRequestView> = {}): PermissionRequestView {
  return {
    requestId,
    sessionId,
    toolUseId: `tu-${requestId}`,
    toolName: 'Bash',
    input: { command: 'ls' },
    message: 'Bash commands need approval unless a rule allows them.',
    suggestions: ['Bash(ls)'],
    destructive: false,
    ...over,
  };
}
const totals = (inputTokens: number, costUsd: number | null = 0.01): UsageTotals => ({ inputTokens, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd });

function manualFrames(): { schedule: (run: () => void) => () => void; frame: () => void } {
  let queue: (() => void)[] = [];
  return {
    schedule(run) {
      queue.push(run);
      return () => (queue = queue.filter((r) => r !== run));
    },
    frame() {
      const q = queue;
      queue = [];
      for (const r of q) r();
    },
  };
}
const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('tools store (issue 3 renderer: tool-call state flows one way)', () => {
  let bridge: FakeBridge;
  let frames: ReturnType<typeof manualFrames>;
  let stores: Stores;
  const ev = (e: SessionEvent): void => bridge.emit('session:event', e);
  const tools = () => stores.tools.getState();

  beforeEach(async () => {
    bridge = createFakeBridge();
    frames = manualFrames();
    bridge.handle('app:init', () => init);
    bridge.handle('session:list', () => ({ sessions: [summary('s1'), summary('s2')] }));
    bridge.handle('session:open', ({ sessionId }) => ({ session: summary(sessionId), messages: [], status: 'idle' as const }));
    bridge.handle('permission:reply', () => ({ accepted: true }));
    bridge.handle('permission:pending', () => ({ requests: [] }));
    stores = createStores(bridge, { schedule: frames.schedule });
    await stores.start();
    await stores.sessions.getState().open('s1');
  });

  it('tool_call keeps the latest snapshot per call, for the open session only', () => {
    ev({ sessionId: 's1', type: 'tool_call', call: call('c1', 'validating') });
    ev({ sessionId: 's1', type: 'tool_call', call: call('c1', 'awaiting_permission') });
    ev({ sessionId: 's1', type: 'tool_call', call: call('c2', 'running') });
    ev({ sessionId: 's2', type: 'tool_call', call: call('x', 'running') });
    expect(Object.keys(tools().calls)).toEqual(['c1', 'c2']);
    expect(tools().calls.c1?.state).toBe('awaiting_permission');
    ev({ sessionId: 's1', type: 'tool_call', call: call('c1', 'succeeded', { result: { text: 'ok', isError: false } }) });
    expect(tools().calls.c1).toMatchObject({ state: 'succeeded', result: { text: 'ok' } });
  });

  it('tool_progress is appended per call, once per frame, and flushed before the next snapshot', () => {
    ev({ sessionId: 's1', type: 'tool_call', call: call('c1', 'running') });
    let updates = 0;
    const off = stores.tools.subscribe(() => updates++);
    for (const text of ['line1\n', 'line2\n', 'line3\n']) ev({ sessionId: 's1', type: 'tool_progress', callId: 'c1', progress: { type: 'output', stream: 'stdout', text } });
    ev({ sessionId: 's1', type: 'tool_progress', callId: 'c1', progress: { type: 'output', stream: 'stderr', text: 'warn\n' } });
    ev({ sessionId: 's1', type: 'tool_progress', callId: 'c1', progress: { type: 'status', text: 'Output continues' } });
    expect(updates).toBe(0);
    frames.frame();
    expect(updates).toBe(1);
    off();
    const log = tools().progress.c1!;
    expect(log.chunks.map((c) => [c.stream, c.text])).toEqual([
      ['stdout', 'line1\nline2\nline3\n'],
      ['stderr', 'warn\n'],
    ]);
    expect(log.status).toBe('Output continues');

    ev({ sessionId: 's1', type: 'tool_progress', callId: 'c1', progress: { type: 'output', stream: 'stdout', text: 'last\n' } });
    ev({ sessionId: 's1', type: 'tool_call', call: call('c1', 'succeeded') });
    // No frame needed: the terminal snapshot pulled the pending output in first.
    expect(progressText(tools().progress.c1)).toBe('line1\nline2\nline3\nwarn\nlast\n');
    ev({ sessionId: 's2', type: 'tool_progress', callId: 'zz', progress: { type: 'output', stream: 'stdout', text: 'elsewhere' } });
    frames.frame();
    expect(tools().progress.zz).toBeUndefined();
  });

  it('progress output is bounded to the last ~200 KB, counting what was hidden', () => {
    const big = 'x'.repeat(150_000);
    let log = appendProgress(undefined, [{ type: 'output', stream: 'stdout', text: big }]);
    log = appendProgress(log, [{ type: 'output', stream: 'stderr', text: 'e'.repeat(100_000) }]);
    expect(log.size).toBe(PROGRESS_LIMIT_CHARS);
    expect(log.hiddenChars).toBe(50_000);
    expect(log.chunks.map((c) => [c.stream, c.text.length])).toEqual([
      ['stdout', 100_000],
      ['stderr', 100_000],
    ]);
    log = appendProgress(log, [{ type: 'output', stream: 'stdout', text: 'y'.repeat(150_000) }]);
    expect(log.hiddenChars).toBe(200_000);
    expect(log.chunks.map((c) => [c.stream, c.text.length])).toEqual([
      ['stderr', 50_000],
      ['stdout', 150_000],
    ]);
    // Chunk ids stay stable while the front is trimmed (React keys).
    expect(log.chunks.map((c) => c.id)).toEqual([1, 2]);
  });

  it('permission requests queue up from every session, oldest first; permission_resolved removes them', () => {
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    ev({ sessionId: 's2', type: 'permission_request', request: request('r2', 's2') });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r3') });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') }); // a repeat is not a new request
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['r1', 'r2', 'r3']);
    ev({ sessionId: 's1', type: 'permission_resolved', requestId: 'r1', decision: 'allow_once' });
    ev({ sessionId: 's2', type: 'permission_resolved', requestId: 'r2', decision: 'cancelled' });
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['r3']);
    // A late duplicate of a settled request does not bring it back.
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['r3']);
  });

  it('a request settled elsewhere is kept with how it ended — a task’s denial by the clock, a person’s answer in another window — but not one this window answered or a conversation’s withdrawn one', async () => {
    const task = { origin: { kind: 'task' as const, label: 'nightly deps', where: '~/p' } };
    for (const id of ['t1', 't2', 't3', 'own', 'mine']) ev({ sessionId: 's1', type: 'permission_request', request: request(id, 's1', id.startsWith('t') ? task : {}) });
    ev({ sessionId: 's1', type: 'permission_resolved', requestId: 't1', decision: 'deny', expired: true });
    ev({ sessionId: 's1', type: 'permission_resolved', requestId: 't2', decision: 'allow_once' });
    ev({ sessionId: 's1', type: 'permission_resolved', requestId: 't3', decision: 'cancelled' });
    ev({ sessionId: 's1', type: 'permission_resolved', requestId: 'own', decision: 'cancelled' });
    bridge.handle('permission:reply', () => {
      ev({ sessionId: 's1', type: 'permission_resolved', requestId: 'mine', decision: 'deny' });
      return { accepted: true };
    });
    await tools().reply('mine', 'deny');
    expect(tools().settled.map((s) => [s.request.requestId, s.decision, s.expired])).toEqual([
      ['t3', 'cancelled', false],
      ['t2', 'allow_once', false],
      ['t1', 'deny', true],
    ]);
    expect(tools().permissions).toEqual([]);
    tools().clearSettled();
    expect(tools().settled).toEqual([]);
  });

  it('reply sends the decision with only the fields that apply, then drops the request', async () => {
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r2') });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r3') });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r4') });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r5') });
    expect(await tools().reply('r1', 'deny', { feedback: '  use pnpm  ', rule: 'ignored', destination: 'userSettings' })).toBe(true);
    expect(await tools().reply('r2', 'allow_always', { rule: ' Bash(ls) ', feedback: 'ignored' })).toBe(true);
    expect(await tools().reply('r3', 'deny', { feedback: '   ' })).toBe(true);
    expect(await tools().reply('r4', 'allow_always', { rule: 'Bash(ls)', destination: 'localSettings' })).toBe(true);
    expect(await tools().reply('r5', 'allow_once', { destination: 'projectSettings' })).toBe(true);
    expect(bridge.calls.filter((c) => c.channel === 'permission:reply').map((c) => c.request)).toEqual([
      { requestId: 'r1', decision: 'deny', feedback: 'use pnpm' },
      { requestId: 'r2', decision: 'allow_always', rule: 'Bash(ls)' },
      { requestId: 'r3', decision: 'deny' },
      // PL4e: "Always allow" names the settings file to save to; other answers never carry one.
      { requestId: 'r4', decision: 'allow_always', rule: 'Bash(ls)', destination: 'localSettings' },
      { requestId: 'r5', decision: 'allow_once' },
    ]);
    expect(tools().permissions).toEqual([]);
    expect(tools().replying).toBeNull();
  });

  it('a reply main no longer wanted (accepted: false) still closes it; a failed one keeps it and shows a banner', async () => {
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    bridge.handle('permission:reply', () => ({ accepted: false }));
    expect(await tools().reply('r1', 'allow_once')).toBe(false);
    expect(tools().permissions).toEqual([]);

    ev({ sessionId: 's1', type: 'permission_request', request: request('r2') });
    bridge.fail('permission:reply', { code: 'internal', message: 'main is gone' });
    expect(await tools().reply('r2', 'allow_once')).toBe(false);
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['r2']);
    expect(stores.app.getState().banners.at(-1)).toMatchObject({ title: 'Your answer was not delivered', message: 'main is gone' });
  });

  it('one reply at a time: a second click while the first travels does nothing', async () => {
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    let release: () => void = () => {};
    bridge.handle('permission:reply', async () => {
      await new Promise<void>((r) => (release = r));
      return { accepted: true };
    });
    const first = tools().reply('r1', 'allow_once');
    expect(tools().replying).toBe('r1');
    expect(await tools().reply('r1', 'deny')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(bridge.calls.filter((c) => c.channel === 'permission:reply')).toHaveLength(1);
  });

  it('usage events keep the total and the last turn per session', () => {
    ev({ sessionId: 's1', type: 'usage', turn: totals(100), total: totals(100) });
    ev({ sessionId: 's1', type: 'usage', turn: totals(50), total: totals(150, 0.02) });
    ev({ sessionId: 's2', type: 'usage', turn: totals(7), total: totals(7) });
    expect(tools().usage.s1).toEqual({ turn: totals(50), total: totals(150, 0.02) });
    expect(tools().usage.s2?.total.inputTokens).toBe(7);
  });

  it("a subagent's call adds to the total and its card's own total; how full the conversation is stays its own; the budget is kept", () => {
    ev({ sessionId: 's1', type: 'usage', turn: totals(100), total: totals(100), context: { window: 1000 } });
    ev({ sessionId: 's1', type: 'usage', turn: totals(40), total: totals(140), agent: { toolUseId: 'toolu_a', total: totals(40) } });
    ev({ sessionId: 's1', type: 'usage', turn: totals(60), total: totals(200), agent: { toolUseId: 'toolu_a', total: totals(100, 0.01) } });
    expect(tools().usage.s1).toEqual({ turn: totals(100), total: totals(200), context: { window: 1000 } });
    expect(tools().agentUsage.toolu_a).toEqual(totals(100, 0.01));
    const budget = { limit: { usd: 1 }, spentUsd: 0.84, spentTokens: 200, percent: 84, phase: 'near' as const };
    ev({ sessionId: 's1', type: 'budget', budget });
    expect(tools().budget.s1).toEqual(budget);
  });

  it('session:open brings live calls, pending requests and usage; events that arrived meanwhile win', async () => {
    let release: () => void = () => {};
    bridge.handle('session:open', async ({ sessionId }) => {
      await new Promise<void>((r) => (release = r));
      return {
        session: summary(sessionId),
        messages: [],
        status: 'running' as const,
        toolCalls: [call('c1', 'running'), call('c2', 'awaiting_permission')],
        pendingPermissions: [request('r9', 's2'), request('r8', 's2')],
        usage: totals(999),
      };
    });
    const opening = stores.sessions.getState().open('s2');
    expect(tools().sessionId).toBe('s2');
    expect(tools().calls).toEqual({});
    // While the answer travels: c1 finished and r8 was answered elsewhere.
    ev({ sessionId: 's2', type: 'tool_call', call: call('c1', 'succeeded') });
    ev({ sessionId: 's2', type: 'permission_resolved', requestId: 'r8', decision: 'deny' });
    release();
    await opening;
    expect(tools().calls.c1?.state).toBe('succeeded');
    expect(tools().calls.c2?.state).toBe('awaiting_permission');
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['r9']);
    expect(tools().usage.s2).toEqual({ total: totals(999), turn: null });
  });

  it('switching sessions drops the old calls and progress; pending requests of other sessions stay', async () => {
    ev({ sessionId: 's1', type: 'tool_call', call: call('c1', 'running') });
    ev({ sessionId: 's1', type: 'tool_progress', callId: 'c1', progress: { type: 'output', stream: 'stdout', text: 'x' } });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    await stores.sessions.getState().open('s2');
    frames.frame();
    expect(tools().calls).toEqual({});
    expect(tools().progress).toEqual({});
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['r1']);
    stores.sessions.getState().startNew();
    expect(tools().sessionId).toBeNull();
  });

  it('after a reconnect, pending requests are read again from session:open (stale ones vanish)', async () => {
    ev({ sessionId: 's1', type: 'permission_request', request: request('stale') });
    bridge.handle('session:open', ({ sessionId }) => ({ session: summary(sessionId), messages: [], status: 'running' as const, pendingPermissions: [request('fresh')] }));
    bridge.setConnection('closed');
    bridge.setConnection('open');
    await flush();
    await flush();
    expect(tools().permissions.map((r) => r.requestId)).toEqual(['fresh']);
  });

  it('opening another project forgets everything', async () => {
    ev({ sessionId: 's1', type: 'usage', turn: totals(1), total: totals(1) });
    ev({ sessionId: 's1', type: 'permission_request', request: request('r1') });
    const other = { dir: '/tmp/other', name: 'other' };
    bridge.handle('project:open', () => ({ project: other }));
    bridge.handle('app:init', () => ({ ...init, project: other }));
    await stores.app.getState().openProject('/tmp/other');
    expect(tools().permissions).toEqual([]);
    expect(tools().usage).toEqual({});
  });

  describe('the approval inbox (issue 5 item 6): answers many at once, complete after a reload', () => {
    const replyManyCalls = () => bridge.calls.filter((c) => c.channel === 'permission:reply-many').map((c) => c.request);

    it('replyMany sends one reply per waiting request (feedback only on deny) and drops the accepted and the stale ones', async () => {
      for (const id of ['r1', 'r2', 'r3', 'r4']) ev({ sessionId: 's1', type: 'permission_request', request: request(id) });
      bridge.handle('permission:reply-many', ({ replies }) => ({
        results: replies.map((r) => ({ requestId: r.requestId, accepted: r.requestId !== 'r2' })),
      }));
      // r9 is not waiting and r1 is named twice: neither is sent twice nor at all.
      expect(await tools().replyMany(['r1', 'r2', 'r9', 'r1'], 'allow_once', 'ignored on allow')).toEqual({ accepted: 1, stale: 1 });
      expect(await tools().replyMany(['r3', 'r4'], 'deny', '  not now  ')).toEqual({ accepted: 2, stale: 0 });
      expect(replyManyCalls()).toEqual([
        {
          replies: [
            { requestId: 'r1', decision: 'allow_once' },
            { requestId: 'r2', decision: 'allow_once' },
          ],
        },
        {
          replies: [
            { requestId: 'r3', decision: 'deny', feedback: 'not now' },
            { requestId: 'r4', decision: 'deny', feedback: 'not now' },
          ],
        },
      ]);
      expect(tools().permissions).toEqual([]);
      expect(tools().answering).toEqual([]);
      // Settled ones are remembered: a late duplicate event does not bring one back.
      ev({ sessionId: 's1', type: 'permission_request', request: request('r2') });
      expect(tools().permissions).toEqual([]);
    });

    it('replyMany: a request main does not answer for stays; a failure keeps them all and shows a banner', async () => {
      for (const id of ['r1', 'r2', 'r3']) ev({ sessionId: 's1', type: 'permission_request', request: request(id) });
      bridge.handle('permission:reply-many', () => ({ results: [{ requestId: 'r1', accepted: true }, { requestId: 'elsewhere', accepted: true }] }));
      expect(await tools().replyMany(['r1', 'r2'], 'allow_once')).toEqual({ accepted: 1, stale: 0 });
      expect(tools().permissions.map((r) => r.requestId)).toEqual(['r2', 'r3']);

      bridge.fail('permission:reply-many', { code: 'internal', message: 'main is gone' });
      expect(await tools().replyMany(['r2', 'r3'], 'deny', 'no')).toBeNull();
      expect(tools().permissions.map((r) => r.requestId)).toEqual(['r2', 'r3']);
      expect(tools().answering).toEqual([]);
      expect(stores.app.getState().banners.at(-1)).toMatchObject({ level: 'error', title: 'Your answers were not delivered', message: 'main is gone' });
      // Nothing waiting among the ids: nothing is sent.
      const sent = replyManyCalls().length;
      expect(await tools().replyMany(['nope'], 'allow_once')).toBeNull();
      expect(await tools().replyMany([], 'allow_once')).toBeNull();
      expect(replyManyCalls()).toHaveLength(sent);
    });

    it('answers in flight are not sent twice: their ids wait in `answering`, and reply() leaves them alone', async () => {
      for (const id of ['r1', 'r2', 'r3']) ev({ sessionId: 's1', type: 'permission_request', request: request(id) });
      let release: () => void = () => {};
      bridge.handle('permission:reply-many', async ({ replies }) => {
        await new Promise<void>((r) => (release = r));
        return { results: replies.map((r) => ({ requestId: r.requestId, accepted: true })) };
      });
      const first = tools().replyMany(['r1', 'r2'], 'allow_once');
      expect(tools().answering).toEqual(['r1', 'r2']);
      expect(await tools().reply('r1', 'deny')).toBe(false);
      expect(await tools().replyMany(['r2'], 'deny')).toBeNull();
      // Another request is still answerable alone meanwhile.
      expect(await tools().reply('r3', 'allow_once')).toBe(true);
      release();
      expect(await first).toEqual({ accepted: 2, stale: 0 });
      expect(replyManyCalls()).toHaveLength(1);
      expect(bridge.calls.filter((c) => c.channel === 'permission:reply').map((c) => c.request)).toEqual([{ requestId: 'r3', decision: 'allow_once' }]);
      expect(tools().permissions).toEqual([]);
    });

    it('a large group travels in batches the contract accepts (at most 500 replies each)', async () => {
      const ids = Array.from({ length: 501 }, (_, i) => `q${i}`);
      for (const id of ids) ev({ sessionId: 's1', type: 'permission_request', request: request(id) });
      bridge.handle('permission:reply-many', ({ replies }) => ({ results: replies.map((r) => ({ requestId: r.requestId, accepted: true })) }));
      expect(await tools().replyMany(ids, 'allow_once')).toEqual({ accepted: 501, stale: 0 });
      expect(replyManyCalls().map((r) => (r as { replies: unknown[] }).replies.length)).toEqual([500, 1]);
      expect(tools().permissions).toEqual([]);
    });

    it('app load reads permission:pending: requests of every session, subagent and task appear, oldest first', async () => {
      const task = request('t1', 'task-9', { createdAt: 100, origin: { kind: 'task', label: 'Nightly cleanup' }, expiresAt: 500 });
      const sub = request('a1', 's2', { createdAt: 300, origin: { kind: 'subagent', label: 'Explore agent' }, turn: 'm2' });
      bridge.handle('permission:pending', () => ({ requests: [task, sub] }));
      ev({ sessionId: 's1', type: 'permission_request', request: request('live', 's1', { createdAt: 200 }) });
      await stores.start();
      expect(tools().permissions.map((r) => r.requestId)).toEqual(['t1', 'live', 'a1']);
      expect(tools().permissions[0]).toMatchObject({ origin: { kind: 'task', label: 'Nightly cleanup' }, expiresAt: 500 });
      // Loading again adds nothing twice.
      await stores.start();
      expect(tools().permissions.map((r) => r.requestId)).toEqual(['t1', 'live', 'a1']);
    });

    it('permission:pending does not bring back a request settled while it travelled, and a reconnect reads it again', async () => {
      let release: () => void = () => {};
      bridge.handle('permission:pending', async () => {
        await new Promise<void>((r) => (release = r));
        return { requests: [request('p1', 's2'), request('p2', 's2')] };
      });
      const loading = tools().loadPending();
      ev({ sessionId: 's2', type: 'permission_resolved', requestId: 'p1', decision: 'deny' });
      release();
      await loading;
      expect(tools().permissions.map((r) => r.requestId)).toEqual(['p2']);

      // After a drop the queue is forgotten and read again (p2 was answered meanwhile, p3 is new).
      bridge.handle('permission:pending', () => ({ requests: [request('p3', 's2')] }));
      bridge.setConnection('closed');
      bridge.setConnection('open');
      await flush();
      await flush();
      expect(tools().permissions.map((r) => r.requestId)).toEqual(['p3']);
    });

    it('an answer of permission:pending from before a drop is ignored; a failure is a warning banner', async () => {
      let release: () => void = () => {};
      bridge.handle('permission:pending', async () => {
        await new Promise<void>((r) => (release = r));
        return { requests: [request('old', 's2')] };
      });
      const loading = tools().loadPending();
      tools().forgetLive();
      release();
      await loading;
      expect(tools().permissions).toEqual([]);

      bridge.fail('permission:pending', { code: 'unsupported', message: 'not here' });
      await tools().loadPending();
      expect(stores.app.getState().banners.at(-1)).toMatchObject({ level: 'warn', title: 'Some approvals may be missing', message: 'not here' });
    });
  });
});
