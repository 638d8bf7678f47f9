// The streaming executor's plain-data vocabulary: the calls it takes, the outcomes it hands back,
// its options and the event log hook tests and benchmarks record order with.
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { Logger } from '../../base/log';
import type { ToolResultContent, UpcomingCalls } from '../core/tool';

/** One complete `tool_use` block from the model stream. */
export interface ExecutorToolUse {
  id: string;
  name: string;
  input: unknown;
  /** The assistant message that holds the block. */
  messageId: string;
}

export type ToolCallOutcomeState = 'succeeded' | 'failed' | 'rejected' | 'cancelled';

/** What goes into the call's `tool_result` block (and the UI's final state). */
export interface ToolCallOutcome {
  toolUseId: string;
  content: ToolResultContent;
  isError: boolean;
  state: ToolCallOutcomeState;
}

/** The pipeline for one call. Errors are data: it resolves with a failed outcome rather than
 *  rejecting — the executor still turns a rejection (or a synchronous throw) into one. */
export type RunToolUse = (
  use: ExecutorToolUse,
  signal: AbortSignal,
  onProgress: (p: ToolProgress) => void,
  /** The calls of this message still to come (a hint: Bash keeps a shell ready only when one follows). */
  upcoming?: () => UpcomingCalls,
) => Promise<ToolCallOutcome>;

export interface ExecutorOptions {
  runToolUse: RunToolUse;
  /** From the tool and its parsed input; false for unknown tools or invalid input (fail closed). */
  isConcurrencySafe: (use: ExecutorToolUse) => boolean;
  /**
   * Calls that do their work in this thread (ToolDef.worksInThread) start only once the current turn
   * of the event loop is over: the rest of the stream chunk that brought them is parsed first and the
   * calls in it that hand their work to another process start before them. Default: none.
   */
  worksInThread?: (use: ExecutorToolUse) => boolean;
  /** True for Bash (CC4): its failure cancels the other calls of the batch. */
  abortsSiblingsOnError: (use: ExecutorToolUse) => boolean;
  /** CC3. Default: env AGENT_DESK_MAX_TOOL_USE_CONCURRENCY, else 10. */
  maxConcurrency?: number;
  /** The turn's Stop. */
  signal: AbortSignal;
  /** After Stop, how long running calls may take to hand back their own result before the executor
   *  gives them a synthesized cancelled one (a tool that ignores its signal must not hang the turn).
   *  Default 5000; 0 = synthesize at once. One deadline armed at Stop — never a polling timer. */
  stopGraceMs?: number;
  onEvent?: (e: ExecutorEvent) => void;
  /** Where the env var is read from (tests); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  log?: Logger;
}

/**
 * The order log. `cancelled` = the call was cancelled: a queued call got its synthesized result, or a
 * running call's signal was aborted (it then still reports `finished` when its pipeline settles).
 * `yielded` = its result left `results()`.
 */
export type ExecutorEventType = 'queued' | 'started' | 'progress' | 'finished' | 'yielded' | 'cancelled';
export interface ExecutorEvent {
  type: ExecutorEventType;
  toolUseId: string;
}

export type ExecutorItem =
  | { kind: 'progress'; toolUseId: string; progress: ToolProgress }
  | { kind: 'result'; outcome: ToolCallOutcome };
