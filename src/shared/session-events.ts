// Events a running session publishes (main → renderer), one plain-data union.
import { z } from 'zod';
import { BudgetStatus } from './budget';
import { PermissionDecision, PermissionRequestView } from './permissions/request';
import { SavedAlwaysRule } from './permissions/rule-store';
import { ToolCallView, ToolProgress } from './tools/tool-call';
import { WorkItem } from './tools/work-items';
import { Message, RunStop, SessionStatus, SessionSummary } from './transcript';
import { WorkingFolder } from './working-folder';

export const ErrorInfo = z.object({
  /** A stable machine code: 'auth', 'network', 'rate_limit', 'overloaded', 'api', 'aborted', 'internal', … */
  code: z.string(),
  message: z.string(),
  /** Whether the session stays usable (it always should; kept for the banner's wording). */
  retryable: z.boolean().optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfo>;

const base = { sessionId: z.string() };

/** Token use and its cost in USD (null when the model's price is unknown). */
export const UsageTotals = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  cacheWriteTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

export const SessionEvent = z.discriminatedUnion('type', [
  /** A complete message was appended to the transcript (the user's, or a finished assistant reply). */
  z.object({ ...base, type: z.literal('message'), message: Message }),
  /** The model started a reply; text deltas with this messageId follow. */
  z.object({ ...base, type: z.literal('assistant_start'), messageId: z.string(), model: z.string() }),
  z.object({ ...base, type: z.literal('text_delta'), messageId: z.string(), text: z.string() }),
  /** The request failed and is retried after delayMs; any partial text of messageId is void. */
  z.object({
    ...base,
    type: z.literal('retry'),
    messageId: z.string(),
    attempt: z.number().int().positive(),
    delayMs: z.number().nonnegative(),
    reason: z.string(),
    /** The failure's code ('overloaded', 'rate_limit', 'network', …), for the note's plain words. */
    code: z.string().optional(),
    /** Attempts in all, the first included. */
    maxAttempts: z.number().int().positive().optional(),
  }),
  z.object({ ...base, type: z.literal('status'), status: SessionStatus }),
  z.object({ ...base, type: z.literal('error'), error: ErrorInfo }),
  z.object({ ...base, type: z.literal('summary'), session: SessionSummary }),
  /** A tool call changed state: the whole snapshot, so a late subscriber needs nothing else. */
  z.object({ ...base, type: z.literal('tool_call'), call: ToolCallView }),
  /** Live progress of a running call (Bash output), sent at once (CC5). */
  z.object({ ...base, type: z.literal('tool_progress'), callId: z.string(), progress: ToolProgress }),
  z.object({ ...base, type: z.literal('permission_request'), request: PermissionRequestView }),
  z.object({
    ...base,
    type: z.literal('permission_resolved'),
    requestId: z.string(),
    decision: PermissionDecision.or(z.literal('cancelled')),
    /** Nobody answered by its deadline (a background task's request): the denial was the clock's, not a person's. */
    expired: z.boolean().optional(),
    /** "Always allow" saved a rule: which, and where (the conversation's notice offers to undo it). */
    saved: SavedAlwaysRule.optional(),
  }),
  /**
   * The run stopped short (a limit, a stop reason such as max_tokens, a hook, an error): why, in plain
   * words. `messageId` is the run's last message, which carries the same `stopped` from now on (and on
   * disk); null when no message joined the conversation (a hook blocked the prompt).
   */
  z.object({ ...base, type: z.literal('run_stopped'), messageId: z.string().nullable(), stop: RunStop }),
  /**
   * Usage of the model call that just ended, and the session's running total. `context`: how much the
   * model reads now against its window, when it is not that call's own size (after a summary).
   */
  z.object({
    ...base,
    type: z.literal('usage'),
    turn: UsageTotals,
    total: UsageTotals,
    context: z.object({ used: z.number().int().nonnegative().optional(), window: z.number().int().positive() }).optional(),
    /** The call was a subagent's: the Agent call that runs it, and that subagent's total so far (its card shows it). */
    agent: z.object({ toolUseId: z.string(), total: UsageTotals }).optional(),
  }),
  /**
   * The conversation's budget (issue 20 item 4) after a call or an answer: used share and phase (a
   * notice at 80 %, paused at 100 % until the person answers, continued, raised, stopped).
   */
  z.object({ ...base, type: z.literal('budget'), budget: BudgetStatus }),
  /** The conversation is being summarised to make room (issue 20 item 2); its message follows. */
  z.object({ ...base, type: z.literal('compacting'), trigger: z.enum(['auto', 'manual']) }),
  /** The session's permission mode changed (the person chose one, plan mode began, a plan was approved). */
  z.object({ ...base, type: z.literal('mode'), mode: z.string() }),
  /** The session works in another folder from the next call on (a worktree), or back in the project folder (null). */
  z.object({ ...base, type: z.literal('working_folder'), folder: WorkingFolder.nullable() }),
  /** The conversation's task list changed (a Task tool of it or of its subagents, or a conversation sharing the list): all of it. */
  z.object({ ...base, type: z.literal('task_list'), items: z.array(WorkItem) }),
]);
export type SessionEvent = z.infer<typeof SessionEvent>;
