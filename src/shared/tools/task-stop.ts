// TaskStop's input schema (Claude Code's fields, the deprecated shell_id too) and its output (BA10),
// shared by the tool in main and its view in the renderer.
import { z } from 'zod';

export const TASK_STOP_TOOL_NAME = 'TaskStop';

export function makeTaskStopInputSchema() {
  return z.strictObject({
    task_id: z.string().optional().describe('The ID of the background task to stop'),
    shell_id: z.string().optional().describe('Deprecated: use task_id instead'),
  });
}
export type TaskStopInput = z.output<ReturnType<typeof makeTaskStopInputSchema>>;

/** The id a call names: task_id, else the deprecated shell_id. */
export function taskStopId(input: Partial<TaskStopInput>): string {
  return (input.task_id || input.shell_id || '').trim();
}

export const TaskStopData = z.object({
  message: z.string(),
  taskId: z.string(),
  /** Claude Code's names: a shell task, or a subagent run in the background. */
  taskType: z.enum(['local_bash', 'local_agent']),
  command: z.string(),
  description: z.string().optional(),
});
export type TaskStopData = z.infer<typeof TaskStopData>;
