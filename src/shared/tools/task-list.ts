// TaskList's input schema (none, as in Claude Code) and its output: the work items as Claude Code lists
// them, then the conversation's background shells and agents.
import { z } from 'zod';
import { BackgroundTask } from './background-task';
import { WorkStatus } from './work-items';

export const TASK_LIST_TOOL_NAME = 'TaskList';

export function makeTaskListInputSchema() {
  return z.strictObject({});
}
export type TaskListInput = z.output<ReturnType<typeof makeTaskListInputSchema>>;

export const TaskListData = z.object({
  tasks: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      status: WorkStatus,
      owner: z.string().optional(),
      /** Open blockers only. */
      blockedBy: z.array(z.string()),
    }),
  ),
  background: z.array(BackgroundTask),
  /** Background tasks left out of `background` (the oldest ended ones). */
  moreBackground: z.number().int().nonnegative(),
});
export type TaskListData = z.infer<typeof TaskListData>;
