// Our retry policy (the SDK's own retries are off): which failures to retry, and how long to wait.
// Pure functions over a plain description of the failure, so every branch is testable without a network.
import { formatDuration } from '../../shared/format-duration';
import { ModelError } from './errors';
import { DEFAULT_MAX_RETRY_AFTER_MS, maxRetryAfterFromEnv } from './limits';

export interface RetryPolicy {
  /** Total attempts including the first (1 = never retry). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest retry-after we honour; a longer one is cut to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: DEFAULT_MAX_RETRY_AFTER_MS };

/** What went wrong, as the client saw it (SDK types stay inside client.ts). */
export type Failure =
  | { kind: 'http'; status: number; type?: string | null; message?: string | null; retryAfterMs?: number }
  | { kind: 'stream'; type?: string | null; message?: string | null }
  | { kind: 'connection'; timeout?: boolean; code?: string; message?: string }
  | { kind: 'truncated' }
  /** The reply's body went silent for `idleMs` (limits.ts, idle-watch.ts). */
  | { kind: 'stalled'; idleMs: number }
  /** The whole request outlasted its time bound. */
  | { kind: 'deadline'; timeoutMs: number }
  | { kind: 'abort' }
  | { kind: 'unknown'; message: string };

export interface FailureContext {
  /** The API base URL, for "could not reach" messages. */
  baseURL: string;
  /** Which variable the credential came from, for "key rejected" messages. */
  credentialHint?: string;
  /** The longest retry-after waited for: a longer one is cut to it, and the message says so. */
  maxRetryAfterMs?: number;
}

const detail = (m?: string | null) => (m ? `: ${m}` : '');

function portOf(url: string): string {
  try {
    const u = new URL(url);
    return u.port || (u.protocol === 'https:' ? '443' : '80');
  } catch {
    return '?';
  }
}

const STREAM_TYPES: Record<string, ModelError['code']> = {
  overloaded_error: 'overloaded',
  rate_limit_error: 'rate_limit',
  api_error: 'api',
  authentication_error: 'auth',
  permission_error: 'auth',
  invalid_request_error: 'invalid_request',
  not_found_error: 'not_found',
  request_too_large: 'invalid_request',
};

export function classifyFailure(f: Failure, ctx: FailureContext): ModelError {
  const hint = ctx.credentialHint ?? 'ANTHROPIC_API_KEY';
  switch (f.kind) {
    case 'abort':
      return new ModelError('aborted', 'Stopped.');
    case 'truncated':
      return new ModelError('network', `The connection to the model at ${ctx.baseURL} closed before the reply finished.`);
    case 'stalled':
      return new ModelError('network', `The reply stalled: nothing came from the model at ${ctx.baseURL} for ${formatDuration(f.idleMs)}.`);
    case 'deadline':
      return new ModelError('network', `The reply took longer than ${formatDuration(f.timeoutMs)}, the limit for one request to the model at ${ctx.baseURL}.`);
    case 'connection':
      if (f.timeout) return new ModelError('network', `Timed out waiting for the model at ${ctx.baseURL}.`);
      // fetch never connects to a few "bad ports" (1, 9, 25, …): say so instead of a vague error.
      if (!f.code && f.message === 'bad port') {
        return new ModelError('network', `Could not reach the model at ${ctx.baseURL} (bad port: fetch refuses to connect to port ${portOf(ctx.baseURL)})`, {
          retryable: false,
        });
      }
      return new ModelError('network', `Could not reach the model at ${ctx.baseURL} (${f.code ?? f.message ?? 'connection error'})`);
    case 'unknown':
      return new ModelError('internal', `Unexpected error talking to the model: ${f.message}`);
    case 'stream': {
      const code = (f.type && STREAM_TYPES[f.type]) || 'api';
      const label = code === 'overloaded' ? 'The model is overloaded' : code === 'rate_limit' ? 'Rate limited by the API' : 'The model stream failed';
      return new ModelError(code, `${label}${detail(f.message ?? f.type)}`);
    }
    case 'http': {
      const { status } = f;
      const { retryAfterMs, wait } = retryAfterOf(f.retryAfterMs, ctx.maxRetryAfterMs);
      const m = detail(f.message) + wait;
      const extra = { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
      if (status === 401) return new ModelError('auth', `The API key was rejected (401)${m}. Check ${hint}.`, extra);
      if (status === 403) return new ModelError('auth', `The API key is not allowed to do this (403)${m}.`, extra);
      if (status === 404) return new ModelError('not_found', `The model or endpoint was not found (404)${m}. Check the model name and ANTHROPIC_BASE_URL.`, extra);
      if (status === 429) return new ModelError('rate_limit', `Rate limited by the API (429)${m}`, extra);
      if (status === 529 || f.type === 'overloaded_error') return new ModelError('overloaded', `The model is overloaded (${status})${m}`, extra);
      if (status === 408 || status === 409) return new ModelError('api', `The API asked to retry (${status})${m}`, extra);
      if (status >= 500) return new ModelError('api', `The API failed (${status})${m}`, extra);
      if (status >= 400) return new ModelError('invalid_request', `The model rejected the request (${status})${m}`, extra);
      return new ModelError('api', `Unexpected response from the API (${status})${m}`, extra);
    }
  }
}

/** A server's retry-after, cut to the cap, and the words saying how long it means to wait. */
function retryAfterOf(asked: number | undefined, cap: number | undefined): { retryAfterMs?: number; wait: string } {
  if (asked === undefined) return { wait: '' };
  if (asked <= 0) return { retryAfterMs: asked, wait: '' };
  if (cap !== undefined && asked > cap) {
    return { retryAfterMs: cap, wait: `; the server asked to wait ${formatDuration(asked)}, longer than the ${formatDuration(cap)} Agent Desk waits at most` };
  }
  return { retryAfterMs: asked, wait: `; the server asked to wait ${formatDuration(asked)}` };
}

/** Parse `retry-after-ms` / `retry-after` (seconds or an HTTP date) into ms; undefined when absent or nonsense. */
export function parseRetryAfter(get: (name: string) => string | null | undefined, now: number = Date.now()): number | undefined {
  const ms = get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  const v = get('retry-after')?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `attempt` (1 = the first retry): exponential from baseDelayMs,
 * capped at maxDelayMs, plus up to 25% jitter so clients do not retry in lockstep. A server's
 * retry-after wins (capped at maxRetryAfterMs).
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, retryAfterMs?: number, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(Math.min(policy.maxDelayMs, exp + exp * 0.25 * random()));
}

/** Whether failing attempt number `attempt` (1-based) with `error` should be retried. */
export function shouldRetry(error: ModelError, attempt: number, policy: RetryPolicy): boolean {
  return error.retryable && attempt < policy.maxAttempts;
}

/**
 * A policy from defaults plus env overrides (AGENT_DESK_MAX_ATTEMPTS, AGENT_DESK_RETRY_BASE_MS, e.g.
 * for fast tests; AGENT_DESK_RETRY_AFTER_MAX_S, the retry-after cap in seconds).
 */
export function retryPolicyFromEnv(env: Record<string, string | undefined>, base: RetryPolicy = DEFAULT_RETRY_POLICY): RetryPolicy {
  const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined);
  const attempts = int(env.AGENT_DESK_MAX_ATTEMPTS);
  const baseMs = int(env.AGENT_DESK_RETRY_BASE_MS);
  return {
    ...base,
    maxRetryAfterMs: maxRetryAfterFromEnv(env, base.maxRetryAfterMs),
    ...(attempts !== undefined && attempts >= 1 ? { maxAttempts: attempts } : {}),
    ...(baseMs !== undefined ? { baseDelayMs: baseMs, maxDelayMs: Math.max(baseMs, Math.min(base.maxDelayMs, baseMs * 30)) } : {}),
  };
}

/** Wait `ms`, or reject with an 'aborted' ModelError as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError('aborted', 'Stopped.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError('aborted', 'Stopped.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
