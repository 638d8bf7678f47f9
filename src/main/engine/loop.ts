// The model ↔ tools turn loop of one user message: call the model (tools start while it streams),
// append its reply, append ALL the turn's tool results in one user message in call order, and go on
// while it asks for tools, up to maxTurns when the run has a limit (interactive runs have none).
// A reply whose stream failed after some of its calls started is appended as far as it came, with
// those calls' results, and the retry goes on from there (nothing a call did is hidden from the
// model). A Stop hook may send it back to work once it ends. Before each request the conversation may
// be summarised to fit the model's window (issue 20 item 2), and a request the API refuses as too long
// is summarised once and sent smaller: the same oversized request never goes twice. A budget's gate
// (issue 20 item 4) is passed before every request, and again after a summary: it may pause to ask, or end the run.
import type { Message, Usage } from '../../shared/transcript';
import { ModelError } from '../model/errors';
import { isPromptTooLong } from './compact/prompt';
import type { RetryPolicy } from '../model/retry';
import type { ModelClient } from '../model/types';
import { onNextModelRequestSent } from '../model/request-sent';
import { callModel, waitToRetry, type LoopEvent, type ReplyRecorder, type RequestParts } from './model-call';
import type { CallRecorder, ToolBatch, ToolRunner } from './tool-runner';
import { addUsage, ZERO_USAGE } from '../model/usage';

export type { LoopEvent } from './model-call';
export type { CallRecorder, ToolBatch, ToolBatchResult, ToolRunner } from './tool-runner';

export interface LoopOptions {
  client: ModelClient;
  model: string;
  /** The request's messages, system and tools, built before every model call. */
  request: () => RequestParts;
  toolRunner?: ToolRunner;
  /** Model turns this run may take; absent = no limit. */
  maxTurns?: number;
  maxTokens?: number;
  retry: RetryPolicy;
  /** A complete message of this turn (an assistant reply, or tool results), in order. */
  append: (message: Message) => void;
  /** Writes each reply's calls down as they happen, before the reply is complete (PX5). */
  record?: ReplyRecorder;
  emit: (event: LoopEvent) => void;
  /**
   * The model ended its turn: a Stop hook may answer with a reason to go on (sent as a user message).
   * `active` is true when the loop already went on because of a Stop hook.
   */
  onEnd?: (active: boolean, signal: AbortSignal) => Promise<string | null>;
  /**
   * Before each request ('before': summarise when it would pass the threshold) and after a refusal as
   * too long ('too_long': summarise now). 'compacted' when the next request is smaller.
   */
  prepare?: (why: 'before' | 'too_long', signal: AbortSignal) => Promise<'compacted' | 'unchanged' | ModelError>;
  /** Before every request: 'stop' ends the run before it (the budget is used up and the person said stop). */
  gate?: (signal: AbortSignal) => Promise<'go' | 'stop'>;
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
  /** A PostToolUse hook ended the turn (`continue: false`), with its reason. */
  hookStopped?: string;
  /** The budget's gate ended the run before a request. */
  budgetStopped?: boolean;
  error?: ModelError;
}

/** Waits for a batch's results and appends them as one user message (tool_results first, in call order). */
async function appendResults(opts: LoopOptions, batch: ToolBatch): Promise<{ stopTurn?: { reason: string } }> {
  const r = await batch.finish();
  if (r.results.length > 0 || r.extra.length > 0) {
    opts.append({ id: opts.newId(), role: 'user', content: [...r.results, ...r.extra], createdAt: opts.now() });
  }
  return r.stopTurn ? { stopTurn: r.stopTurn } : {};
}

export async function runLoop(opts: LoopOptions, signal: AbortSignal): Promise<LoopResult> {
  let usage = ZERO_USAGE;
  let turns = 0;
  let stopReason: string | null = null;
  let stopHookActive = false;
  const maxTurns = opts.maxTurns ?? Infinity;
  const runner = opts.toolRunner;
  const beginTools = runner ? (messageId: string, recorder?: CallRecorder) => runner.begin(messageId, signal, recorder) : undefined;
  const aborted = (): LoopResult => ({ turns, stopReason: 'aborted', usage, aborted: true, maxTurnsReached: false });
  /** After a cut reply: the id of the reply that goes on from it, and its first attempt's number. */
  let resume: { messageId: string; attempt: number } | null = null;
  /** A refusal as too long was answered with a summary: a second one for the same request ends the run. */
  let shrunk = false;

  /** Passes the budget's gate: false when the run must end here. */
  const gateOpen = async (): Promise<boolean> => !opts.gate || (await opts.gate(signal)) === 'go';
  const budgetStop = (): LoopResult => ({ turns, stopReason, usage, aborted: false, maxTurnsReached: false, budgetStopped: true });

  for (;;) {
    if (!(await gateOpen())) return signal.aborted ? aborted() : budgetStop();
    if (signal.aborted) return aborted();
    if (opts.prepare) {
      const prepared = await opts.prepare('before', signal);
      if (signal.aborted) return aborted();
      if (prepared instanceof ModelError) return { turns, stopReason, usage, aborted: false, maxTurnsReached: false, error: prepared };
      // The summary was a request too: the next one passes the gate again.
      if (prepared === 'compacted' && !(await gateOpen())) return signal.aborted ? aborted() : budgetStop();
    }
    // Once the request has left, the process only waits: the tools' warm-ups cost no call anything.
    const cancelWarmUp = runner?.warmUp ? onNextModelRequestSent(() => runner.warmUp?.()) : undefined;
    const outcome = await callModel(
      {
        client: opts.client,
        model: opts.model,
        retry: opts.retry,
        request: opts.request,
        emit: opts.emit,
        now: opts.now,
        ...(beginTools ? { beginTools } : {}),
        ...(opts.record ? { record: opts.record } : {}),
        ...(resume ? { firstAttempt: resume.attempt } : {}),
        ...(opts.maxTokens ? { maxTokens: opts.maxTokens } : {}),
        ...(opts.sleep ? { sleep: opts.sleep } : {}),
        ...(opts.random ? { random: opts.random } : {}),
      },
      resume?.messageId ?? opts.newId(),
      signal,
    );
    cancelWarmUp?.();
    resume = null;
    if (outcome.kind === 'aborted') {
      // The started calls still answer (cancelled), so the stored transcript stays valid for the API.
      if (outcome.partial) opts.append(outcome.partial);
      if (outcome.batch) await appendResults(opts, outcome.batch);
      return aborted();
    }
    if (outcome.kind === 'error') {
      if (opts.prepare && !shrunk && isPromptTooLong(outcome.error)) {
        shrunk = true;
        const prepared = await opts.prepare('too_long', signal);
        if (signal.aborted) return aborted();
        if (prepared === 'compacted') continue;
        if (prepared instanceof ModelError) return { turns, stopReason, usage, aborted: false, maxTurnsReached: false, error: prepared };
      }
      return { turns, stopReason, usage, aborted: false, maxTurnsReached: false, error: outcome.error };
    }
    shrunk = false;
    if (outcome.kind === 'ok') {
      turns++;
      usage = addUsage(usage, outcome.usage);
      stopReason = outcome.message.stopReason ?? null;
    }
    // A cut reply's calls ran (or run) and finish as they would have: the reply as far as it came and
    // their results join the conversation, and the retry's request carries them.
    opts.append(outcome.kind === 'ok' ? outcome.message : outcome.partial);
    if (outcome.batch) {
      const { stopTurn } = await appendResults(opts, outcome.batch);
      if (signal.aborted) return aborted();
      if (stopTurn) return { turns, stopReason, usage, aborted: false, maxTurnsReached: false, hookStopped: stopTurn.reason };
    }
    if (outcome.kind === 'cut') {
      const messageId = opts.newId();
      const next = await waitToRetry(opts, outcome.error, outcome.attempt, messageId, signal);
      if (next === 'aborted') return aborted();
      if (next === 'give_up') return { turns, stopReason, usage, aborted: false, maxTurnsReached: false, error: outcome.error };
      resume = { messageId, attempt: outcome.attempt + 1 };
      continue;
    }
    if (outcome.batch && stopReason === 'tool_use') {
      if (turns >= maxTurns) return { turns, stopReason, usage, aborted: false, maxTurnsReached: true };
      continue;
    }
    if (signal.aborted) return aborted();
    if (opts.onEnd && turns < maxTurns) {
      const goOn = await opts.onEnd(stopHookActive, signal);
      if (signal.aborted) return aborted();
      if (goOn) {
        stopHookActive = true;
        opts.append({ id: opts.newId(), role: 'user', content: [{ type: 'text', text: goOn }], createdAt: opts.now() });
        continue;
      }
    }
    return { turns, stopReason, usage, aborted: false, maxTurnsReached: false };
  }
}
