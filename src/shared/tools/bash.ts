// Bash's input schema (Claude Code's field names exactly) and its structured output, shared by the
// engine (the tool) and the renderer (the tool's view parses `result.data` with BashOutput).
import { z } from 'zod';

export const BASH_TOOL_NAME = 'Bash';
/** 2 minutes, Claude Code's default. */
export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
/** BA10: in assistant mode a blocking command moves itself to the background after this long. */
export const ASSISTANT_BLOCKING_BUDGET_MS = 15_000;
/** 10 minutes, Claude Code's maximum. */
export const BASH_MAX_TIMEOUT_MS = 600_000;

/** Built on demand (TC4): callers wrap it in the tool's lazy schema. */
export function makeBashInputSchema() {
  return z.strictObject({
    command: z.string().describe('The command to execute'),
    timeout: z
      .number()
      .positive()
      .max(BASH_MAX_TIMEOUT_MS)
      .optional()
      .describe(`Optional timeout in milliseconds (max ${BASH_MAX_TIMEOUT_MS})`),
    description: z
      .string()
      .optional()
      .describe(
        'Clear, concise description of what this command does in 5-10 words, in active voice. ' +
          'Examples: "List files in current directory", "Install package dependencies", "Show working tree status".',
      ),
    run_in_background: z
      .boolean()
      .optional()
      .describe('Set to true to run this command in the background. Its output is written to a file you can read later.'),
    dangerouslyDisableSandbox: z
      .boolean()
      .optional()
      .describe('Set this to true to dangerously override sandbox mode and run commands without sandboxing.'),
  });
}
export type BashInput = z.infer<ReturnType<typeof makeBashInputSchema>>;

/** What one Bash call produced; the view renders it, `mapResult` turns it into the model's text. */
export const BashOutput = z.object({
  stdout: z.string(),
  stderr: z.string(),
  /** null when the shell died of a signal (then `signal` is set) or never started. */
  exitCode: z.number().int().nullable(),
  signal: z.string().optional(),
  /** Stopped by abort (Stop in the UI, a sibling's failure). */
  interrupted: z.boolean(),
  timedOut: z.boolean(),
  /** The timeout that applied, for "Command timed out after 2m 0s". */
  timeoutMs: z.number(),
  /** The shell's working directory after the command (persisted for the next call). */
  cwd: z.string(),
  /** Set when the output outgrew memory: the whole combined output (stdout+stderr in arrival order)
   *  is in this file and `stdout`/`stderr` hold only their head and tail. */
  outputFile: z.string().optional(),
  /** Characters of output in total (both streams), including any not kept in memory. */
  totalChars: z.number().optional(),
  /** A non-zero exit that is not an error (BA11: grep 1 = "No matches found"). */
  returnCodeInterpretation: z.string().optional(),
  /** Set when the command was started as a background task. */
  backgroundTaskId: z.string().optional(),
  /** The person moved the running command to the background ("Keep running in background", Claude Code's Ctrl+B). */
  backgroundedByUser: z.boolean().optional(),
  /** Assistant mode moved it to the background after this many ms of blocking (BA10). */
  backgroundedAfterMs: z.number().optional(),
  /** Short remarks for the model and the view (e.g. "working directory reset"). */
  notes: z.array(z.string()).optional(),
});
export type BashOutput = z.infer<typeof BashOutput>;
