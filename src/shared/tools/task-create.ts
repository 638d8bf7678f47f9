// TaskCreate's input schema (Claude Code's fields: subject, description, activeForm, metadata) and its
// output, shared by the tool in main and its card.
import { z } from 'zod';

export const TASK_CREATE_TOOL_NAME = 'TaskCreate';

export function makeTaskCreateInputSchema() {
  return z.strictObject({
    subject: z.string().trim().min(1, 'The subject cannot be empty').describe('A brief title for the task'),
    description: z.string().describe('What needs to be done'),
    activeForm: z
      .string()
      .optional()
      .describe('Present continuous form shown in spinner when in_progress (e.g., "Running tests")'),
    metadata: z.record(z.string(), z.unknown()).optional().describe('Arbitrary metadata to attach to the task'),
  });
}
export type TaskCreateInput = z.output<ReturnType<typeof makeTaskCreateInputSchema>>;

export const TaskCreateData = z.object({ task: z.object({ id: z.string(), subject: z.string() }) });
export type TaskCreateData = z.infer<typeof TaskCreateData>;
