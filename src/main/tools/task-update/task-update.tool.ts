// The TaskUpdate tool (issue 18 item 3): changes one work item of the conversation's task list (status,
// words, owner, metadata, dependencies; `deleted` removes it) by the pure rules of apply-update.ts, and
// answers in Claude Code's words ("Updated task #1 status"). It never asks, in plan mode too.
import {
  makeTaskUpdateInputSchema,
  TASK_UPDATE_TOOL_NAME,
  type TaskUpdateData,
  type TaskUpdateInput,
} from '../../../shared/tools/task-update';
import { requireWorkList } from '../../tasks/work-list';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { applyUpdate, normalizeId } from './apply-update';
import { TASK_UPDATE_DESCRIPTION, TASK_UPDATE_PROMPT } from './prompt';

/** Claude Code's answer: "Updated task #3 status, blockedBy", or why nothing changed. */
export function formatTaskUpdate(d: TaskUpdateData): string {
  if (!d.success) return d.error || `Task #${d.taskId} not found`;
  return `Updated task #${d.taskId} ${d.updatedFields.join(', ')}`;
}

export function createTaskUpdateTool(): Tool<TaskUpdateInput, TaskUpdateData> {
  return buildTool<TaskUpdateInput, TaskUpdateData>({
    name: TASK_UPDATE_TOOL_NAME,
    checklist: 'tasks',
    searchHint: 'update a task',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeTaskUpdateInputSchema),
    description: () => TASK_UPDATE_DESCRIPTION,
    prompt: () => TASK_UPDATE_PROMPT,
    userFacingName: () => 'Update task',
    summarize: (input) => (input.taskId ? [`#${normalizeId(input.taskId)}`, input.status].filter(Boolean).join(' → ') : ''),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    toAutoClassifierInput: (input) => [input.taskId, input.status, input.subject].filter(Boolean).join(' '),
    async call(input, ctx) {
      const data = await requireWorkList(ctx).change((state) => applyUpdate(state, input));
      return { data };
    },
    mapResult: (data) => ({ content: formatTaskUpdate(data), ...(data.success ? {} : { isError: true }) }),
  });
}

export const TaskUpdateTool = createTaskUpdateTool();
