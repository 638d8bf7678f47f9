// The loop's seam to the tools: one ToolBatch per assistant message, fed each tool_use block the moment
// it completes in the stream (CC1), and asked for all results, in call order, when the stream ends.
import type { ContentBlock } from '../../shared/transcript';
import type { ToolResultBlock, ToolUseBlock } from '../model/types';

export interface ToolBatchResult {
  /** One tool_result per added tool_use, in call order (CC5). */
  results: ToolResultBlock[];
  /** What tools added for the model after their results (their `newMessages`, as text). */
  extra: ContentBlock[];
  /** A PostToolUse hook said `continue: false`: end the turn after these results. */
  stopTurn?: { reason: string };
}

export interface ToolBatch {
  /** A tool_use block is complete; `inputError` when its input was not valid JSON. Starts it at once if it may run. */
  add(block: ToolUseBlock, inputError?: string): void;
  /** No more blocks (the stream ended, or was stopped): resolves once every added call has its result. */
  finish(): Promise<ToolBatchResult>;
  /** Stop or void the batch: running calls are aborted, queued ones cancelled; each still gets a result. */
  cancel(reason: string): void;
}

/** Writes a batch's calls down as they happen (PX5), so a crash never hides one. */
export interface CallRecorder {
  /** Resolves once call `toolUseId` is on disk; the call runs only then (a rejection fails it, unrun). */
  recorded(toolUseId: string): Promise<void>;
  /** A call has its result (written now, before the batch ends). */
  finished(result: ToolResultBlock): void;
}

export interface ToolRunner {
  /** A batch for the assistant message `messageId`; `signal` is the turn's Stop. */
  begin(messageId: string, signal: AbortSignal, recorder?: CallRecorder): ToolBatch;
  /** The request is out and the model is thinking: tools may prepare for their next call (warmUp). */
  warmUp?(): void;
}
