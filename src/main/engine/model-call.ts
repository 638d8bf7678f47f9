// One model call with our retries, handing each tool_use block to the tool batch the moment it
// completes in the stream (CC1), after writing the reply's blocks up to it down (PX5: the call runs once
// they are on disk). An attempt that fails before any call was handed over is voided with its partial
// text and retried here. One that fails after calls were handed over is not voided: those calls ran or
// are running, so the reply is kept up to its last complete call and returned as `cut` — the loop puts
// it and the calls' results into the conversation and goes on from there. A stopped attempt keeps its
// text and completed tool_use blocks (their calls get results).
import type { ContentBlock, Message, Usage } from '../../shared/transcript';
import { ModelError } from '../model/errors';
import { backoffDelay, shouldRetry, sleep as realSleep, type RetryPolicy } from '../model/retry';
import type { ApiMessage, ApiTool, ModelClient, SystemBlock, ToolResultBlock } from '../model/types';
import type { CallRecorder, ToolBatch } from './tool-runner';

export type LoopEvent =
  | { type: 'assistant_start'; messageId: string; model: string }
  | { type: 'text_delta'; messageId: string; text: string }
  | { type: 'retry'; messageId: string; attempt: number; delayMs: number; reason: string; code: string; maxAttempts: number };

/** What one request sends besides the model: built fresh per attempt (loaded deferred tools join). */
export interface RequestParts {
  messages: ApiMessage[];
  system?: string | SystemBlock[];
  tools?: ApiTool[];
}

export interface ModelCallOptions {
  client: ModelClient;
  model: string;
  maxTokens?: number;
  retry: RetryPolicy;
  request: () => RequestParts;
  emit: (event: LoopEvent) => void;
  now: () => number;
  /** A batch for this attempt's tool calls; absent = tool_use blocks are only recorded. */
  beginTools?: (messageId: string, recorder?: CallRecorder) => ToolBatch;
  /** Writes the reply down as its calls happen (PX5). */
  record?: ReplyRecorder;
  /** The number of the first attempt (a reply that goes on after a cut one counts on from it). */
  firstAttempt?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Where a reply's calls are written as they happen. */
export interface ReplyRecorder {
  /** The blocks of reply `messageId` that streamed since the last call, ending with the next call: its call runs once this resolves. */
  replyBlocks(messageId: string, blocks: ContentBlock[]): Promise<void>;
  /** A call of reply `messageId` finished. */
  toolResult(messageId: string, result: ToolResultBlock): void;
  /** Resolves once every line queued so far is on disk: a call starts only after what ran before it is written. */
  settled?(): Promise<void>;
}

export type CallOutcome =
  | { kind: 'ok'; message: Message; usage: Usage; batch: ToolBatch | null }
  /** `partial`: the text and complete tool_use blocks streamed before Stop (null if none). */
  | { kind: 'aborted'; partial: Message | null; batch: ToolBatch | null }
  /** The stream failed (attempt `attempt`, `error`) after handing calls to `batch`: `partial` is the reply up to its last complete call. */
  | { kind: 'cut'; partial: Message; batch: ToolBatch; error: ModelError; attempt: number }
  | { kind: 'error'; error: ModelError };

/** Stop reason of a reply kept up to its last complete call after its stream failed. */
export const STREAM_CUT_STOP_REASON = 'stream_cut';

/** The blocks streamed so far with an index in (after, upTo], in order, empty text left out. */
function blocksIn(blocks: ReadonlyMap<number, ContentBlock>, after = -1, upTo = Infinity): ContentBlock[] {
  return [...blocks.entries()]
    .filter(([i]) => i > after && i <= upTo)
    .sort((a, b) => a[0] - b[0])
    .map(([, b]) => b)
    .filter((b) => b.type !== 'text' || b.text.length > 0);
}

/**
 * Attempt `attempt` failed with `error`: when the policy retries it, says so (a `retry` event for
 * `messageId`, the reply to come) and waits. 'give_up' when it is not retried, 'aborted' when Stop came
 * during the wait.
 */
export async function waitToRetry(
  opts: Pick<ModelCallOptions, 'retry' | 'emit' | 'sleep' | 'random'>,
  error: ModelError,
  attempt: number,
  messageId: string,
  signal: AbortSignal,
): Promise<'retry' | 'give_up' | 'aborted'> {
  if (!shouldRetry(error, attempt, opts.retry)) return 'give_up';
  const delayMs = backoffDelay(attempt, opts.retry, error.retryAfterMs, opts.random);
  opts.emit({ type: 'retry', messageId, attempt, delayMs, reason: error.message, code: error.code, maxAttempts: opts.retry.maxAttempts });
  try {
    await (opts.sleep ?? realSleep)(delayMs, signal);
    return 'retry';
  } catch {
    return 'aborted';
  }
}

/** `messageId` names the reply across attempts (a retry voids its partial text). */
export async function callModel(opts: ModelCallOptions, messageId: string, signal: AbortSignal): Promise<CallOutcome> {
  let started = false;
  let model = opts.model;
  const record = opts.record;
  for (let attempt = opts.firstAttempt ?? 1; ; attempt++) {
    // What this attempt streamed so far, by block index, for a stopped or cut reply.
    const blocks = new Map<number, ContentBlock>();
    let batch: ToolBatch | null = null;
    /** The index of the last block handed to the batch (-1: none). */
    let handed = -1;
    /** Each handed call's write: the call runs once it is done. */
    const writes = new Map<string, Promise<void>>();
    const recorder: CallRecorder | undefined = record
      ? {
          // Its own blocks, and the results of the calls that finished before it (a crash right after
          // it starts must not lose them).
          recorded: (id) => Promise.all([writes.get(id), record.settled?.()]).then(() => undefined),
          finished: (result) => record.toolResult(messageId, result),
        }
      : undefined;
    try {
      const parts = opts.request();
      const request = {
        model: opts.model,
        messages: parts.messages,
        ...(parts.system ? { system: parts.system } : {}),
        ...(parts.tools && parts.tools.length > 0 ? { tools: parts.tools } : {}),
        ...(opts.maxTokens ? { maxTokens: opts.maxTokens } : {}),
      };
      for await (const ev of opts.client.stream(request, signal)) {
        if (ev.type === 'start') {
          model = ev.model;
          if (!started) opts.emit({ type: 'assistant_start', messageId, model });
          started = true;
        } else if (ev.type === 'text') {
          const prev = blocks.get(ev.index);
          blocks.set(ev.index, { type: 'text', text: (prev?.type === 'text' ? prev.text : '') + ev.text });
          opts.emit({ type: 'text_delta', messageId, text: ev.text });
        } else if (ev.type === 'tool_use') {
          blocks.set(ev.index, ev.block);
          if (opts.beginTools) {
            if (record) {
              const written = record.replyBlocks(messageId, blocksIn(blocks, handed, ev.index));
              written.catch(() => undefined); // the call's run reports it
              writes.set(ev.block.id, written);
            }
            handed = ev.index;
            batch ??= opts.beginTools(messageId, recorder);
            batch.add(ev.block, ev.inputError);
          }
        } else if (ev.type === 'done') {
          const message: Message = { id: messageId, role: 'assistant', content: ev.content, createdAt: opts.now(), model: ev.model, stopReason: ev.stopReason, usage: ev.usage };
          return { kind: 'ok', message, usage: ev.usage, batch };
        }
      }
      throw new ModelError('internal', 'The model stream ended without a final message.');
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
      if (error.code === 'aborted' || signal.aborted) {
        // Keep what the user already saw: the text, and the calls already started (they get results).
        const content = blocksIn(blocks);
        const partial: Message | null = content.length > 0 ? { id: messageId, role: 'assistant', content, createdAt: opts.now(), model, stopReason: 'aborted' } : null;
        batch?.cancel('stopped');
        return { kind: 'aborted', partial, batch };
      }
      if (batch) {
        // CC1 started these calls: they happened, so the reply stays up to its last complete call.
        const partial: Message = { id: messageId, role: 'assistant', content: blocksIn(blocks, -1, handed), createdAt: opts.now(), model, stopReason: STREAM_CUT_STOP_REASON };
        return { kind: 'cut', partial, batch, error, attempt };
      }
      const next = await waitToRetry(opts, error, attempt, messageId, signal);
      if (next === 'give_up') return { kind: 'error', error };
      if (next === 'aborted') return { kind: 'aborted', partial: null, batch: null };
    }
  }
}
