// TaskList and TaskGet (issue 18 item 3): the work items in Claude Code's words ("#1 [pending] Read",
// "[blocked by #1]" while the blocker is open, "No tasks found"), then this conversation's background
// shells and agents from the one task registry — id, status, exit code, output file, who started it —
// and TaskGet by the same ids; another conversation's tasks are not there.
import { afterEach, describe, expect, it } from 'vitest';
import { createInMemoryTaskRegistry, type TaskInfo, type TaskRegistry } from '../../tasks/registry';
import { workListProject, type WorkListProject } from '../core/test-work-list';
import { createTaskCreateTool } from '../task-create/task-create.tool';
import { createTaskGetTool } from '../task-get/task-get.tool';
import { createTaskUpdateTool } from '../task-update/task-update.tool';
import { createTaskListTool, MAX_BACKGROUND_LISTED } from './task-list.tool';

let p: WorkListProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

function registryWith(...tasks: Array<Partial<TaskInfo> & { id: string }>): TaskRegistry {
  const registry = createInMemoryTaskRegistry();
  for (const t of tasks) {
    const { status, exitCode, ...rest } = t;
    registry.register({
      info: { kind: 'shell', sessionId: 'test-session', command: 'npm run dev', outputFile: `/out/${t.id}.output`, status: 'running', startedAt: 1, ...rest },
      stop: async () => undefined,
    });
    if (status && status !== 'running') registry.settle(t.id, status, exitCode);
  }
  return registry;
}

async function withTasks(...subjects: string[]): Promise<WorkListProject> {
  p = workListProject();
  for (const subject of subjects) await p.run(createTaskCreateTool(), { subject, description: `${subject}: every step` });
  return p;
}

describe('TaskList (issue 18 item 3)', () => {
  it('an empty list is "No tasks found", as in Claude Code', async () => {
    await withTasks();
    const r = await p!.run(createTaskListTool({ tasks: registryWith() }), {});
    expect(r.text).toBe('No tasks found');
    expect(r.data).toEqual({ tasks: [], background: [], moreBackground: 0 });
  });

  it('one line per task in id order, with owner and the open blockers only', async () => {
    await withTasks('Read', 'Fix', 'Test');
    const update = createTaskUpdateTool();
    await p!.run(update, { taskId: '3', addBlockedBy: ['1', '2'] });
    await p!.run(update, { taskId: '1', status: 'completed' });
    await p!.run(update, { taskId: '2', status: 'in_progress', owner: 'fixer' });
    const r = await p!.run(createTaskListTool({ tasks: registryWith() }), {});
    expect(r.text).toBe(['#1 [completed] Read', '#2 [in_progress] Fix (fixer)', '#3 [pending] Test [blocked by #2]'].join('\n'));
  });

  it('tasks marked _internal are left out', async () => {
    await withTasks('Read');
    await p!.run(createTaskCreateTool(), { subject: 'hidden', description: '', metadata: { _internal: true } });
    expect((await p!.run(createTaskListTool({ tasks: registryWith() }), {})).text).toBe('#1 [pending] Read');
  });

  it('then this conversation’s background shells and agents: status or exit code, output file, who started it', async () => {
    await withTasks('Read');
    const tasks = registryWith(
      { id: 'bash_1', description: 'Start the dev server', startedAt: 5 },
      { id: 'agent_1', kind: 'agent', command: 'Explore agent: find the parser', description: 'find the parser', status: 'completed', exitCode: 0, startedBy: 'Plan agent' },
      { id: 'bash_2', command: 'npm test', status: 'failed', exitCode: 1 },
      { id: 'bash_other', sessionId: 'another-conversation' },
    );
    const r = await p!.run(createTaskListTool({ tasks }), {});
    expect(r.text.split('\n').slice(0, 4)).toEqual([
      '#1 [pending] Read',
      '',
      'Background tasks of this conversation (read their output with TaskOutput, stop running ones with TaskStop):',
      'bash_1 [running] shell: npm run dev (Start the dev server) — started by you; output: /out/bash_1.output',
    ]);
    expect(r.text.split('\n')).toHaveLength(6);
    expect(r.text).toContain('agent_1 [completed, exited with code 0] agent: find the parser — started by Plan agent; output: /out/agent_1.output');
    expect(r.text).toContain('bash_2 [failed, exited with code 1] shell: npm test — started by you; output: /out/bash_2.output');
    expect(r.text).not.toContain('bash_other');
  });

  it('with no work items the background part still follows "No tasks found"', async () => {
    await withTasks();
    const r = await p!.run(createTaskListTool({ tasks: registryWith({ id: 'bash_9', status: 'killed' }) }), {});
    expect(r.text.split('\n').slice(0, 2)).toEqual(['No tasks found', '']);
    expect(r.text).toContain('bash_9 [killed, stopped before it finished] shell: npm run dev');
  });

  it('long days stay bounded: every running task, then the latest ended ones, and how many were left out', async () => {
    await withTasks();
    const ended = Array.from({ length: MAX_BACKGROUND_LISTED + 5 }, (_, i) => ({ id: `old_${i}`, status: 'completed' as const, exitCode: 0 }));
    const r = await p!.run(createTaskListTool({ tasks: registryWith({ id: 'live' }, ...ended) }), {});
    const data = r.data as { background: Array<{ id: string }>; moreBackground: number };
    expect(data.background).toHaveLength(MAX_BACKGROUND_LISTED);
    expect(data.background[0]!.id).toBe('live');
    expect(data.moreBackground).toBe(6);
    expect(r.text).toContain('(6 older ended background tasks not shown)');
  });
});

describe('TaskGet (issue 18 item 3)', () => {
  it('a work item in Claude Code’s lines; completed blockers no longer listed', async () => {
    await withTasks('Read', 'Fix', 'Test');
    const update = createTaskUpdateTool();
    await p!.run(update, { taskId: '2', addBlockedBy: ['1'], addBlocks: ['3'] });
    const get = createTaskGetTool({ tasks: registryWith() });
    expect((await p!.run(get, { taskId: '2' })).text).toBe(['Task #2: Fix', 'Status: pending', 'Description: Fix: every step', 'Blocked by: #1', 'Blocks: #3'].join('\n'));
    await p!.run(update, { taskId: '1', status: 'completed' });
    expect((await p!.run(get, { taskId: '#2' })).text).toBe(['Task #2: Fix', 'Status: pending', 'Description: Fix: every step', 'Blocks: #3'].join('\n'));
  });

  it('a background task of this conversation by its id: what TaskOutput and TaskStop need', async () => {
    await withTasks();
    const get = createTaskGetTool({ tasks: registryWith({ id: 'bash_1', description: 'Start the dev server' }, { id: 'bash_2', command: 'npm test', status: 'failed', exitCode: 2, startedBy: 'Explore agent' }) });
    expect((await p!.run(get, { taskId: 'bash_1' })).text).toBe(
      ['Background task bash_1: Start the dev server', 'Type: shell (local_bash)', 'Status: running', 'Command: npm run dev', 'Output file: /out/bash_1.output', 'Started by: you', 'Read its output with TaskOutput; stop it with TaskStop.'].join('\n'),
    );
    expect((await p!.run(get, { taskId: 'bash_2' })).text).toBe(
      ['Background task bash_2: npm test', 'Type: shell (local_bash)', 'Status: failed (exited with code 2)', 'Exit code: 2', 'Command: npm test', 'Output file: /out/bash_2.output', 'Started by: Explore agent', 'Read its output with TaskOutput.'].join('\n'),
    );
  });

  it('an unknown id, or another conversation’s task, is "Task not found" (an error the model reads)', async () => {
    await withTasks('Read');
    const get = createTaskGetTool({ tasks: registryWith({ id: 'bash_x', sessionId: 'another-conversation' }) });
    expect(await p!.run(get, { taskId: '9' })).toMatchObject({ text: 'Task not found', isError: true });
    expect(await p!.run(get, { taskId: 'bash_x' })).toMatchObject({ text: 'Task not found', isError: true });
  });
});
