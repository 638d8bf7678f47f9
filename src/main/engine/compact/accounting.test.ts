// Context accounting (issue 20 item 1): the client counts a request's tokens at the API's
// /v1/messages/count_tokens, and falls back cleanly (null, asked once) where an endpoint has none; the
// session's estimate is calibrated by each reply's reported input (cache reads and writes included),
// and near the threshold the count takes its place.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../../test/fake-model/server';
import { SessionCompaction, COUNT_FROM_SHARE } from '../session-compaction';
import { estimateTokens } from './view';
import type { RequestParts } from '../model-call';
import { createModelClient } from '../../model/client';
import type { ModelClient } from '../../model/types';

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

const request = { model: 'claude-sonnet-5', system: 'be brief', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi there' }] }] };
const signal = new AbortController().signal;

describe('the counting endpoint', () => {
  it('counts a request the way the API does (system, tools and messages); a gateway without it gives null, and is not asked again', async () => {
    server = await startFakeModelServer();
    const client = createModelClient({ credential: { kind: 'apiKey', value: 'k', source: 'env:ANTHROPIC_API_KEY' }, baseURL: server.url });
    const counted = await client.countTokens!(request, signal);
    expect(counted).toBe(Math.ceil(JSON.stringify({ system: request.system, messages: request.messages }).length / 4));
    expect(server.countRequests).toHaveLength(1);
    expect(server.countRequests[0]!.body).toMatchObject({ model: 'claude-sonnet-5', system: 'be brief' });
    expect(server.requests).toHaveLength(0);

    server.counting(false);
    const other = createModelClient({ credential: { kind: 'apiKey', value: 'k', source: 'env:ANTHROPIC_API_KEY' }, baseURL: server.url });
    expect(await other.countTokens!(request, signal)).toBeNull();
    expect(await other.countTokens!(request, signal)).toBeNull();
    expect(server.countRequests).toHaveLength(2);
  });
});

/** A session's compaction over fixed parts, with a client whose count is scripted. */
function compaction(window: number, parts: RequestParts) {
  const c = new SessionCompaction({
    settings: () => ({ auto: true, enabled: true, windowOverride: window, percent: 100 }),
    requestFor: () => parts,
    messages: () => [],
    append: () => undefined,
    publish: () => undefined,
    notify: () => undefined,
    forgetReads: () => undefined,
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 },
    now: () => 0,
    newId: () => 'id',
  });
  return c;
}

const parts: RequestParts = { messages: [{ role: 'user', content: [{ type: 'text', text: 'x'.repeat(4000) }] }], system: [{ type: 'text', text: 'sys' }] };
const raw = estimateTokens(parts);

describe('the size of a request', () => {
  it('is the estimate, calibrated by what the API reported for the last request (input, cache reads and writes)', () => {
    const c = compaction(1_000_000, parts);
    expect(c.estimate(parts)).toBe(raw);
    c.request('m');
    c.calibrate({ inputTokens: 100, cacheReadTokens: raw, cacheWriteTokens: 400, outputTokens: 9999 });
    expect(c.estimate(parts)).toBe(Math.ceil(raw * ((100 + raw + 400) / raw)));
    // A reply that says nothing of its request (zero, or absurdly far off) leaves the calibration.
    c.request('m');
    c.calibrate({ inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 5 });
    c.request('m');
    c.calibrate({ inputTokens: raw * 50, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 5 });
    expect(c.estimate(parts)).toBe(Math.ceil(raw * ((100 + raw + 400) / raw)));
  });

  it('well under the threshold: the estimate, and no count is asked', async () => {
    let asked = 0;
    const client: ModelClient = { stream: () => (async function* () {})(), countTokens: async () => (asked++, 5) };
    const c = compaction(raw * 10, parts);
    expect(await c.size(parts, { client, model: 'm' }, signal)).toBe(raw);
    expect(asked).toBe(0);
  });

  it('near the threshold: the API\'s count (which calibrates the estimate); without counting, the estimate', async () => {
    const window = Math.floor(raw / COUNT_FROM_SHARE);
    const client: ModelClient = { stream: () => (async function* () {})(), countTokens: async () => raw * 2 };
    const c = compaction(window, parts);
    expect(await c.size(parts, { client, model: 'm' }, signal)).toBe(raw * 2);
    expect(c.estimate(parts)).toBe(raw * 2);
    const fallback = compaction(window, parts);
    expect(await fallback.size(parts, { client: { stream: client.stream, countTokens: async () => null }, model: 'm' }, signal)).toBe(raw);
    expect(await fallback.size(parts, { client: { stream: client.stream }, model: 'm' }, signal)).toBe(raw);
  });
});
