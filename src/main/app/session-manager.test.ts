// Issue 5 item 6 (approval inbox) through the real engine and the fake model: requests carry their
// turn (the assistant message that asked) and origin; permission:pending lists every session's and
// task's waiting requests oldest first; permission:reply-many answers a group in order; a background
// task's unanswered request becomes a denial the model reads (DK3, PL4e).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from '../../../test/integration/harness';
import type { PermissionRequestView } from '../../shared/permissions/request';
import type { SessionEvent } from '../../shared/session-events';
import { createLogger } from '../base/log';
import { createHandlers } from './handlers';
import type { AuthService, HostPort } from './ports';
import type { HandlerContext } from '../ipc/context';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;
const requests = (sessionId?: string): PermissionRequestView[] =>
  h.events.flatMap((ev) => (ev.type === 'permission_request' && (!sessionId || ev.sessionId === sessionId) ? [ev.request] : []));
async function waitForRequests(n: number, sessionId?: string): Promise<PermissionRequestView[]> {
  await h.waitFor(() => requests(sessionId).length >= n);
  return requests(sessionId);
}

describe('issue 5 item 6: the approval inbox in the engine (DK3, PL4e)', () => {
  it('stamps turn/origin/createdAt; pending lists every session and task oldest first; reply-many answers in order', async () => {
    const outside = ['a.txt', 'b.txt', 'c.txt'].map((f) => path.join(h.home, f));
    outside.forEach((f, i) => writeFileSync(f, `file ${i}\n`));
    // One turn reads three files outside the project: concurrency-safe calls that all ask at once.
    h.server.push({ content: outside.map((file_path, i) => ({ type: 'tool_use', id: `toolu_r${i}`, name: 'Read', input: { file_path } })) });
    const engine = await h.engine();
    const handlers = createHandlers({ sessions: engine.sessions, auth: {} as AuthService, host: {} as HostPort, log: createLogger({ level: 'silent' }) });
    const ctx: HandlerContext = { host: 'web', clientId: 'c1', projectDir: h.projectDir };

    const chat = await engine.sessions.createSession(h.projectDir);
    const chatDone = chat.start('compare the three notes').done;
    const three = await waitForRequests(3, chat.id);
    expect(three.map((r) => r.toolUseId).sort()).toEqual(['toolu_r0', 'toolu_r1', 'toolu_r2']);
    for (const r of three) {
      expect(r.origin).toEqual({ kind: 'session', label: chat.summary().title });
      expect(typeof r.createdAt).toBe('number');
      expect(r.expiresAt).toBeUndefined();
    }
    // One turn: the same assistant message for all three.
    expect(new Set(three.map((r) => r.turn)).size).toBe(1);

    // A background task of the same project asks too, later.
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_task', name: 'Bash', input: { command: 'touch from-the-task' } }] });
    const task = await engine.sessions.createSession(h.projectDir, { origin: { kind: 'task', label: 'Nightly check' } });
    const taskDone = task.start('run the nightly check').done;
    const [taskReq] = await waitForRequests(1, task.id);
    expect(taskReq).toMatchObject({ origin: { kind: 'task', label: 'Nightly check' }, toolUseId: 'toolu_task' });
    expect(taskReq!.expiresAt! - taskReq!.createdAt!).toBe(600_000);

    const pending = await handlers.invoke['permission:pending']({}, ctx);
    expect(pending.requests.map((r) => r.requestId)).toEqual([...three, taskReq!].sort((a, b) => a.createdAt! - b.createdAt!).map((r) => r.requestId));
    expect(pending.requests.at(-1)!.requestId).toBe(taskReq!.requestId);
    const other = await handlers.invoke['permission:pending']({}, { ...ctx, projectDir: h.home });
    expect(other.requests).toEqual([]);

    // The group answer: in order, per request; a stale or repeated id is simply not accepted.
    h.server.push({ content: [{ type: 'text', text: 'Read two of them.' }] });
    const [r0, r1, r2] = three;
    const many = await handlers.invoke['permission:reply-many'](
      {
        replies: [
          { requestId: r0!.requestId, decision: 'allow_once' },
          { requestId: 'gone-already', decision: 'allow_once' },
          { requestId: r1!.requestId, decision: 'deny', feedback: 'not that one' },
          { requestId: r2!.requestId, decision: 'allow_once' },
          { requestId: r0!.requestId, decision: 'deny' },
        ],
      },
      ctx,
    );
    expect(many.results).toEqual([
      { requestId: r0!.requestId, accepted: true },
      { requestId: 'gone-already', accepted: false },
      { requestId: r1!.requestId, accepted: true },
      { requestId: r2!.requestId, accepted: true },
      { requestId: r0!.requestId, accepted: false },
    ]);
    expect((await chatDone).ok).toBe(true);
    const assistant = chat.transcript().find((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'tool_use'));
    expect(three[0]!.turn).toBe(assistant!.id);
    const second = h.server.requests.find((r) => resultFor(r.body, 'toolu_r1'))!.body;
    expect(resultFor(second, 'toolu_r1')).toMatchObject({ is_error: true, content: expect.stringContaining('not that one') });
    expect(resultFor(second, 'toolu_r0')!.content).toContain('file 0');

    // Only the task's request is left waiting.
    expect((await handlers.invoke['permission:pending']({}, ctx)).requests.map((r) => r.requestId)).toEqual([taskReq!.requestId]);
    h.server.push({ content: [{ type: 'text', text: 'ok' }] });
    expect((await handlers.invoke['permission:reply']({ requestId: taskReq!.requestId, decision: 'allow_once' }, ctx)).accepted).toBe(true);
    expect((await taskDone).ok).toBe(true);
    expect((await handlers.invoke['permission:pending']({}, ctx)).requests).toEqual([]);
  });

  it('reply-many: "Always allow" saved to a file accepts once; the same id again while the rule is written is stale', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_s', name: 'Bash', input: { command: 'touch saved && echo saved' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine();
    const handlers = createHandlers({ sessions: engine.sessions, auth: {} as AuthService, host: {} as HostPort, log: createLogger({ level: 'silent' }) });
    const ctx: HandlerContext = { host: 'web', clientId: 'c1', projectDir: h.projectDir };
    const task = await engine.sessions.createSession(h.projectDir, { origin: { kind: 'task', label: 'Saver' } });
    const done = task.start('go').done;
    const [req] = await waitForRequests(1, task.id);
    const many = await handlers.invoke['permission:reply-many'](
      {
        replies: [
          { requestId: req!.requestId, decision: 'allow_always', rule: 'Bash(touch saved && echo saved)', destination: 'localSettings' },
          { requestId: req!.requestId, decision: 'deny' },
        ],
      },
      ctx,
    );
    expect(many.results.map((r) => r.accepted)).toEqual([true, false]);
    expect((await done).ok).toBe(true);
    expect(JSON.parse(readFileSync(path.join(h.projectDir, '.claude', 'settings.local.json'), 'utf8'))).toEqual({ permissions: { allow: ['Bash(touch saved && echo saved)'] } });
    expect(h.events.filter((ev) => ev.type === 'permission_resolved')).toEqual([expect.objectContaining({ requestId: req!.requestId, decision: 'allow_always' })]);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_s')!.content).toBe('saved');
  });

  it('a background task request nobody answers becomes a denial after AGENT_DESK_TASK_APPROVAL_TIMEOUT_S; a conversation waits', async () => {
    h.env.AGENT_DESK_TASK_APPROVAL_TIMEOUT_S = '0.3';
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_t', name: 'Bash', input: { command: 'touch unattended' } }] },
      { content: [{ type: 'text', text: 'Could not run it; it needs approval.' }] },
    );
    const engine = await h.engine();
    const task = await engine.sessions.createSession(h.projectDir, { origin: { kind: 'task', label: 'Unattended' } });
    const t0 = Date.now();
    const outcome = await task.start('go').done;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(outcome.ok).toBe(true);
    const req = (h.events.find((ev) => ev.type === 'permission_request') as Req).request;
    expect(req.expiresAt! - req.createdAt!).toBe(300);
    expect(h.events.filter((ev) => ev.type === 'permission_resolved')).toEqual([expect.objectContaining({ requestId: req.requestId, decision: 'deny' })]);
    const denied = resultFor(h.server.requests[1]!.body, 'toolu_t')!;
    expect(denied.is_error).toBe(true);
    expect(denied.content).toContain('nobody answered the request within less than a second');
    expect(denied.content).toContain('can allow it next time');
    expect(h.states('toolu_t')).toEqual(['validating', 'awaiting_permission', 'rejected']);
    expect(await engine.sessions.pendingPermissions(h.projectDir)).toEqual([]);

    // A conversation in the same engine is watched by a person: no deadline.
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_c', name: 'Bash', input: { command: 'touch watched' } }] });
    const chat = await engine.sessions.createSession(h.projectDir);
    const chatDone = chat.start('go').done;
    const [chatReq] = await waitForRequests(1, chat.id);
    expect(chatReq!.expiresAt).toBeUndefined();
    await new Promise((r) => setTimeout(r, 400));
    expect((await engine.sessions.pendingPermissions(h.projectDir)).map((r) => r.requestId)).toEqual([chatReq!.requestId]);
    await chat.stop();
    await chatDone;
  });
});
