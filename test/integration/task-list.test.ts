// The Task tools end to end on the fake Messages API (issue 18 item 3): the model creates, updates,
// lists and reads tasks and every request carries Claude Code's result words; the tools array offers
// the Task tools (never TodoWrite beside them) and stays the same every turn; a subagent works on the
// same list; background shells appear in TaskList with what TaskOutput needs; the list survives a
// restart; a headless run gets TodoWrite unless CLAUDE_CODE_ENABLE_TASKS=1.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Body = { tools?: Array<{ name: string }> };
const toolNames = (body: unknown) => ((body as Body).tools ?? []).map((t) => t.name);
const use = (id: string, name: string, input: unknown) => ({ type: 'tool_use' as const, id, name, input });

describe('the task list with the real engine (issue 18 item 3)', () => {
  it('create, update, list and read: each result in Claude Code’s words, the panel’s events, the same tools every turn', async () => {
    h.server.push(
      {
        content: [
          { type: 'text', text: 'Planning.' },
          use('toolu_c1', 'TaskCreate', { subject: 'Read the parser', description: 'Find where dates are read', activeForm: 'Reading the parser' }),
          use('toolu_c2', 'TaskCreate', { subject: 'Fix two-digit years', description: 'Handle 24 as 2024', activeForm: 'Fixing two-digit years' }),
        ],
      },
      { content: [use('toolu_u1', 'TaskUpdate', { taskId: '1', status: 'in_progress' }), use('toolu_u2', 'TaskUpdate', { taskId: '2', addBlockedBy: ['1'] })] },
      { content: [use('toolu_l1', 'TaskList', {}), use('toolu_g2', 'TaskGet', { taskId: '2' })] },
      { content: [use('toolu_u3', 'TaskUpdate', { taskId: '1', status: 'completed' }), use('toolu_u9', 'TaskUpdate', { taskId: '9', status: 'completed' })] },
      { content: [use('toolu_l2', 'TaskList', {})] },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect(await session.start('fix the date parser').done).toMatchObject({ ok: true });
    const reqs = h.server.requests.map((r) => r.body);
    expect(reqs).toHaveLength(6);

    // One to-do system, the same bytes every turn (AS5).
    expect(toolNames(reqs[0])).toEqual(expect.arrayContaining(['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate', 'TaskOutput', 'TaskStop']));
    expect(toolNames(reqs[0])).not.toContain('TodoWrite');
    for (const r of reqs) expect(JSON.stringify((r as Body).tools)).toBe(JSON.stringify((reqs[0] as Body).tools));

    expect(resultFor(reqs[1], 'toolu_c1')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_c1', content: 'Task #1 created successfully: Read the parser' });
    expect(resultFor(reqs[1], 'toolu_c2')!.content).toBe('Task #2 created successfully: Fix two-digit years');
    expect(resultFor(reqs[2], 'toolu_u1')!.content).toBe('Updated task #1 status');
    expect(resultFor(reqs[2], 'toolu_u2')!.content).toBe('Updated task #2 blockedBy');
    expect(resultFor(reqs[3], 'toolu_l1')!.content).toBe('#1 [in_progress] Read the parser\n#2 [pending] Fix two-digit years [blocked by #1]');
    expect(resultFor(reqs[3], 'toolu_g2')!.content).toBe('Task #2: Fix two-digit years\nStatus: pending\nDescription: Handle 24 as 2024\nBlocked by: #1');
    expect(resultFor(reqs[4], 'toolu_u3')!.content).toBe('Updated task #1 status');
    expect(resultFor(reqs[4], 'toolu_u9')).toMatchObject({ content: 'Task not found', is_error: true });
    // Completing #1 unblocked #2.
    expect(resultFor(reqs[5], 'toolu_l2')!.content).toBe('#1 [completed] Read the parser\n#2 [pending] Fix two-digit years');

    // Never a question to the person; every change reached the conversation's windows as the whole list.
    for (const id of ['toolu_c1', 'toolu_u1', 'toolu_l1', 'toolu_g2']) expect(h.states(id)).not.toContain('awaiting_permission');
    const lists = h.events.flatMap((e) => (e.type === 'task_list' && e.sessionId === session.id ? [e.items] : []));
    expect(lists.length).toBeGreaterThanOrEqual(4);
    expect(lists.at(-1)!.map((t) => [t.id, t.status, t.blockedBy])).toEqual([['1', 'completed', []], ['2', 'pending', ['1']]]);
    expect(h.calls().get('toolu_c1')).toMatchObject({ state: 'succeeded', summary: 'Read the parser', result: { data: { task: { id: '1', subject: 'Read the parser' } } } });

    // Another engine (the app started again) finds the conversation's list where it left it.
    await engine.dispose();
    const again = await h.engine();
    const items = (await again.taskListOf(h.projectDir, session.id).read()).items;
    expect(items.map((t) => [t.id, t.subject, t.status])).toEqual([['1', 'Read the parser', 'completed'], ['2', 'Fix two-digit years', 'pending']]);
    expect((await again.taskListOf(h.projectDir, 'another-conversation').read()).items).toEqual([]);
  });

  it('a subagent works on the conversation’s list; a background command shows up in TaskList with its output file', async () => {
    h.server.push(
      { content: [use('toolu_c', 'TaskCreate', { subject: 'Survey the code', description: 'List the modules' })] },
      { content: [use('toolu_agent', 'Agent', { description: 'Survey', prompt: 'Survey the code and track it', subagent_type: 'general-purpose' })] },
      // The subagent's turn: it reads and completes the parent's task, and starts a command in the background.
      { content: [use('toolu_sub_l', 'TaskList', {}), use('toolu_sub_u', 'TaskUpdate', { taskId: '1', status: 'completed', owner: 'surveyor' })] },
      { content: [use('toolu_sub_bg', 'Bash', { command: 'echo surveyed', description: 'Print the survey', run_in_background: true })] },
      { content: [{ type: 'text', text: 'Surveyed.' }] },
      // Back in the conversation.
      { content: [use('toolu_l', 'TaskList', {})] },
      { content: [{ type: 'text', text: 'All done.' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash(echo:*)'] });
    const session = await engine.sessions.createSession(h.projectDir);
    expect(await session.start('survey').done).toMatchObject({ ok: true });
    const reqs = h.server.requests.map((r) => r.body);
    expect(reqs).toHaveLength(7);
    expect(resultFor(reqs[3], 'toolu_sub_l')!.content).toBe('#1 [pending] Survey the code');
    expect(resultFor(reqs[3], 'toolu_sub_u')!.content).toBe('Updated task #1 owner, status');
    const listed = resultFor(reqs[6], 'toolu_l')!.content;
    const lines = listed.split('\n');
    expect(lines[0]).toBe('#1 [completed] Survey the code (surveyor)');
    expect(lines[2]).toBe('Background tasks of this conversation (read their output with TaskOutput, stop running ones with TaskStop):');
    expect(lines[3]).toMatch(/^bash_[0-9a-f]{8} \[(running|completed, exited with code 0)\] shell: echo surveyed \(Print the survey\) — started by general-purpose agent; output: \/.+\.output$/);
  });

  it('a headless run gets TodoWrite and none of the Task tools; CLAUDE_CODE_ENABLE_TASKS=1 turns that round', async () => {
    h.server.push({ content: [{ type: 'text', text: 'ok' }] }, { content: [{ type: 'text', text: 'ok' }] });
    const headless = await h.engine({ headless: true });
    await (await headless.sessions.createSession(h.projectDir)).start('hi').done;
    expect(toolNames(h.server.requests[0]!.body)).toContain('TodoWrite');
    expect(toolNames(h.server.requests[0]!.body)).not.toContain('TaskCreate');

    h.env.CLAUDE_CODE_ENABLE_TASKS = '1';
    const withTasks = await h.engine({ headless: true });
    await (await withTasks.sessions.createSession(h.projectDir)).start('hi').done;
    expect(toolNames(h.server.requests[1]!.body)).toEqual(expect.arrayContaining(['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate']));
    expect(toolNames(h.server.requests[1]!.body)).not.toContain('TodoWrite');
  });
});
