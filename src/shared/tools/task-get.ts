// TaskGet's input schema (Claude Code's: taskId) and its output: the work item, or the conversation's
// background shell or agent of that id, or neither.
import { z } from 'zod';
import { BackgroundTask } from './background-task';
import { WorkItem } from './work-items';

export const TASK_GET_TOOL_NAME = 'TaskGet';

export function makeTaskGetInputSchema() {
  return z.strictObject({
    taskId: z.string().trim().min(1, 'The task ID cannot be empty').describe('The ID of the task to retrieve'),
  });
}
export type TaskGetInput = z.output<ReturnType<typeof makeTaskGetInputSchema>>;

export const TaskGetData = z.object({
  /** The work item with its open blockers only (completed ones no longer block). */
  task: WorkItem.nullable(),
  background: BackgroundTask.optional(),
});
export type TaskGetData = z.infer<typeof TaskGetData>;
