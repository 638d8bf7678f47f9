// The TaskCreate tool (issue 18 item 3): adds a pending work item to the conversation's task list and
// answers in Claude Code's words ("Task #1 created successfully: …"). It changes nothing but that list,
// so it never asks, in plan mode too.
import {
  makeTaskCreateInputSchema,
  TASK_CREATE_TOOL_NAME,
  type TaskCreateData,
  type TaskCreateInput,
} from '../../../shared/tools/task-create';
import type { WorkItem } from '../../../shared/tools/work-items';
import { requireWorkList, WORK_LIST_MAX_ITEMS } from '../../tasks/work-list';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { TASK_CREATE_DESCRIPTION, TASK_CREATE_PROMPT } from './prompt';

export function createTaskCreateTool(): Tool<TaskCreateInput, TaskCreateData> {
  return buildTool<TaskCreateInput, TaskCreateData>({
    name: TASK_CREATE_TOOL_NAME,
    checklist: 'tasks',
    searchHint: 'create a task in the task list',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeTaskCreateInputSchema),
    description: () => TASK_CREATE_DESCRIPTION,
    prompt: () => TASK_CREATE_PROMPT,
    userFacingName: () => 'New task',
    summarize: (input) => input.subject ?? '',
    isReadOnly: () => true,
    // Each call takes the next id; the list's queue keeps them apart.
    isConcurrencySafe: () => true,
    toAutoClassifierInput: (input) => input.subject,
    async call(input, ctx) {
      const task = await requireWorkList(ctx).change((state) => {
        if (state.items.length >= WORK_LIST_MAX_ITEMS) {
          throw new Error(`The task list is full (${WORK_LIST_MAX_ITEMS} tasks); delete finished ones with TaskUpdate status "deleted" first.`);
        }
        const item: WorkItem = {
          id: String(state.nextId),
          subject: input.subject,
          description: input.description,
          ...(input.activeForm ? { activeForm: input.activeForm } : {}),
          status: 'pending',
          blocks: [],
          blockedBy: [],
          ...(input.metadata ? { metadata: input.metadata } : {}),
        };
        return { state: { nextId: state.nextId + 1, items: [...state.items, item] }, result: item };
      });
      return { data: { task: { id: task.id, subject: task.subject } } };
    },
    mapResult: ({ task }) => ({ content: `Task #${task.id} created successfully: ${task.subject}` }),
  });
}

export const TaskCreateTool = createTaskCreateTool();
