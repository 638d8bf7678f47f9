// The TaskGet tool (issue 18 item 3): one work item of the conversation's task list in Claude Code's
// words, or — by the same id field — one of the conversation's background shells and agents (the task
// registry's), so the model can go on with TaskOutput or TaskStop. Read-only; never asks.
import { makeTaskGetInputSchema, TASK_GET_TOOL_NAME, type TaskGetData, type TaskGetInput } from '../../../shared/tools/task-get';
import { openBlockers } from '../../../shared/tools/work-items';
import { appTasks } from '../../tasks/app-tasks';
import { backgroundView } from '../../tasks/background-view';
import type { TaskRegistry } from '../../tasks/registry';
import { requireWorkList } from '../../tasks/work-list';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { TASK_GET_DESCRIPTION, TASK_GET_PROMPT } from './prompt';
import { formatTaskGet } from './result-text';

export function createTaskGetTool(deps: { tasks?: TaskRegistry } = {}): Tool<TaskGetInput, TaskGetData> {
  const tasks = deps.tasks ?? appTasks;
  return buildTool<TaskGetInput, TaskGetData>({
    name: TASK_GET_TOOL_NAME,
    checklist: 'tasks',
    searchHint: 'retrieve a task by ID',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeTaskGetInputSchema),
    description: () => TASK_GET_DESCRIPTION,
    prompt: () => TASK_GET_PROMPT,
    userFacingName: () => 'Read task',
    summarize: (input) => (input.taskId ? `#${input.taskId.replace(/^#/, '')}` : ''),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    toAutoClassifierInput: (input) => input.taskId,
    async call(input, ctx) {
      // "#3" and "3" name the same task: the model reads ids with a # in front everywhere.
      const id = input.taskId.replace(/^#/, '');
      const { items } = await requireWorkList(ctx).read();
      const item = items.find((t) => t.id === id);
      if (item) return { data: { task: { ...item, blockedBy: openBlockers(item, items) } } };
      const bg = tasks.get(input.taskId);
      // Another conversation's task is as unknown as a made-up id.
      if (bg && bg.sessionId === ctx.sessionId) return { data: { task: null, background: backgroundView(bg) } };
      return { data: { task: null } };
    },
    mapResult: (data) => ({ content: formatTaskGet(data), ...(data.task || data.background ? {} : { isError: true }) }),
  });
}

export const TaskGetTool = createTaskGetTool();
