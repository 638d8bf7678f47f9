// TaskOutput's input schema (Claude Code's fields) and its structured output (BA10), shared by the tool
// in main and its view in the renderer.
import { z } from 'zod';

export const TASK_OUTPUT_TOOL_NAME = 'TaskOutput';
/** Claude Code's default wait. */
export const TASK_OUTPUT_DEFAULT_TIMEOUT_MS = 30_000;
/** Claude Code's longest wait (10 minutes). */
export const TASK_OUTPUT_MAX_TIMEOUT_MS = 600_000;

export function makeTaskOutputInputSchema() {
  return z.strictObject({
    task_id: z.string().min(1).describe('The task ID to get output from'),
    block: z.boolean().optional().default(true).describe('Whether to wait for completion'),
    timeout: z
      .number()
      .min(0)
      .max(TASK_OUTPUT_MAX_TIMEOUT_MS)
      .optional()
      .default(TASK_OUTPUT_DEFAULT_TIMEOUT_MS)
      .describe('Max wait time in ms'),
  });
}
export type TaskOutputInput = z.output<ReturnType<typeof makeTaskOutputInputSchema>>;

export const TaskStatusName = z.enum(['running', 'completed', 'failed', 'killed']);

export const TaskOutputData = z.object({
  /** success = the task has ended; timeout = a blocking wait ran out; not_ready = block:false and still running. */
  retrievalStatus: z.enum(['success', 'timeout', 'not_ready']),
  taskId: z.string(),
  /** Claude Code's name for a shell task. */
  /** Claude Code's names: a shell task, or a subagent run in the background. */
  taskType: z.enum(['local_bash', 'local_agent']),
  command: z.string(),
  description: z.string().optional(),
  status: TaskStatusName,
  exitCode: z.number().int().nullable().optional(),
  /** What the task wrote since the previous read (at most its last part, see omittedBytes). */
  output: z.string(),
  /** Lines in `output`. */
  newLines: z.number().int(),
  /** Bytes written since the previous read that are not in `output` (they are in the file). */
  omittedBytes: z.number().int(),
  outputFile: z.string(),
});
export type TaskOutputData = z.infer<typeof TaskOutputData>;
