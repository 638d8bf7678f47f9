// The model request's time bounds from the environment: seconds, decimals allowed, nonsense ignored.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_LIMITS, maxRetryAfterFromEnv, secondsFromEnv, streamLimitsFromEnv } from './limits';

describe('streamLimitsFromEnv', () => {
  it('defaults: 60 s of silence, 10 minutes per request', () => {
    expect(DEFAULT_STREAM_LIMITS).toEqual({ idleTimeoutMs: 60_000, requestTimeoutMs: 600_000 });
    expect(streamLimitsFromEnv({})).toEqual(DEFAULT_STREAM_LIMITS);
  });

  it('reads AGENT_DESK_STREAM_IDLE_TIMEOUT_S and AGENT_DESK_REQUEST_TIMEOUT_S in seconds', () => {
    expect(streamLimitsFromEnv({ AGENT_DESK_STREAM_IDLE_TIMEOUT_S: '0.3', AGENT_DESK_REQUEST_TIMEOUT_S: ' 1200 ' })).toEqual({ idleTimeoutMs: 300, requestTimeoutMs: 1_200_000 });
  });

  it('ignores zero, negative and non-numbers (a bound cannot be switched off), and clamps to what a timer can hold', () => {
    for (const v of ['0', '-5', 'never', '', '1e3', '0.0001']) expect(streamLimitsFromEnv({ AGENT_DESK_STREAM_IDLE_TIMEOUT_S: v }).idleTimeoutMs, v).toBe(60_000);
    expect(secondsFromEnv('99999999999')).toBe(2 ** 31 - 1);
  });

  it('the retry-after cap: 60 s, AGENT_DESK_RETRY_AFTER_MAX_S, 0 allowed', () => {
    expect(maxRetryAfterFromEnv({})).toBe(60_000);
    expect(maxRetryAfterFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '10' })).toBe(10_000);
    expect(maxRetryAfterFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '0' })).toBe(0);
  });
});
