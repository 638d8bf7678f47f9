// Transcript data: the messages of one conversation as plain data, shaped like the Messages API.
import { z } from 'zod';

export const TextBlock = z.object({
  type: z.literal('text'),
  text: z.string(),
  /** Set on the instructions of a command the person typed ("/fmt"): for the model; the transcript folds them. */
  command: z.string().optional(),
});
export const ToolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
export const ImageBlock = z.object({
  type: z.literal('image'),
  source: z.object({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
});
export const ToolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  /** Text, or text and image blocks (Read returns pictures as images). */
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [TextBlock, ImageBlock]))]),
  is_error: z.boolean().optional(),
});
export const ContentBlock = z.discriminatedUnion('type', [TextBlock, ToolUseBlock, ToolResultBlock]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const Usage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative().default(0),
  cacheWriteTokens: z.number().int().nonnegative().default(0),
});
export type Usage = z.infer<typeof Usage>;

/**
 * Why a run ended short of finishing its work (a limit, the model's stop reason, a hook, an error; or
 * `interrupted`: the app stopped mid-turn — a crash, a kill — and the reopened conversation says so).
 */
export const RunStopKind = z.enum(['max_turns', 'max_tokens', 'refusal', 'context_full', 'hook_stopped', 'prompt_blocked', 'error', 'interrupted', 'budget']);
export type RunStopKind = z.infer<typeof RunStopKind>;

/**
 * How a run stopped short, as plain data: saved on the last message of that run (so a reopened
 * conversation still says why) and published as a `run_stopped` event.
 */
export const RunStop = z.object({
  kind: RunStopKind,
  /** What happened, in plain words for the person (the notice's text; no terminal jargon). */
  text: z.string(),
  /** Whether going on makes sense: a Continue button sends CONTINUE_TEXT as the next message. */
  canContinue: z.boolean(),
  /** max_turns: the limit that was reached. */
  maxTurns: z.number().int().positive().optional(),
  /** hook_stopped, prompt_blocked: the hook's reason. */
  reason: z.string().optional(),
  /** error: the error's code ('network', 'auth', …). */
  errorCode: z.string().optional(),
  /** error: the error's own message, one click away from `text` (older saved stops have it inside `text`). */
  details: z.string().optional(),
});
export type RunStop = z.infer<typeof RunStop>;

/**
 * The continuation a Continue button sends: an ordinary user message, a new turn (like typing
 * "continue" in Claude Code). After a limit the last message holds tool results; the request merges
 * this text into that user message, so the transcript stays valid for the API.
 */
export const CONTINUE_TEXT = 'Continue from where you stopped.';

/**
 * A summary that took the place of the conversation before it in the model's view (issue 20 item 2):
 * the message carrying it is the summary as the model reads it; the person still sees everything.
 */
export const Compaction = z.object({
  trigger: z.enum(['auto', 'manual']),
  /** The summary alone, for the transcript's disclosure. */
  summary: z.string(),
  /** The first earlier message the model still reads word for word after the summary; null: none. */
  keptFrom: z.string().nullable(),
  /** The model's view before and after, estimated in tokens. */
  tokensBefore: z.number().int().nonnegative(),
  tokensAfter: z.number().int().nonnegative(),
  /** The summary call's own usage (its cost counts in the session's total). */
  usage: Usage.optional(),
  model: z.string().optional(),
});
export type Compaction = z.infer<typeof Compaction>;

export const Message = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.array(ContentBlock),
  createdAt: z.number(),
  model: z.string().optional(),
  stopReason: z.string().nullable().optional(),
  usage: Usage.optional(),
  /** Set on the last message of a run that stopped short: why, in plain words. Never sent to the model. */
  stopped: RunStop.optional(),
  /** Set on a "Conversation summarised" message (a user message holding the summary for the model). */
  compaction: Compaction.optional(),
});
export type Message = z.infer<typeof Message>;

export const SessionStatus = z.enum(['idle', 'running', 'stopping']);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** What one local day (`YYYY-MM-DD`) of a conversation cost: its model calls that day (issue 20 item 3). */
export const DaySpend = z.object({
  day: z.string(),
  /** USD; null when a call's model has no known price. */
  costUsd: z.number().nonnegative().nullable(),
  tokens: z.number().int().nonnegative(),
});
export type DaySpend = z.infer<typeof DaySpend>;

/** What a conversation cost in all (its subagents included), and per day, for the lists. */
export const SessionSpend = z.object({
  costUsd: z.number().nonnegative().nullable(),
  tokens: z.number().int().nonnegative(),
  days: z.array(DaySpend).default([]),
});
export type SessionSpend = z.infer<typeof SessionSpend>;

/**
 * A model call whose usage is not on a message of the conversation: a subagent's (its messages are in
 * its own transcript). Saved as its own line; its cost counts in the conversation's total.
 */
export const ExtraUsage = z.object({
  at: z.number(),
  model: z.string().optional(),
  usage: Usage,
  /** The Agent call that ran it, and the subagent's id. */
  toolUseId: z.string().optional(),
  agentId: z.string().optional(),
});
export type ExtraUsage = z.infer<typeof ExtraUsage>;

export const SessionSummary = z.object({
  id: z.string(),
  projectDir: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int().nonnegative(),
  /** Absent from older hosts. */
  spend: SessionSpend.optional(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

/** The plain text of a message, tool blocks and a typed command's instructions left out. */
export function messageText(message: Pick<Message, 'content'>): string {
  return message.content
    .filter((b): b is z.infer<typeof TextBlock> => b.type === 'text' && !b.command)
    .map((b) => b.text)
    .join('');
}
