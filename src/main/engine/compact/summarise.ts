// The summary's own model call (issue 20 item 2): the same client, credential, system prompt and tools
// as the conversation's requests (so its prefix is the one already cached), the summary request as the
// last user message, text only. Retried like any call on a busy or broken service; a request that is
// itself too long drops its oldest messages and goes again, smaller each time.
import type { Message, Usage } from '../../../shared/transcript';
import { ModelError } from '../../model/errors';
import { backoffDelay, shouldRetry, sleep as realSleep, type RetryPolicy } from '../../model/retry';
import type { ModelClient } from '../../model/types';
import type { RequestParts } from '../model-call';
import { isPromptTooLong, summaryRequestText } from './prompt';
import { clearOldToolResults, estimateTokens } from './view';

export interface SummariseOptions {
  client: ModelClient;
  model: string;
  maxTokens?: number;
  retry: RetryPolicy;
  /** The request for these messages (system, tools and the messages as the API takes them). */
  request: (messages: Message[]) => RequestParts;
  /** The most the summary request's messages may count, in estimated tokens. */
  limit: number;
  toolResultBudget: number;
  onRetry?: (attempt: number, delayMs: number, error: ModelError) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
}

export interface SummaryReply {
  text: string;
  usage: Usage;
  model: string;
  /** Oldest messages left out because even the summary request did not fit. */
  dropped: number;
}

/** At most this many smaller tries after a "prompt is too long" refusal of the summary request. */
const MAX_SHRINKS = 3;

export async function summarise(o: SummariseOptions, messages: readonly Message[], instructions: string | undefined, signal: AbortSignal): Promise<SummaryReply> {
  const ask: Message = { id: 'compact-request', role: 'user', content: [{ type: 'text', text: summaryRequestText(instructions) }], createdAt: o.now() };
  let from = 0;
  let limit = o.limit;
  for (let shrink = 0; ; shrink++) {
    const parts = fitted(o, messages, from, ask, limit);
    from = parts.from;
    try {
      return { ...(await streamOnce(o, parts.request, signal)), dropped: from };
    } catch (err) {
      if (!(err instanceof ModelError) || !isPromptTooLong(err) || shrink >= MAX_SHRINKS) throw err;
      limit = Math.floor(estimateTokens(parts.request.messages) * 0.7);
    }
  }
}

/** The request for messages[from..] and the ask, old tool results cleared and oldest messages dropped until it fits `limit`. */
function fitted(o: SummariseOptions, messages: readonly Message[], from: number, ask: Message, limit: number): { request: RequestParts; from: number } {
  for (;;) {
    const base = o.request([...messages.slice(from), ask]);
    const request = estimateTokens(base.messages) > limit ? { ...base, messages: clearOldToolResults(base.messages, Math.min(o.toolResultBudget, limit / 2)).messages } : base;
    if (estimateTokens(request.messages) <= limit || from >= messages.length - 1) return { request, from };
    from += Math.max(1, Math.ceil((messages.length - from) / 4));
  }
}

async function streamOnce(o: SummariseOptions, parts: RequestParts, signal: AbortSignal): Promise<Omit<SummaryReply, 'dropped'>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const request = {
        model: o.model,
        messages: parts.messages,
        ...(parts.system ? { system: parts.system } : {}),
        ...(parts.tools && parts.tools.length > 0 ? { tools: parts.tools } : {}),
        ...(o.maxTokens ? { maxTokens: o.maxTokens } : {}),
      };
      for await (const ev of o.client.stream(request, signal)) {
        if (ev.type !== 'done') continue;
        const text = ev.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
        if (!text.trim()) throw new ModelError('api', 'The model wrote no summary.', { retryable: false });
        return { text, usage: ev.usage, model: ev.model };
      }
      throw new ModelError('network', 'The summary stream ended without a final message.');
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
      if (error.code === 'aborted' || signal.aborted || !shouldRetry(error, attempt, o.retry)) throw error;
      const delayMs = backoffDelay(attempt, o.retry, error.retryAfterMs);
      o.onRetry?.(attempt, delayMs, error);
      await (o.sleep ?? realSleep)(delayMs, signal);
    }
  }
}
