// The model ↔ tools turn loop of one user message: call the model (with our retries), append its reply,
// and while it asks for tools and a ToolRunner is present, run them and call again (up to maxTurns).
import type { Message, Usage } from '../../shared/transcript';
import { ModelError } from '../model/errors';
import { backoffDelay, shouldRetry, sleep as realSleep, type RetryPolicy } from '../model/retry';
import type { ApiTool, ModelClient, ToolResultBlock, ToolUseBlock } from '../model/types';
import { toApiMessages } from './request';

/** Runs one assistant message's tool calls; answers one tool_result per tool_use, in call order. */
export interface ToolRunner {
  run(toolUses: ToolUseBlock[], signal: AbortSignal): Promise<ToolResultBlock[]>;
}

export type LoopEvent =
  | { type: 'assistant_start'; messageId: string; model: string }
  | { type: 'text_delta'; messageId: string; text: string }
  | { type: 'retry'; messageId: string; attempt: number; delayMs: number; reason: string };

export interface LoopOptions {
  client: ModelClient;
  model: string;
  system?: string;
  tools?: ApiTool[];
  toolRunner?: ToolRunner;
  maxTurns: number;
  maxTokens?: number;
  retry: RetryPolicy;
  /** The conversation so far, read before each model call (it includes what `append` added). */
  transcript: () => readonly Message[];
  /** A complete message of this turn (an assistant reply, or tool results), in order. */
  append: (message: Message) => void;
  emit: (event: LoopEvent) => void;
  newId: () => string;
  now: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface LoopResult {
  /** Model calls that produced a reply (retries not counted). */
  turns: number;
  stopReason: string | null;
  usage: Usage;
  aborted: boolean;
  /** The model still wanted tools when maxTurns ran out. */
  maxTurnsReached: boolean;
  error?: ModelError;
}

const ZERO: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
const add = (a: Usage, b: Usage): Usage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
  cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
});

type CallOutcome =
  | { kind: 'ok'; message: Message; usage: Usage }
  | { kind: 'aborted'; partial: Message | null }
  | { kind: 'error'; error: ModelError };

/** One model call with retries; `messageId` names the reply across attempts (a retry voids its partial text). */
async function callModel(opts: LoopOptions, messageId: string, signal: AbortSignal): Promise<CallOutcome> {
  const sleep = opts.sleep ?? realSleep;
  let started = false;
  let model = opts.model;
  for (let attempt = 1; ; attempt++) {
    let text = '';
    try {
      const request = {
        model: opts.model,
        messages: toApiMessages(opts.transcript()),
        ...(opts.system ? { system: opts.system } : {}),
        ...(opts.tools ? { tools: opts.tools } : {}),
        ...(opts.maxTokens ? { maxTokens: opts.maxTokens } : {}),
      };
      for await (const ev of opts.client.stream(request, signal)) {
        if (ev.type === 'start') {
          model = ev.model;
          if (!started) opts.emit({ type: 'assistant_start', messageId, model });
          started = true;
        } else if (ev.type === 'text') {
          text += ev.text;
          opts.emit({ type: 'text_delta', messageId, text: ev.text });
        } else if (ev.type === 'done') {
          const message: Message = {
            id: messageId,
            role: 'assistant',
            content: ev.content,
            createdAt: opts.now(),
            model: ev.model,
            stopReason: ev.stopReason,
            usage: ev.usage,
          };
          return { kind: 'ok', message, usage: ev.usage };
        }
      }
      throw new ModelError('internal', 'The model stream ended without a final message.');
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
      if (error.code === 'aborted' || signal.aborted) {
        // Keep what the user already saw: the partial text becomes the reply, marked as stopped.
        const partial: Message | null =
          text.length > 0 ? { id: messageId, role: 'assistant', content: [{ type: 'text', text }], createdAt: opts.now(), model, stopReason: 'aborted' } : null;
        return { kind: 'aborted', partial };
      }
      if (!shouldRetry(error, attempt, opts.retry)) return { kind: 'error', error };
      const delayMs = backoffDelay(attempt, opts.retry, error.retryAfterMs, opts.random);
      opts.emit({ type: 'retry', messageId, attempt, delayMs, reason: error.message });
      try {
        await sleep(delayMs, signal);
      } catch {
        return { kind: 'aborted', partial: null };
      }
    }
  }
}

export async function runLoop(opts: LoopOptions, signal: AbortSignal): Promise<LoopResult> {
  let usage = ZERO;
  let turns = 0;
  let stopReason: string | null = null;
  for (;;) {
    const outcome = await callModel(opts, opts.newId(), signal);
    if (outcome.kind === 'aborted') {
      if (outcome.partial) opts.append(outcome.partial);
      return { turns, stopReason: 'aborted', usage, aborted: true, maxTurnsReached: false };
    }
    if (outcome.kind === 'error') return { turns, stopReason, usage, aborted: false, maxTurnsReached: false, error: outcome.error };
    turns++;
    usage = add(usage, outcome.usage);
    stopReason = outcome.message.stopReason ?? null;
    opts.append(outcome.message);

    const toolUses = outcome.message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (stopReason !== 'tool_use' || toolUses.length === 0 || !opts.toolRunner) {
      return { turns, stopReason, usage, aborted: false, maxTurnsReached: false };
    }
    if (turns >= opts.maxTurns) return { turns, stopReason, usage, aborted: false, maxTurnsReached: true };
    const results = await opts.toolRunner.run(toolUses, signal);
    opts.append({ id: opts.newId(), role: 'user', content: results, createdAt: opts.now() });
    if (signal.aborted) return { turns, stopReason: 'aborted', usage, aborted: true, maxTurnsReached: false };
  }
}
