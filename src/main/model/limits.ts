// Time bounds of one model request (PX8: nothing runs unbounded), from defaults plus env overrides:
// how long a streamed reply may stay silent, how long one request may take in all, and the longest
// retry-after we wait for. Durations in the environment are seconds (decimals allowed, for tests).

/** A streamed reply that sends nothing for this long is cut off and retried (default 60 s). */
export const STREAM_IDLE_TIMEOUT_ENV = 'AGENT_DESK_STREAM_IDLE_TIMEOUT_S';
/** One request, headers and the whole stream, may take this long (default 10 min). */
export const REQUEST_TIMEOUT_ENV = 'AGENT_DESK_REQUEST_TIMEOUT_S';
/** The longest retry-after honoured; a longer one is cut to this (default 60 s). */
export const RETRY_AFTER_MAX_ENV = 'AGENT_DESK_RETRY_AFTER_MAX_S';

export interface StreamLimits {
  /** Silence allowed while waiting for the next bytes of a reply whose headers came. */
  idleTimeoutMs: number;
  /** The whole request: connecting, the headers, and the stream to its end. */
  requestTimeoutMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { idleTimeoutMs: 60_000, requestTimeoutMs: 600_000 };
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** Timers take at most a signed 32-bit count of ms; anything longer would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `v` seconds as ms when it is a plain non-negative number (≥ `min` ms); undefined otherwise. */
export function secondsFromEnv(v: string | undefined, min = 1): number | undefined {
  const t = v?.trim();
  if (!t || !/^\d+(\.\d+)?$/.test(t)) return undefined;
  const ms = Math.round(Number(t) * 1000);
  return ms >= min ? Math.min(ms, MAX_TIMER_MS) : undefined;
}

export function streamLimitsFromEnv(env: Record<string, string | undefined>, base: StreamLimits = DEFAULT_STREAM_LIMITS): StreamLimits {
  return {
    idleTimeoutMs: secondsFromEnv(env[STREAM_IDLE_TIMEOUT_ENV]) ?? base.idleTimeoutMs,
    requestTimeoutMs: secondsFromEnv(env[REQUEST_TIMEOUT_ENV]) ?? base.requestTimeoutMs,
  };
}

/** The retry-after cap in ms; 0 is allowed (a server's retry-after is then not waited for). */
export function maxRetryAfterFromEnv(env: Record<string, string | undefined>, fallback = DEFAULT_MAX_RETRY_AFTER_MS): number {
  return secondsFromEnv(env[RETRY_AFTER_MAX_ENV], 0) ?? fallback;
}
