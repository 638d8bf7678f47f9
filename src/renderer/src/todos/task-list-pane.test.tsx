// The to-do panel over the task list (issue 18 items 3, 4; static markup over real stores): the
// conversation's work items read with task-list:get and kept by task_list events, "3 of 7 done", the
// step being worked on highlighted in its "-ing" words, a waiting step marked with what it waits for,
// this conversation's background commands and agents with Stop; the Task tools' one-line cards.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../shared/ipc/tasks-contract';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { WorkItem } from '../../../shared/tools/work-items';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { groupedFor, viewFor } from '../tools/registry';
import { TodosButton } from './TodosButton';
import { TodosPane } from './TodosPane';

const item = (id: string, subject: string, status: WorkItem['status'], over: Partial<WorkItem> = {}): WorkItem => ({
  id, subject, description: '', activeForm: `${subject} (now)`, status, blocks: [], blockedBy: [], ...over,
});
const seven = [
  item('1', 'Read', 'completed'), item('2', 'Plan', 'completed'), item('3', 'Fix', 'completed'), item('4', 'Test', 'in_progress'),
  item('5', 'Docs', 'pending', { blockedBy: ['4', '3'] }), item('6', 'Lint', 'pending', { owner: 'linter' }), item('7', 'Ship', 'pending'),
];
const bg = (over: Partial<TaskView>): TaskView => ({ id: 'bash_1', kind: 'shell', command: 'npm run dev', sessionId: 's1', status: 'running', startedAt: 1, kept: false, ...over });

async function storesWith(items: WorkItem[] | null, tasks: TaskView[] = []): Promise<Stores> {
  const bridge = createFakeBridge();
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('task-list:get', () => ({ items: items ?? [] }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  stores.sessions.setState({ currentId: 's1' });
  await stores.taskList.getState().enter('s1');
  stores.processes.setState({ tasks });
  return stores;
}

const render = (stores: Stores, node: React.ReactNode): string => renderLive(stores, node);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('the to-do panel over the task list (issue 18 items 3, 4)', () => {
  it('"3 of 7 done", the current step in its -ing words, a waiting step with what it waits for', async () => {
    const html = render(await storesWith(seven), <TodosPane onClose={() => {}} />);
    expect(html).toMatch(/role="status"[^>]*>3 of 7 done</);
    expect(html).toMatch(/<progress[^>]*max="7"[^>]*value="3"/);
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toMatch(/todo--in_progress todo--current" aria-current="step">.*Working on it: <\/span><span class="todo__id">#4<\/span> Test \(now\)/);
    // #3 is done, so #5 waits for #4 only.
    expect(html).toMatch(/todo--blocked"[^>]*>.*Waiting: <\/span><span class="todo__id">#5<\/span> Docs<\/span><span class="todo__note">Waits for #4 Test<\/span>/);
    expect(text(html)).toContain('To do: #6 Lint Taken by linter');
    expect(text(html)).toContain('Done: #1 Read');
    expect(html).not.toContain('In the background');
  });

  it('events replace the list as the assistant works; other conversations’ events change nothing', async () => {
    const stores = await storesWith([item('1', 'Read', 'in_progress')]);
    stores.taskList.getState().handleEvent({ sessionId: 's1', type: 'task_list', items: [item('1', 'Read', 'completed'), item('2', 'Fix', 'in_progress')] });
    stores.taskList.getState().handleEvent({ sessionId: 'other', type: 'task_list', items: [] });
    const html = render(stores, <TodosPane onClose={() => {}} />);
    expect(html).toMatch(/role="status"[^>]*>1 of 2 done</);
    expect(render(stores, <TodosButton open onToggle={() => {}} />)).toContain('aria-label="To-do list: 1 of 2 done"');
  });

  it('tasks hidden as _internal are not shown or counted', async () => {
    const html = render(await storesWith([item('1', 'Read', 'pending'), item('2', 'secret', 'pending', { metadata: { _internal: true } })]), <TodosPane onClose={() => {}} />);
    expect(html).toMatch(/role="status"[^>]*>0 of 1 done</);
    expect(html).not.toContain('secret');
  });

  it('the conversation’s background commands and agents: running with Stop, ended with how, who started it', async () => {
    const stores = await storesWith([item('1', 'Read', 'pending')], [
      bg({ description: 'Start the dev server' }),
      bg({ id: 'a1', kind: 'agent', command: 'Explore agent: survey', description: 'Survey the code', status: 'completed', exitCode: 0, startedAt: 0, endedAt: 65_000, startedBy: 'Plan agent' }),
      bg({ id: 'other', sessionId: 's2', description: 'Not this conversation' }),
    ]);
    const html = render(stores, <TodosPane onClose={() => {}} />);
    expect(html).toMatch(/<section class="todos-pane__background" aria-labelledby="todos-pane-background"><h3 id="todos-pane-background"[^>]*>In the background · 1 running<\/h3><ul class="todos-pane__bg-list" aria-label="Background work">/);
    expect(text(html)).toContain('Command Start the dev server Running');
    expect(html).toMatch(/<button type="button" class="button button--small" aria-label="Stop Start the dev server">Stop<\/button>/);
    expect(text(html)).toContain('Agent Survey the code Finished after 1 min · started by Plan agent');
    expect(html).not.toContain('Stop Survey the code');
    expect(html).not.toContain('Not this conversation');
  });

  it('a conversation without a task list falls back to what it says with TodoWrite, or what the panel is for', async () => {
    const html = render(await storesWith(null), <TodosPane onClose={() => {}} />);
    expect(html).toContain('No to-do list in this conversation yet.');
  });
});

describe('the Task tools’ cards (issue 18 items 3, 4)', () => {
  const call = (name: string, input: unknown, data?: unknown, state: ToolCallView['state'] = 'succeeded', isError = false): ToolCallView => ({
    id: `t-${name}`, name, userFacingName: name, messageId: 'm', input, state,
    ...(data !== undefined ? { result: { text: '', isError, data } } : {}),
  });

  it('each says in one line what changed on the to-do list', () => {
    expect(viewFor('TaskCreate').title(call('TaskCreate', { subject: 'Read the parser', description: '' }, { task: { id: '1', subject: 'Read the parser' } }))).toBe('Added to the to-do list: #1 Read the parser');
    expect(viewFor('TaskCreate').title(call('TaskCreate', { subject: 'Read the parser', description: '' }, undefined, 'running'))).toBe('Add to the to-do list: Read the parser');
    expect(viewFor('TaskUpdate').title(call('TaskUpdate', { taskId: '1', status: 'in_progress' }, { success: true, taskId: '1', updatedFields: ['status'], subject: 'Read the parser' }))).toBe('Started #1 Read the parser');
    expect(viewFor('TaskUpdate').title(call('TaskUpdate', { taskId: '#1', status: 'completed' }))).toBe('Finished #1');
    expect(viewFor('TaskUpdate').title(call('TaskUpdate', { taskId: '2', status: 'deleted' }, undefined, 'running'))).toBe('Remove #2');
    expect(viewFor('TaskUpdate').title(call('TaskUpdate', { taskId: '2', addBlockedBy: ['1'], addBlocks: ['3'] }))).toBe('Updated #2 · waits for #1, holds up #3');
    expect(viewFor('TaskList').title(call('TaskList', {}))).toBe('Looked at the to-do list');
    expect(viewFor('TaskGet').title(call('TaskGet', { taskId: '2' }, { task: { id: '2', subject: 'Fix', description: '', status: 'pending', blocks: [], blockedBy: [] } }))).toBe('Read step #2 Fix');
    expect(viewFor('TaskGet').title(call('TaskGet', { taskId: 'bash_1' }, { task: null, background: { id: 'bash_1', kind: 'shell', status: 'running', command: 'npm run dev', outputFile: '/o', startedAt: 1 } }))).toBe('Read background command “npm run dev”');
  });

  it('a run of them is one line in the transcript', () => {
    const calls = [
      call('TaskCreate', { subject: 'Read', description: '' }, { task: { id: '1', subject: 'Read' } }),
      call('TaskCreate', { subject: 'Fix', description: '' }, { task: { id: '2', subject: 'Fix' } }),
      call('TaskUpdate', { taskId: '1', status: 'in_progress' }),
      call('TaskList', {}),
    ];
    expect(new Set(calls.map((c) => viewFor(c.name).groupKey))).toEqual(new Set(['task-list']));
    const Grouped = groupedFor('task-list', 'TaskCreate');
    expect(text(renderToStaticMarkup(<Grouped calls={calls} />))).toBe('Updated the to-do list : added #1 Read, added #2 Fix, started #1, looked at it');
  });

  it('cards that only change the list have nothing to unfold; a refused update shows why', () => {
    expect(viewFor('TaskCreate').hasOutput({ call: call('TaskCreate', { subject: 'x', description: '' }), progress: undefined })).toBe(false);
    expect(viewFor('TaskUpdate').hasOutput({ call: call('TaskUpdate', { taskId: '9' }, { success: false }, 'succeeded', true), progress: undefined })).toBe(true);
    expect(viewFor('TaskUpdate').hasOutput({ call: call('TaskUpdate', { taskId: '1' }, { success: true }), progress: undefined })).toBe(false);
  });
});
