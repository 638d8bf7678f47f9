// TaskUpdate (issue 18 item 3): Claude Code's fields and answers ("Updated task #1 status"), only real
// changes named, metadata merged with null deleting, `deleted` removing the task and every reference to
// it, dependencies on both sides — refused whole for an unknown task, the task itself or a cycle.
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkItem } from '../../../shared/tools/work-items';
import { workListProject, type WorkListProject } from '../core/test-work-list';
import { createTaskCreateTool } from '../task-create/task-create.tool';
import { applyUpdate } from './apply-update';
import { createTaskUpdateTool } from './task-update.tool';

let p: WorkListProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

const update = createTaskUpdateTool();
async function withTasks(...subjects: string[]): Promise<WorkListProject> {
  p = workListProject();
  for (const subject of subjects) await p.run(createTaskCreateTool(), { subject, description: `${subject} in full` });
  return p;
}
const items = async () => (await p!.list.read()).items;
const byId = async (id: string): Promise<WorkItem> => (await items()).find((t) => t.id === id)!;

describe('TaskUpdate (issue 18 item 3)', () => {
  it('status changes are answered in Claude Code’s words and saved', async () => {
    await withTasks('Read', 'Fix');
    const r = await p!.run(update, { taskId: '1', status: 'in_progress' });
    expect(r.text).toBe('Updated task #1 status');
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ success: true, taskId: '1', updatedFields: ['status'], statusChange: { from: 'pending', to: 'in_progress' } });
    expect((await byId('1')).status).toBe('in_progress');
    expect((await p!.run(update, { taskId: '#1', status: 'completed', activeForm: 'Reading' })).text).toBe('Updated task #1 activeForm, status');
  });

  it('only fields that really change are named; the same value again changes nothing', async () => {
    await withTasks('Read');
    expect((await p!.run(update, { taskId: '1', subject: 'Read', status: 'pending' })).text).toBe('Updated task #1 ');
    expect((await p!.run(update, { taskId: '1', subject: 'Read the code', description: 'all of it', owner: 'explorer' })).text).toBe('Updated task #1 subject, description, owner');
    expect(await byId('1')).toMatchObject({ subject: 'Read the code', description: 'all of it', owner: 'explorer' });
  });

  it('metadata is merged into what is there; a key set to null is removed', async () => {
    await withTasks('Read');
    await p!.run(update, { taskId: '1', metadata: { a: 1, b: 'x' } });
    expect((await p!.run(update, { taskId: '1', metadata: { b: null, c: true } })).text).toBe('Updated task #1 metadata');
    expect((await byId('1')).metadata).toEqual({ a: 1, c: true });
  });

  it('dependencies are kept on both sides and named once', async () => {
    await withTasks('Read', 'Fix', 'Test');
    expect((await p!.run(update, { taskId: '2', addBlockedBy: ['1'], addBlocks: ['#3'] })).text).toBe('Updated task #2 blocks, blockedBy');
    expect(await byId('1')).toMatchObject({ blocks: ['2'], blockedBy: [] });
    expect(await byId('2')).toMatchObject({ blocks: ['3'], blockedBy: ['1'] });
    expect(await byId('3')).toMatchObject({ blockedBy: ['2'] });
    expect((await p!.run(update, { taskId: '2', addBlockedBy: ['1'] })).text).toBe('Updated task #2 ');
  });

  it('a dependency that would close a cycle, name the task itself or an unknown task is refused whole', async () => {
    await withTasks('Read', 'Fix', 'Test');
    await p!.run(update, { taskId: '1', addBlocks: ['2'] });
    await p!.run(update, { taskId: '2', addBlocks: ['3'] });
    const before = await items();
    const cycle = await p!.run(update, { taskId: '3', addBlocks: ['1'], status: 'in_progress' });
    expect(cycle.isError).toBe(true);
    expect(cycle.text).toBe('Task #3 cannot block #1: that would make a cycle (#3 → #1 → #2 → #3).');
    expect((await p!.run(update, { taskId: '1', addBlockedBy: ['1'] })).text).toBe('Task #1 cannot block itself.');
    expect((await p!.run(update, { taskId: '1', addBlocks: ['9'] })).text).toBe('Task #9 not found.');
    expect(await items()).toEqual(before);
  });

  it('deleted removes the task and every reference to it', async () => {
    await withTasks('Read', 'Fix', 'Test');
    await p!.run(update, { taskId: '2', addBlockedBy: ['1'], addBlocks: ['3'] });
    const r = await p!.run(update, { taskId: '2', status: 'deleted' });
    expect(r.text).toBe('Updated task #2 deleted');
    expect(r.data).toMatchObject({ statusChange: { from: 'pending', to: 'deleted' } });
    expect((await items()).map((t) => [t.id, t.blocks, t.blockedBy])).toEqual([['1', [], []], ['3', [], []]]);
  });

  it('an unknown task is an error the model can read, and changes nothing', async () => {
    await withTasks('Read');
    const r = await p!.run(update, { taskId: '7', status: 'completed' });
    expect(r).toMatchObject({ text: 'Task not found', isError: true, data: { success: false, taskId: '7', updatedFields: [] } });
  });

  it('refuses what makes no sense: an unknown status, no id, unknown fields', () => {
    const schema = update.inputSchema();
    expect(schema.safeParse({ taskId: '1', status: 'done' }).success).toBe(false);
    expect(schema.safeParse({ status: 'completed' }).success).toBe(false);
    expect(schema.safeParse({ taskId: '1', blocks: ['2'] }).success).toBe(false);
    expect(schema.safeParse({ taskId: '1', status: 'deleted' }).success).toBe(true);
  });

  it('the rules are a pure function: the list given is never changed in place', () => {
    const state = { nextId: 3, items: [{ id: '1', subject: 'a', description: '', status: 'pending' as const, blocks: [], blockedBy: [] }, { id: '2', subject: 'b', description: '', status: 'pending' as const, blocks: [], blockedBy: [] }] };
    const copy = structuredClone(state);
    const out = applyUpdate(state, { taskId: '1', addBlocks: ['2'], status: 'completed' });
    expect(state).toEqual(copy);
    expect(out.state!.items[1]!.blockedBy).toEqual(['1']);
  });

  it('never asks and belongs to the Task tools', async () => {
    await withTasks('Read');
    expect(await update.checkPermissions({ taskId: '1', status: 'completed' }, p!.ctx)).toMatchObject({ behavior: 'allow' });
    expect(update.isReadOnly({ taskId: '1' })).toBe(true);
    expect(update.summarize({ taskId: '1', status: 'completed' })).toBe('#1 → completed');
  });
});
