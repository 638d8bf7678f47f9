// A session's summaries (issue 20 item 2): the model's view of the conversation for each request (the
// last summary on, old tool results cleared when it would not fit), the automatic summary before a
// request would pass the threshold, the one after a "prompt is too long" refusal, and /compact. After a
// summary the read-before-edit record is cleared, so the model reads a file again before changing it.
// A request's size (issue 20 item 1) is an estimate calibrated after every reply by the input tokens
// the API reported for it (cache reads and writes included); near the threshold the API counts it
// (/v1/messages/count_tokens), and an endpoint without counting leaves the calibrated estimate.
import type { SessionEventBody } from './event-body';
import type { Message, Usage } from '../../shared/transcript';
import type { RetryPolicy } from '../model/retry';
import type { ModelClient } from '../model/types';
import { compactConversation, type CompactOutcome, type CompactTrigger } from './compact/compactor';
import { compactLimits, type CompactLimits, type CompactSettings } from './compact/settings';
import { clearOldToolResults, estimateTokens, modelView } from './compact/view';
import type { LoopOptions } from './loop';
import type { RequestParts } from './model-call';
import type { PreCompactResult } from '../hooks/types';

export interface SessionCompactionDeps {
  settings: () => CompactSettings;
  /** The request for messages as the model reads them (system, tools, hook context). */
  requestFor: (view: Message[]) => RequestParts;
  messages: () => readonly Message[];
  /** The summary joins the conversation (persisted and published). */
  append: (message: Message) => void;
  publish: (e: SessionEventBody) => void;
  notify: (message: string) => void;
  forgetReads: () => void;
  preCompact?: (trigger: CompactTrigger, customInstructions: string, signal: AbortSignal) => Promise<PreCompactResult>;
  retry: RetryPolicy;
  now: () => number;
  newId: () => string;
  sleep?: LoopOptions['sleep'];
}

export interface CallTarget {
  client: ModelClient;
  model: string;
  maxTokens?: number;
}

/** The API is asked to count a request once its calibrated estimate is this share of the threshold. */
export const COUNT_FROM_SHARE = 0.85;
/** A calibration outside this range is a reply that says nothing of its request (a fake, a proxy's). */
const RATIO_RANGE = [0.25, 4] as const;

/** Estimates of requests and their message lists, by the object: one request is measured several times
 *  per call (the check before it, its calibration), and both are built fresh and not changed after. */
const measured = new WeakMap<object, number>();
const measure = (x: RequestParts | RequestParts['messages']): number => {
  let n = measured.get(x);
  if (n === undefined) measured.set(x, (n = estimateTokens(x)));
  return n;
};

export class SessionCompaction {
  /** Set once a request was summarised before it went: the same request is not summarised twice. */
  private triedFor = -1;
  /** The API's tokens per estimated token, from the last reply whose request we estimated. */
  private ratio = 1;
  /** The estimate of the request last sent, until its reply's usage calibrates it. */
  private sentEstimate: number | null = null;

  constructor(private readonly d: SessionCompactionDeps) {}

  limits(model: string | undefined): CompactLimits {
    return compactLimits(this.d.settings(), model);
  }

  /** The request `prepare` built and measured, for the call right after it (nothing added meanwhile). */
  private prepared: { parts: RequestParts; model: string | undefined; count: number } | null = null;

  /** The request about to go (the loop's): its estimate waits for the reply's usage. */
  request(model: string | undefined): RequestParts {
    const ready = this.prepared;
    this.prepared = null;
    const parts = ready && ready.model === model && ready.count === this.d.messages().length ? ready.parts : this.build(model);
    this.sentEstimate = measure(parts);
    return parts;
  }

  /** A reply's usage: what its request really was, against what was estimated. */
  calibrate(usage: Usage): void {
    const estimate = this.sentEstimate;
    this.sentEstimate = null;
    const actual = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    if (!estimate || actual <= 0) return;
    const ratio = actual / estimate;
    if (ratio >= RATIO_RANGE[0] && ratio <= RATIO_RANGE[1]) this.ratio = ratio;
  }

  /** A request's size by the calibrated estimate. */
  estimate(parts: RequestParts): number {
    return Math.ceil(measure(parts) * this.ratio);
  }

  /**
   * A request's size: the calibrated estimate, or — when that is near the threshold and the endpoint
   * counts — the API's own count (which calibrates the estimate too).
   */
  async size(parts: RequestParts, target: CallTarget, signal: AbortSignal): Promise<number> {
    const estimate = this.estimate(parts);
    const { threshold } = this.limits(target.model);
    if (estimate < threshold * COUNT_FROM_SHARE || !target.client.countTokens) return estimate;
    const counted = await target.client.countTokens({ model: target.model, ...parts }, signal);
    if (counted === null) return estimate;
    const raw = measure(parts);
    if (raw > 0 && counted / raw >= RATIO_RANGE[0] && counted / raw <= RATIO_RANGE[1]) this.ratio = counted / raw;
    return counted;
  }

  /** The next request: the model's view, its old tool results cleared when it would pass the threshold. */
  private build(model: string | undefined): RequestParts {
    const parts = this.d.requestFor(modelView(this.d.messages()));
    const limits = this.limits(model);
    const size = this.estimate(parts);
    if (size <= limits.threshold) return parts;
    // The results' budget is a share of the room the conversation has, not of the whole window: with
    // many tools (MCP servers, a small window) the system prompt and tools take much of it.
    const room = Math.max(0, Math.floor(limits.threshold / this.ratio) - (measure(parts) - measure(parts.messages)));
    return { ...parts, messages: clearOldToolResults(parts.messages, Math.min(limits.toolResultBudget, Math.floor(room * 0.4))).messages };
  }

  /** The loop's `prepare`: summarise before a request that would not fit, and after a refusal as too long. */
  prepare(target: CallTarget): NonNullable<LoopOptions['prepare']> {
    return async (why, signal) => {
      const settings = this.d.settings();
      if (!settings.enabled) return 'unchanged';
      const count = this.d.messages().length;
      if (why === 'before') {
        if (!settings.auto || this.triedFor === count) return 'unchanged';
        const parts = this.build(target.model);
        this.prepared = { parts, model: target.model, count };
        const { threshold } = this.limits(target.model);
        // Over the threshold with little conversation in it (a window set smaller than the system
        // prompt and tools): a summary would win nothing and cost a call per request.
        if (Math.ceil(measure(parts.messages) * this.ratio) < threshold / 4) return 'unchanged';
        if ((await this.size(parts, target, signal)) <= threshold) return 'unchanged';
        if (signal.aborted) return 'unchanged';
      }
      this.triedFor = count;
      const r = await this.run(target, 'auto', '', signal, why === 'too_long');
      if (r.kind === 'compacted') {
        this.triedFor = this.d.messages().length;
        return 'compacted';
      }
      if (r.kind === 'error' && r.error.code === 'aborted') return r.error;
      if (r.kind === 'error') this.d.notify(`The conversation could not be summarised to make room: ${r.error.message}`);
      if (r.kind === 'blocked') this.d.notify(`A PreCompact hook kept the conversation from being summarised: ${r.reason}`);
      return 'unchanged';
    };
  }

  /** One summary: the hook, the call, the summary message in the conversation. */
  async run(target: CallTarget, trigger: CompactTrigger, customInstructions: string, signal: AbortSignal, reactive = false): Promise<CompactOutcome> {
    const limits = this.limits(target.model);
    const summaryId = this.d.newId();
    const outcome = await compactConversation(
      {
        client: target.client,
        model: target.model,
        ...(target.maxTokens ? { maxTokens: target.maxTokens } : {}),
        retry: this.d.retry,
        request: (view) => this.d.requestFor(view),
        limits,
        reactive,
        ...(this.d.preCompact
          ? {
              preCompact: async (t, instructions, s) => {
                const r = await this.d.preCompact!(t, instructions, s);
                r.messages.forEach((m) => this.d.notify(m));
                return r.blocked ? { blocked: r.blocked.message } : {};
              },
            }
          : {}),
        onRetry: (attempt, delayMs, error) =>
          this.d.publish({ type: 'retry', messageId: summaryId, attempt, delayMs, reason: error.message, code: error.code, maxAttempts: this.d.retry.maxAttempts }),
        onStart: () => this.d.publish({ type: 'compacting', trigger }),
        ...(this.d.sleep ? { sleep: this.d.sleep } : {}),
        now: this.d.now,
        newId: () => summaryId,
      },
      this.d.messages(),
      trigger,
      customInstructions,
      signal,
    );
    if (outcome.kind !== 'compacted') return outcome;
    this.d.append(outcome.message);
    this.d.forgetReads();
    return outcome;
  }
}
