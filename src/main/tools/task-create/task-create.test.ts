// TaskCreate (issue 18 item 3): Claude Code's fields and answer ("Task #1 created successfully: …"),
// a pending item with no owner and no dependencies, ids never reused, never a question to the person.
import { afterEach, describe, expect, it } from 'vitest';
import { workListProject, type WorkListProject } from '../core/test-work-list';
import { createTaskCreateTool } from './task-create.tool';

let p: WorkListProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

describe('TaskCreate (issue 18 item 3)', () => {
  it('creates a pending task and tells the model its id in Claude Code’s words', async () => {
    p = workListProject();
    const tool = createTaskCreateTool();
    const r = await p.run(tool, { subject: 'Run the tests', description: 'npm test, all green', activeForm: 'Running the tests', metadata: { area: 'ci' } });
    expect(r.text).toBe('Task #1 created successfully: Run the tests');
    expect(r.data).toEqual({ task: { id: '1', subject: 'Run the tests' } });
    expect((await p.list.read()).items).toEqual([
      { id: '1', subject: 'Run the tests', description: 'npm test, all green', activeForm: 'Running the tests', status: 'pending', blocks: [], blockedBy: [], metadata: { area: 'ci' } },
    ]);
    expect((await p.run(tool, { subject: 'Ship', description: '' })).text).toBe('Task #2 created successfully: Ship');
  });

  it('ids go on after a deletion: a number is never given twice', async () => {
    p = workListProject();
    const tool = createTaskCreateTool();
    await p.run(tool, { subject: 'A', description: '' });
    await p.list.change((s) => ({ state: { ...s, items: [] }, result: null }));
    expect((await p.run(tool, { subject: 'B', description: '' })).text).toBe('Task #2 created successfully: B');
  });

  it('refuses what makes no sense: no subject, an empty one, unknown fields', () => {
    const schema = createTaskCreateTool().inputSchema();
    expect(schema.safeParse({ description: 'x' }).success).toBe(false);
    expect(schema.safeParse({ subject: '  ', description: 'x' }).success).toBe(false);
    expect(schema.safeParse({ subject: 'x' }).success).toBe(false);
    expect(schema.safeParse({ subject: 'x', description: 'y', status: 'completed' }).success).toBe(false);
  });

  it('a full list is refused with what to do about it', async () => {
    p = workListProject();
    await p.list.change((s) => ({ state: { nextId: 1001, items: Array.from({ length: 1000 }, (_, i) => ({ id: String(i + 1), subject: 's', description: '', status: 'completed' as const, blocks: [], blockedBy: [] })) }, result: null }));
    await expect(p.run(createTaskCreateTool(), { subject: 'one more', description: '' })).rejects.toThrow(/task list is full \(1000 tasks\).*deleted/);
  });

  it('without a task list in its context it says so', async () => {
    p = workListProject();
    await expect(p.run(createTaskCreateTool(), { subject: 'x', description: '' }, { workList: undefined })).rejects.toThrow('This conversation has no task list.');
  });

  it('never asks, counts as read-only (plan mode may plan with it), belongs to the Task tools', async () => {
    p = workListProject();
    const tool = createTaskCreateTool();
    const input = { subject: 'x', description: '' };
    expect(await tool.checkPermissions(input, p.ctx)).toMatchObject({ behavior: 'allow' });
    expect(tool.isReadOnly(input)).toBe(true);
    expect(tool.checklist).toBe('tasks');
    expect(tool.summarize(input)).toBe('x');
  });
});
