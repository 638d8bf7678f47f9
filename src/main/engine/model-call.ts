// One model call with our retries, handing each tool_use block to the tool batch the moment it
// completes in the stream (CC1). A retried attempt's calls are cancelled and voided with its partial
// reply; a stopped attempt keeps its text and completed tool_use blocks (their calls get results).
import type { ContentBlock, Message, Usage } from '../../shared/transcript';
import { ModelError } from '../model/errors';
import { backoffDelay, shouldRetry, sleep as realSleep, type RetryPolicy } from '../model/retry';
import type { ApiMessage, ApiTool, ModelClient, SystemBlock } from '../model/types';
import type { ToolBatch } from './tool-runner';

export type LoopEvent =
  | { type: 'assistant_start'; messageId: string; model: string }
  | { type: 'text_delta'; messageId: string; text: string }
  | { type: 'retry'; messageId: string; attempt: number; delayMs: number; reason: string };

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
  beginTools?: (messageId: string) => ToolBatch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export type CallOutcome =
  | { kind: 'ok'; message: Message; usage: Usage; batch: ToolBatch | null }
  /** `partial`: the text and complete tool_use blocks streamed before Stop (null if none). */
  | { kind: 'aborted'; partial: Message | null; batch: ToolBatch | null }
  | { kind: 'error'; error: ModelError };

/** Cancels a voided attempt's calls and waits for them, so none outlives its attempt. */
async function discard(batch: ToolBatch | null, why: string): Promise<void> {
  if (!batch) return;
  batch.cancel(why);
  await batch.finish();
}

/** `messageId` names the reply across attempts (a retry voids its partial text and calls). */
export async function callModel(opts: ModelCallOptions, messageId: string, signal: AbortSignal): Promise<CallOutcome> {
  const sleep = opts.sleep ?? realSleep;
  let started = false;
  let model = opts.model;
  for (let attempt = 1; ; attempt++) {
    // What this attempt streamed so far, by block index, for a stopped reply.
    const blocks = new Map<number, ContentBlock>();
    let batch: ToolBatch | null = null;
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
          batch ??= opts.beginTools?.(messageId) ?? null;
          batch?.add(ev.block, ev.inputError);
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
        const content = [...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b).filter((b) => b.type !== 'text' || b.text.length > 0);
        const partial: Message | null = content.length > 0 ? { id: messageId, role: 'assistant', content, createdAt: opts.now(), model, stopReason: 'aborted' } : null;
        batch?.cancel('stopped');
        return { kind: 'aborted', partial, batch };
      }
      await discard(batch, 'the reply failed and is retried or given up');
      if (!shouldRetry(error, attempt, opts.retry)) return { kind: 'error', error };
      const delayMs = backoffDelay(attempt, opts.retry, error.retryAfterMs, opts.random);
      opts.emit({ type: 'retry', messageId, attempt, delayMs, reason: error.message });
      try {
        await sleep(delayMs, signal);
      } catch {
        return { kind: 'aborted', partial: null, batch: null };
      }
    }
  }
}
