// The TaskList tool (issue 18 item 3): the conversation's work items as Claude Code lists them (hidden
// `_internal` ones left out, completed blockers no longer blocking), then its background shells and
// agents from the task registry — the one registry TaskOutput and TaskStop use. Read-only; never asks.
import { makeTaskListInputSchema, TASK_LIST_TOOL_NAME, type TaskListData, type TaskListInput } from '../../../shared/tools/task-list';
import { byId, isVisible, openBlockers } from '../../../shared/tools/work-items';
import { appTasks } from '../../tasks/app-tasks';
import { sessionBackground } from '../../tasks/background-view';
import type { TaskRegistry } from '../../tasks/registry';
import { requireWorkList } from '../../tasks/work-list';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { TASK_LIST_DESCRIPTION, TASK_LIST_PROMPT } from './prompt';
import { formatTaskList } from './result-text';

/** Background tasks listed at most: every running one, then the latest ended ones up to this many in all. */
export const MAX_BACKGROUND_LISTED = 20;

export function createTaskListTool(deps: { tasks?: TaskRegistry } = {}): Tool<TaskListInput, TaskListData> {
  const tasks = deps.tasks ?? appTasks;
  return buildTool<TaskListInput, TaskListData>({
    name: TASK_LIST_TOOL_NAME,
    checklist: 'tasks',
    searchHint: 'list all tasks',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeTaskListInputSchema),
    description: () => TASK_LIST_DESCRIPTION,
    prompt: () => TASK_LIST_PROMPT,
    userFacingName: () => 'Task list',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(_input, ctx) {
      const { items } = await requireWorkList(ctx).read();
      const shown = items.filter(isVisible).sort(byId);
      const all = sessionBackground(tasks, ctx.sessionId);
      const running = all.filter((b) => b.status === 'running').length;
      const background = all.slice(0, Math.max(MAX_BACKGROUND_LISTED, running));
      const data: TaskListData = {
        tasks: shown.map((t) => ({
          id: t.id,
          subject: t.subject,
          status: t.status,
          ...(t.owner ? { owner: t.owner } : {}),
          blockedBy: openBlockers(t, items),
        })),
        background,
        moreBackground: all.length - background.length,
      };
      return { data };
    },
    mapResult: (data) => ({ content: formatTaskList(data) }),
  });
}

export const TaskListTool = createTaskListTool();
