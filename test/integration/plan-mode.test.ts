// Issue 19 through the whole app (real engine and tools, fake model): EnterPlanMode puts the session
// in plan mode, where an edit is refused; ExitPlanMode asks with the plan; approved into acceptEdits,
// the next Write runs without asking. "Keep planning" reaches the model as feedback, still in plan mode.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;
const PLAN = '# Add a notes file\n\n1. Create `notes.md`\n2. Write the first note';

describe('plan mode in the app (issue 19)', () => {
  it('issue 19 a plan approved into acceptEdits: the edit after it runs without asking', async () => {
    const file = path.join(h.projectDir, 'notes.md');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_enter', name: 'EnterPlanMode', input: {} }] },
      { content: [{ type: 'tool_use', id: 'toolu_early', name: 'Write', input: { file_path: file, content: 'too early\n' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] },
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: file, content: 'first note\n' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('add notes');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(req.request).toMatchObject({ toolName: 'ExitPlanMode', input: { plan: PLAN } });
    expect(session.permissionMode()).toBe('plan');
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'allow_once', nextMode: 'acceptEdits' })).toBe(true);
    expect((await done).ok).toBe(true);

    expect(resultFor(h.server.requests[1]!.body, 'toolu_enter')!.content).toContain('Entered plan mode.');
    expect(resultFor(h.server.requests[2]!.body, 'toolu_early')).toMatchObject({ is_error: true, content: expect.stringContaining('plan mode') });
    expect(resultFor(h.server.requests[3]!.body, 'toolu_plan')!.content).toBe('User has approved your plan. You can now start coding. Start with updating your todo list if applicable');
    expect(session.permissionMode()).toBe('acceptEdits');
    expect(h.events.filter((ev) => ev.type === 'permission_request')).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe('first note\n');
  });

  it('issue 19 "Keep planning": the feedback reaches the model and the session stays in plan mode', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_enter', name: 'EnterPlanMode', input: {} }] },
      { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] },
      { content: [{ type: 'text', text: 'I will add tests to the plan.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('add notes');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'deny', feedback: 'Add tests first.' });
    await done;
    expect(resultFor(h.server.requests[2]!.body, 'toolu_plan')).toMatchObject({ is_error: true, content: expect.stringContaining('Add tests first.') });
    expect(session.permissionMode()).toBe('plan');
    expect(existsSync(path.join(h.projectDir, 'notes.md'))).toBe(false);
  });

  it('issue 19 ExitPlanMode outside plan mode is a clear error', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('go').done;
    expect(resultFor(h.server.requests[1]!.body, 'toolu_plan')).toMatchObject({ is_error: true, content: expect.stringContaining('You are not in plan mode') });
  });

  it('issue 19 plan mode chosen in the message box: the model is told, an edit is refused, the change is an event; back to asking', async () => {
    const file = path.join(h.projectDir, 'notes.md');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: file, content: 'x\n' } }] },
      { content: [{ type: 'text', text: 'I will plan instead.' }] },
      { content: [{ type: 'text', text: 'Asking again.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect(await engine.sessions.setMode(h.projectDir, session.id, 'plan')).toBe('plan');
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'mode', sessionId: session.id, mode: 'plan' }));
    expect((await session.start('add notes').done).ok).toBe(true);
    expect(JSON.stringify(h.server.requests[0]!.body.system)).toContain('Plan mode is active.');
    expect(resultFor(h.server.requests[1]!.body, 'toolu_w')).toMatchObject({ is_error: true, content: expect.stringContaining('plan mode') });
    expect(existsSync(file)).toBe(false);

    expect(await engine.sessions.setMode(h.projectDir, session.id, 'default')).toBe('default');
    expect((await session.start('go on').done).ok).toBe(true);
    expect(JSON.stringify(h.server.requests[2]!.body.system)).not.toContain('Plan mode is active.');
    expect((await engine.sessions.open(h.projectDir, session.id)).mode).toBe('default');
  });
});
