// The retry policy and error classification, as pure functions.
import { describe, expect, it } from 'vitest';
import { backoffDelay, classifyFailure, DEFAULT_RETRY_POLICY, parseRetryAfter, retryPolicyFromEnv, shouldRetry, sleep } from './retry';

const ctx = { baseURL: 'http://127.0.0.1:9999' };
const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

describe('classifyFailure', () => {
  it.each([
    [{ kind: 'http', status: 429, type: 'rate_limit_error', message: 'slow' }, 'rate_limit', true],
    [{ kind: 'http', status: 529, type: 'overloaded_error', message: 'Overloaded' }, 'overloaded', true],
    [{ kind: 'http', status: 500, type: 'api_error', message: 'boom' }, 'api', true],
    [{ kind: 'http', status: 503, message: null }, 'api', true],
    [{ kind: 'http', status: 401, type: 'authentication_error', message: 'invalid x-api-key' }, 'auth', false],
    [{ kind: 'http', status: 403, type: 'permission_error', message: 'no' }, 'auth', false],
    [{ kind: 'http', status: 400, type: 'invalid_request_error', message: 'bad' }, 'invalid_request', false],
    [{ kind: 'http', status: 413, type: 'request_too_large', message: 'big' }, 'invalid_request', false],
    [{ kind: 'http', status: 404, type: 'not_found_error', message: 'model: x' }, 'not_found', false],
    [{ kind: 'stream', type: 'overloaded_error', message: 'Overloaded' }, 'overloaded', true],
    [{ kind: 'stream', type: 'api_error', message: 'x' }, 'api', true],
    [{ kind: 'stream', type: 'something_new', message: 'x' }, 'api', true],
    [{ kind: 'connection', code: 'ECONNREFUSED' }, 'network', true],
    [{ kind: 'connection', timeout: true }, 'network', true],
    [{ kind: 'connection', message: 'bad port' }, 'network', false],
    [{ kind: 'truncated' }, 'network', true],
    [{ kind: 'stalled', idleMs: 60_000 }, 'network', true],
    [{ kind: 'deadline', timeoutMs: 600_000 }, 'network', true],
    [{ kind: 'abort' }, 'aborted', false],
    [{ kind: 'unknown', message: 'bug' }, 'internal', false],
  ] as const)('%o → %s (retryable %s)', (failure, code, retryable) => {
    const e = classifyFailure(failure, ctx);
    expect(e.code).toBe(code);
    expect(e.retryable).toBe(retryable);
    expect(e.message.length).toBeGreaterThan(5);
  });

  it('writes clear one-line messages', () => {
    expect(classifyFailure({ kind: 'connection', code: 'ECONNREFUSED' }, ctx).message).toBe('Could not reach the model at http://127.0.0.1:9999 (ECONNREFUSED)');
    expect(classifyFailure({ kind: 'http', status: 401, message: 'invalid x-api-key' }, { ...ctx, credentialHint: 'ANTHROPIC_AUTH_TOKEN' }).message).toBe(
      'The API key was rejected (401): invalid x-api-key. Check ANTHROPIC_AUTH_TOKEN.',
    );
    expect(classifyFailure({ kind: 'http', status: 429, message: 'slow', retryAfterMs: 2000 }, ctx)).toMatchObject({ retryAfterMs: 2000, status: 429 });
    expect(classifyFailure({ kind: 'stalled', idleMs: 60_000 }, ctx).message).toBe('The reply stalled: nothing came from the model at http://127.0.0.1:9999 for 1m 0s.');
    expect(classifyFailure({ kind: 'http', status: 429, message: 'slow', retryAfterMs: 3_600_000 }, { ...ctx, maxRetryAfterMs: 60_000 })).toMatchObject({
      retryAfterMs: 60_000,
      message: 'Rate limited by the API (429): slow; the server asked to wait 1h 0m 0s, longer than the 1m 0s Agent Desk waits at most',
    });
    expect(classifyFailure({ kind: 'http', status: 503, message: 'x', retryAfterMs: 0 }, ctx).message).toBe('The API failed (503): x');
    for (const f of [{ kind: 'http', status: 500, message: 'x' }, { kind: 'connection', code: 'ENOTFOUND' }] as const) {
      expect(classifyFailure(f, ctx).message).not.toContain('\n');
    }
  });
});

describe('backoffDelay', () => {
  it('grows exponentially from the base, with up to 25% jitter, capped', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(a, policy, undefined, () => 0))).toEqual([100, 200, 400, 800, 1000]);
    expect([1, 2, 3].map((a) => backoffDelay(a, policy, undefined, () => 1))).toEqual([125, 250, 500]);
    expect(backoffDelay(10, policy, undefined, () => 1)).toBe(1000);
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(2, policy);
      expect(d).toBeGreaterThanOrEqual(200);
      expect(d).toBeLessThanOrEqual(250);
    }
  });

  it('honours retry-after, capped at maxRetryAfterMs', () => {
    expect(backoffDelay(1, policy, 3000)).toBe(3000);
    expect(backoffDelay(1, policy, 0)).toBe(0);
    expect(backoffDelay(1, policy, 60_000)).toBe(5000);
  });
});

describe('shouldRetry', () => {
  it('retries retryable errors until maxAttempts', () => {
    const rate = classifyFailure({ kind: 'http', status: 429 }, ctx);
    expect([1, 2, 3, 4].map((a) => shouldRetry(rate, a, policy))).toEqual([true, true, true, false]);
    expect(shouldRetry(classifyFailure({ kind: 'http', status: 401 }, ctx), 1, policy)).toBe(false);
    expect(shouldRetry(classifyFailure({ kind: 'abort' }, ctx), 1, policy)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  const h = (o: Record<string, string>) => (n: string) => o[n];
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(parseRetryAfter(h({ 'retry-after-ms': '1500' }))).toBe(1500);
    expect(parseRetryAfter(h({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(h({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6000);
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(h({}))).toBeUndefined();
  });
});

describe('retryPolicyFromEnv', () => {
  it('reads overrides and ignores nonsense', () => {
    expect(retryPolicyFromEnv({})).toEqual(DEFAULT_RETRY_POLICY);
    expect(retryPolicyFromEnv({ AGENT_DESK_MAX_ATTEMPTS: '2', AGENT_DESK_RETRY_BASE_MS: '5' })).toMatchObject({ maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 150 });
    expect(retryPolicyFromEnv({ AGENT_DESK_MAX_ATTEMPTS: '0', AGENT_DESK_RETRY_BASE_MS: 'x' })).toEqual(DEFAULT_RETRY_POLICY);
  });

  it('caps retry-after at 60 s by default; AGENT_DESK_RETRY_AFTER_MAX_S changes the cap (seconds, 0 allowed)', () => {
    expect(DEFAULT_RETRY_POLICY.maxRetryAfterMs).toBe(60_000);
    expect(retryPolicyFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '5' }).maxRetryAfterMs).toBe(5000);
    expect(retryPolicyFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '0.25' }).maxRetryAfterMs).toBe(250);
    expect(retryPolicyFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '0' }).maxRetryAfterMs).toBe(0);
    expect(retryPolicyFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '-1' }).maxRetryAfterMs).toBe(60_000);
    expect(backoffDelay(1, retryPolicyFromEnv({ AGENT_DESK_RETRY_AFTER_MAX_S: '5' }), 3_600_000)).toBe(5000);
  });
});

describe('sleep', () => {
  it('rejects with an aborted error as soon as the signal fires', async () => {
    const ac = new AbortController();
    const p = sleep(10_000, ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'aborted' });
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
