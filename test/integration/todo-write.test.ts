// TodoWrite end to end against the fake Messages API (issue 19, TL): the model updates its list as it
// works, each update answered with Claude Code's words and never a question (plan mode too); the whole
// list is in the saved transcript, so a reopened conversation can show it again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../src/main/sessions/store';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const todo = (content: string, status: string) => ({ content, status, activeForm: `${content}ing` });

describe('TodoWrite with the real engine (TL)', () => {
  it('TL two updates in one turn: saved, answered in Claude Code’s words, kept in the transcript', async () => {
    const first = [todo('Read', 'in_progress'), todo('Fix', 'pending')];
    const second = [todo('Read', 'completed'), todo('Fix', 'in_progress')];
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_t1', name: 'TodoWrite', input: { todos: first } }] },
      { content: [{ type: 'tool_use', id: 'toolu_t2', name: 'TodoWrite', input: { todos: second } }] },
      { content: [{ type: 'text', text: 'On it.' }] },
    );
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect(await session.start('plan it').done).toMatchObject({ ok: true, turns: 3 });

    expect(resultFor(h.server.requests[1]!.body, 'toolu_t1')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_t1',
      content: 'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
    });
    const card = h.calls().get('toolu_t2')!;
    expect(card).toMatchObject({ state: 'succeeded', summary: '1 of 2 done', result: { data: { oldTodos: first, newTodos: second } } });
    expect(h.states('toolu_t2')).not.toContain('awaiting_permission');

    const stored = await createSessionStore({ dataDir: h.dataDir }).load(h.projectDir, session.id);
    const uses = stored!.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' && b.name === 'TodoWrite' ? [b.input] : [])));
    expect(uses.at(-1)).toEqual({ todos: second });
  });

  it('TL plan mode: the list is still updated without asking', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_p', name: 'TodoWrite', input: { todos: [todo('Plan', 'in_progress')] } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true, permissionMode: 'plan' });
    const session = await engine.sessions.createSession(h.projectDir);
    expect(session.permissionMode()).toBe('plan');
    await session.start('plan').done;
    expect(h.calls().get('toolu_p')!.state).toBe('succeeded');
    expect(resultFor(h.server.requests[1]!.body, 'toolu_p')!.is_error).toBeUndefined();
  });

  it('TL a bad list is refused with a clear error the model can read', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_bad', name: 'TodoWrite', input: { todos: [{ content: 'x', status: 'done', activeForm: 'x' }] } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('go').done;
    const r = resultFor(h.server.requests[1]!.body, 'toolu_bad')!;
    expect(r.is_error).toBe(true);
    expect(r.content).toContain('status');
  });
});
