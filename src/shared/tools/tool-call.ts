// The tool-call state machine as plain data, shared by the engine (publisher) and the renderer (views).
import { z } from 'zod';
import { ToolKind } from './traits';

export const ToolCallState = z.enum([
  'validating',
  'awaiting_permission',
  'running',
  'succeeded',
  'failed',
  'rejected',
  'cancelled',
]);
export type ToolCallState = z.infer<typeof ToolCallState>;

export const TERMINAL_STATES: readonly ToolCallState[] = ['succeeded', 'failed', 'rejected', 'cancelled'];
export function isTerminal(state: ToolCallState): boolean {
  return TERMINAL_STATES.includes(state);
}

/** One progress item streamed while a tool runs (Bash output, a subagent step, …). */
export const ToolProgress = z.discriminatedUnion('type', [
  z.object({ type: z.literal('output'), stream: z.enum(['stdout', 'stderr']), text: z.string() }),
  z.object({ type: z.literal('status'), text: z.string() }),
]);
export type ToolProgress = z.infer<typeof ToolProgress>;

/** What the UI knows of one call: a snapshot published on every state change. */
export const ToolCallView = z.object({
  id: z.string(),
  name: z.string(),
  userFacingName: z.string(),
  /** What the tool is (its ToolDef.kind): the Changes pane reads the 'edit' calls. */
  kind: ToolKind.optional(),
  /** The assistant message that asked for the call (grouping key with the call order). */
  messageId: z.string(),
  /** The input as the UI should see it (TC5: paths made absolute); the model's input is untouched. */
  input: z.unknown(),
  state: ToolCallState,
  /** A one-line human summary ("npm test", "src/app.ts"). */
  summary: z.string().optional(),
  result: z
    .object({
      text: z.string(),
      isError: z.boolean(),
      /** Set when the full result was saved to disk (PL6). */
      persistedPath: z.string().optional(),
      /** Tool-specific structured output for the tool's view. */
      data: z.unknown().optional(),
    })
    .optional(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  /** A subagent's call: the Agent call that ran it (its card shows it; the conversation does not). */
  parentToolUseId: z.string().optional(),
});
export type ToolCallView = z.infer<typeof ToolCallView>;
