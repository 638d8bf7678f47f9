// TaskUpdate's input schema (Claude Code's fields; status `deleted` removes the task) and its output,
// shared by the tool in main and its card.
import { z } from 'zod';
import { WorkStatus } from './work-items';

export const TASK_UPDATE_TOOL_NAME = 'TaskUpdate';

export function makeTaskUpdateInputSchema() {
  return z.strictObject({
    taskId: z.string().trim().min(1, 'The task ID cannot be empty').describe('The ID of the task to update'),
    subject: z.string().trim().min(1, 'The subject cannot be empty').optional().describe('New subject for the task'),
    description: z.string().optional().describe('New description for the task'),
    activeForm: z
      .string()
      .optional()
      .describe('Present continuous form shown in spinner when in_progress (e.g., "Running tests")'),
    status: WorkStatus.or(z.literal('deleted')).optional().describe('New status for the task'),
    addBlocks: z.array(z.string()).optional().describe('Task IDs that this task blocks'),
    addBlockedBy: z.array(z.string()).optional().describe('Task IDs that block this task'),
    owner: z.string().optional().describe('New owner for the task'),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Metadata keys to merge into the task. Set a key to null to delete it.'),
  });
}
export type TaskUpdateInput = z.output<ReturnType<typeof makeTaskUpdateInputSchema>>;

export const TaskUpdateData = z.object({
  success: z.boolean(),
  taskId: z.string(),
  updatedFields: z.array(z.string()),
  error: z.string().optional(),
  statusChange: z.object({ from: z.string(), to: z.string() }).optional(),
  /** The item after the update (absent when it failed or was deleted): the card shows it. */
  subject: z.string().optional(),
});
export type TaskUpdateData = z.infer<typeof TaskUpdateData>;
