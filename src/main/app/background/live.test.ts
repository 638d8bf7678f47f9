// A running task watched live (issue 18): the worker's event log (pieces joined, output capped, whole
// lines only), the folded view a window opens, and the follower that relays the task's events to its
// project's windows — its status the task's, its requests left to the approvals file, its conversation
// handed back once the task ended.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundTaskView } from '../../../shared/background-tasks';
import type { SessionEvent } from '../../../shared/session-events';
import type { Message } from '../../../shared/transcript';
import { createLogger } from '../../base/log';
import { createEventBus } from '../event-bus';
import { createEventWriter, PROGRESS_LOGGED_MAX, readEvents } from './event-log';
import { createTaskFollower } from './live-follow';
import { emptyLiveView, foldLive, liveOpenAnswer } from './live-view';

const log = createLogger({ level: 'silent' });
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-live-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sid = 's1';
const msg = (id: string, role: 'user' | 'assistant', text: string): Message => ({ id, role, content: [{ type: 'text', text }], createdAt: 1 });
const delta = (text: string, messageId = 'a1'): SessionEvent => ({ type: 'text_delta', sessionId: sid, messageId, text });
const out = (text: string, callId = 'c1'): SessionEvent => ({ type: 'tool_progress', sessionId: sid, callId, progress: { type: 'output', stream: 'stdout', text } });
const call = (state: 'running' | 'succeeded'): SessionEvent => ({ type: 'tool_call', sessionId: sid, call: { id: 'c1', name: 'Bash', userFacingName: 'Bash', messageId: 'a1', input: { command: 'npm test' }, state } });

describe('the event log', () => {
  it('joins consecutive pieces of one reply or one output into a line, keeps the order, and appends a few times a second', async () => {
    const file = path.join(dir, 'events.jsonl');
    const w = createEventWriter(file, log, 10_000);
    for (const e of [delta('Hel'), delta('lo'), call('running'), out('a'), out('b'), out('c', 'c2'), delta('!')]) w.add(e);
    const before = await readEvents(file, 0, log);
    expect(before.events).toEqual([]);
    await w.flush();
    const { events, next } = await readEvents(file, 0, log);
    expect(events).toEqual([delta('Hello'), call('running'), out('ab'), out('c', 'c2'), delta('!')]);
    // From where it stopped, nothing again; new lines only.
    w.add(delta('more'));
    await w.close();
    expect((await readEvents(file, next, log)).events).toEqual([delta('more')]);
  });

  it('logs a call’s output only up to its cap (its result holds all of it)', async () => {
    const file = path.join(dir, 'events.jsonl');
    const w = createEventWriter(file, log, 10_000);
    const big = 'x'.repeat(PROGRESS_LOGGED_MAX);
    w.add(out(big));
    await w.flush();
    w.add(out('after the cap'));
    await w.flush();
    const { events } = await readEvents(file, 0, log);
    expect(events).toHaveLength(1);
  });

  it('hands back whole lines only; a broken or foreign line is skipped; a missing file is nothing yet', async () => {
    const file = path.join(dir, 'events.jsonl');
    expect(await readEvents(file, 0, log)).toEqual({ events: [], next: 0 });
    writeFileSync(file, `${JSON.stringify(delta('a'))}\nnot json\n${JSON.stringify({ type: 'nonsense', sessionId: 1 })}\n${JSON.stringify(delta('b')).slice(0, 10)}`);
    const first = await readEvents(file, 0, log);
    expect(first.events).toEqual([delta('a')]);
    appendFileSync(file, `${JSON.stringify(delta('b')).slice(10)}\n`);
    expect((await readEvents(file, first.next, log)).events).toEqual([delta('b')]);
    // A file shorter than the cursor was replaced: read from its start.
    writeFileSync(file, `${JSON.stringify(delta('c'))}\n`);
    expect((await readEvents(file, 10_000, log)).events).toEqual([delta('c')]);
  });
});

describe('the folded view', () => {
  it('holds the messages, each call’s latest snapshot and the reply still being written; a finished reply leaves the drafts', () => {
    const v = emptyLiveView();
    const events: SessionEvent[] = [
      { type: 'message', sessionId: sid, message: msg('u1', 'user', 'check the deps') },
      { type: 'assistant_start', sessionId: sid, messageId: 'a1', model: 'm' },
      delta('I will '),
      delta('run the tests.'),
      { type: 'message', sessionId: sid, message: msg('a1', 'assistant', 'I will run the tests.') },
      call('running'),
      { type: 'assistant_start', sessionId: sid, messageId: 'a2', model: 'm' },
      { type: 'retry', sessionId: sid, messageId: 'a2', attempt: 1, delayMs: 1, reason: 'overloaded' },
      delta('They pa', 'a2'),
      { type: 'usage', sessionId: sid, turn: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.01 }, total: { inputTokens: 10, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.1 }, context: { window: 200_000 } },
      { type: 'mode', sessionId: sid, mode: 'acceptEdits' },
      out('ignored'),
    ];
    for (const e of events) foldLive(v, e);
    foldLive(v, call('succeeded'));
    expect(v.messages.map((m) => m.id)).toEqual(['u1', 'a1']);
    expect([...v.calls.values()].map((c) => c.state)).toEqual(['succeeded']);
    expect([...v.drafts.values()]).toEqual([{ messageId: 'a2', model: 'm', text: 'They pa' }]);
    const task = { id: 't1', sessionId: sid, name: 'nightly', projectDir: '/p', createdAt: 5, mode: 'default' } as BackgroundTaskView & { sessionId: string };
    const open = liveOpenAnswer(task, v, []);
    expect(open).toMatchObject({ status: 'running', mode: 'acceptEdits', contextWindow: 200_000, usage: { costUsd: 0.1 }, session: { id: sid, title: 'nightly', messageCount: 2 } });
    expect(open.drafts).toEqual([{ messageId: 'a2', model: 'm', text: 'They pa' }]);
    // The reply's stop reason lands on its message; idle ends every draft.
    foldLive(v, { type: 'run_stopped', sessionId: sid, messageId: 'a1', stop: { kind: 'aborted' } as never });
    foldLive(v, { type: 'status', sessionId: sid, status: 'idle' });
    expect(v.messages[1]!.stopped).toEqual({ kind: 'aborted' });
    expect(v.drafts.size).toBe(0);
  });
});

describe('the follower', () => {
  const task = (over: Partial<BackgroundTaskView> = {}): BackgroundTaskView => ({
    id: 't1', name: 'nightly', projectDir: '/p', where: '/p', prompt: 'p', mode: 'default', status: 'running', activity: null,
    turns: 0, createdAt: 1, waiting: 0, usage: null, host: 'local', sessionId: sid, ...over,
  });

  function setup(initial: SessionEvent[]) {
    const log_: SessionEvent[] = [...initial];
    const bus = createEventBus((e) => {
      throw e;
    });
    const seen: Array<{ ev: SessionEvent; projectDir: string | null }> = [];
    bus.subscribe((channel, payload, scope) => channel === 'session:event' && seen.push({ ev: payload as SessionEvent, projectDir: scope.projectDir }));
    const order: string[] = [];
    const released = vi.fn(() => void order.push('released'));
    bus.subscribe((_c, p) => (p as SessionEvent).type === 'status' && order.push(`status ${(p as { status: string }).status}`));
    const follower = createTaskFollower({ bus, log, read: async (_t, from) => ({ events: log_.slice(from), next: log_.length }), released });
    return { log_, seen, follower, released, order };
  }

  it('on a host’s first look folds what ran before without telling it again; then relays each new event to the task’s project, never its requests or its own status', async () => {
    const { log_, seen, follower } = setup([{ type: 'message', sessionId: sid, message: msg('u1', 'user', 'go') }]);
    await follower.update([task()], true);
    expect(seen.map((s) => s.ev.type)).toEqual(['status']);
    expect(follower.bySession(sid)!.view.messages).toHaveLength(1);
    log_.push(delta('Hi'), { type: 'status', sessionId: sid, status: 'idle' }, { type: 'permission_resolved', sessionId: sid, requestId: 'r', decision: 'deny' }, { ...delta('x'), sessionId: 'another' }, call('running'));
    await follower.poke('t1');
    expect(seen.slice(1).map((s) => [s.ev.type, s.projectDir])).toEqual([
      ['text_delta', '/p'],
      ['tool_call', '/p'],
    ]);
    expect(follower.bySession('another')).toBeNull();
  });

  it('a task seen ended gives its last events, hands the conversation back, then says it is idle; a Stop says stopping', async () => {
    const { log_, seen, follower, released, order } = setup([]);
    await follower.update([task()]);
    follower.stopping('t1');
    log_.push(delta('last words'));
    await follower.update([task({ status: 'stopped' })]);
    expect(seen.map((s) => s.ev.type === 'status' ? `status ${s.ev.status}` : s.ev.type)).toEqual(['status running', 'status stopping', 'text_delta', 'status idle']);
    expect(released).toHaveBeenCalledWith('/p', sid);
    expect(order.slice(-2)).toEqual(['released', 'status idle']);
    expect(follower.bySession(sid)).toBeNull();
    // Ended, or without a conversation yet: not followed.
    await follower.update([task({ id: 't2', status: 'done', sessionId: 's2' }), task({ id: 't3', sessionId: undefined })]);
    expect(seen).toHaveLength(4);
  });

  it('a read that fails is logged and the next one goes on', async () => {
    const bus = createEventBus();
    let fail = true;
    const read = vi.fn(async (_t: BackgroundTaskView, from: number) => {
      if (fail) throw new Error('disk gone');
      return { events: [delta('ok')].slice(from), next: 1 };
    });
    const follower = createTaskFollower({ bus, log, read });
    await follower.update([task()]);
    fail = false;
    await follower.poke('t1');
    expect(follower.bySession(sid)!.view.drafts.get('a1')?.text).toBe('ok');
  });
});
