// TodoWrite (issue 19, TL): Claude Code's input and result words, the list kept per conversation as the
// "before" of the next update, cleared once every item is done, and never a question to the person.
import { afterEach, describe, expect, it } from 'vitest';
import type { CanUseTool } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createTodoLists } from './todo-lists';
import { createTodoWriteTool, TODO_WRITE_RESULT } from './todo-write.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

const item = (content: string, status: 'pending' | 'in_progress' | 'completed') => ({ content, status, activeForm: `${content}ing` });

function setup() {
  project = tempProject();
  const tool = createTodoWriteTool(createTodoLists());
  const run = async (raw: unknown, sessionId = 'test-session') => {
    const input = tool.inputSchema().parse(raw);
    const { data } = await tool.call(input, { ...project!.ctx, sessionId }, allow, 'm', () => undefined);
    return { data, text: tool.mapResult(data, 't').content };
  };
  return { tool, run };
}

describe('TodoWrite (TL)', () => {
  it('TL saves the list and tells the model so in Claude Code’s words', async () => {
    const { run } = setup();
    const r = await run({ todos: [item('Read', 'in_progress'), item('Fix', 'pending')] });
    expect(r.text).toBe(TODO_WRITE_RESULT);
    expect(r.text).toMatch(/^Todos have been modified successfully\./);
    expect(r.data).toEqual({ oldTodos: [], newTodos: [item('Read', 'in_progress'), item('Fix', 'pending')] });
  });

  it('TL the next update sees the previous list of the same conversation only', async () => {
    const { run } = setup();
    await run({ todos: [item('Read', 'in_progress')] });
    await run({ todos: [item('Other', 'pending')] }, 'other-session');
    const r = await run({ todos: [item('Read', 'completed'), item('Fix', 'in_progress')] });
    expect(r.data.oldTodos).toEqual([item('Read', 'in_progress')]);
  });

  it('TL a list with everything done is forgotten, as Claude Code does, so the next task starts afresh', async () => {
    const { run } = setup();
    await run({ todos: [item('Read', 'completed')] });
    expect((await run({ todos: [item('New', 'pending')] })).data.oldTodos).toEqual([]);
  });

  it('TL rejects what Claude Code rejects: an unknown status, empty words, missing fields', () => {
    const { tool } = setup();
    const schema = tool.inputSchema();
    expect(schema.safeParse({ todos: [{ content: 'x', status: 'done', activeForm: 'x' }] }).success).toBe(false);
    expect(schema.safeParse({ todos: [{ content: '', status: 'pending', activeForm: 'x' }] }).success).toBe(false);
    expect(schema.safeParse({ todos: [{ content: 'x', status: 'pending' }] }).success).toBe(false);
    expect(schema.safeParse({ todos: [] }).success).toBe(true);
  });

  it('TL never asks and counts as read-only (allowed in plan mode), and is summarised as progress', async () => {
    const { tool } = setup();
    const input = { todos: [item('A', 'completed'), item('B', 'in_progress'), item('C', 'pending')] };
    expect(await tool.checkPermissions(input, project!.ctx)).toMatchObject({ behavior: 'allow' });
    expect(tool.isReadOnly(input)).toBe(true);
    expect(tool.isConcurrencySafe(input)).toBe(false);
    expect(tool.summarize(input)).toBe('1 of 3 done');
  });
});
