// The model client against the fake Messages API with the real SDK: normalized events and errors.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import { createModelClient } from './client';
import type { ModelError } from './errors';
import type { ModelStreamEvent } from './types';

let server: FakeModelServer;
afterEach(() => server?.close());

const request = { model: 'claude-test', system: 'be brief', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };
const client = (kind: 'apiKey' | 'authToken' = 'apiKey') =>
  createModelClient({ credential: { kind, value: 'secret-123', source: 'env:ANTHROPIC_API_KEY' }, baseURL: server.url });

async function collect(it: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const out: ModelStreamEvent[] = [];
  for await (const ev of it) out.push(ev);
  return out;
}

describe('createModelClient', () => {
  it('yields start, text deltas, a complete tool_use with parsed input, and done with usage', async () => {
    server = await startFakeModelServer({
      replies: [
        {
          content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: 'toolu_9', name: 'Read', input: { file_path: '/a b/c.ts', limit: 5 } }],
          usage: { input_tokens: 40, output_tokens: 9 },
          chunkSize: 3,
        },
      ],
    });
    const events = await collect(client().stream({ ...request, tools: [{ name: 'Read', input_schema: { type: 'object' } }] }, new AbortController().signal));
    expect(events[0]).toEqual({ type: 'start', model: 'claude-test' });
    expect(events.filter((e) => e.type === 'text').map((e) => e.type === 'text' && e.text).join('')).toBe('Let me look.');
    expect(events.find((e) => e.type === 'tool_use')).toEqual({
      type: 'tool_use',
      index: 1,
      block: { type: 'tool_use', id: 'toolu_9', name: 'Read', input: { file_path: '/a b/c.ts', limit: 5 } },
    });
    expect(events.at(-1)).toEqual({
      type: 'done',
      model: 'claude-test',
      stopReason: 'tool_use',
      usage: { inputTokens: 40, outputTokens: 9, cacheReadTokens: 0, cacheWriteTokens: 0 },
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_9', name: 'Read', input: { file_path: '/a b/c.ts', limit: 5 } },
      ],
    });
    const [req] = await server.waitForRequests(1);
    expect(req!.body).toMatchObject({ model: 'claude-test', system: 'be brief', max_tokens: 8192, stream: true, tools: [{ name: 'Read' }] });
  });

  it('sends an auth token as a Bearer header', async () => {
    server = await startFakeModelServer();
    await collect(client('authToken').stream(request, new AbortController().signal));
    expect(server.requests[0]!.headers['authorization']).toBe('Bearer secret-123');
  });

  it('throws an aborted ModelError when the signal fires mid-stream', async () => {
    server = await startFakeModelServer({ replies: [{ hang: true }] });
    const ac = new AbortController();
    const seen: string[] = [];
    const err = await (async () => {
      for await (const ev of client().stream(request, ac.signal)) {
        seen.push(ev.type);
        ac.abort();
      }
    })().catch((e: ModelError) => e);
    expect(seen).toEqual(['start']);
    expect(err).toMatchObject({ name: 'ModelError', code: 'aborted' });
  });

  it('reports a stream the server cut short as a retryable network error', async () => {
    server = await startFakeModelServer({ replies: [{ hang: true }] });
    const srv = server;
    const err = await (async () => {
      for await (const ev of client().stream(request, new AbortController().signal)) if (ev.type === 'start') void srv.close();
    })().catch((e: ModelError) => e);
    expect(err).toMatchObject({ name: 'ModelError', code: 'network', retryable: true });
  });

  it('classifies HTTP errors with the API message', async () => {
    server = await startFakeModelServer({ replies: [{ error: { status: 400, type: 'invalid_request_error', message: 'max_tokens: too big' } }] });
    const err = await collect(client().stream(request, new AbortController().signal)).catch((e: ModelError) => e);
    expect(err).toMatchObject({ code: 'invalid_request', retryable: false, status: 400, message: 'The model rejected the request (400): max_tokens: too big' });
  });
});

describe('time bounds (PX8)', () => {
  const bounded = (o: { idleTimeoutMs?: number; timeoutMs?: number; maxRetryAfterMs?: number }) =>
    createModelClient({ credential: { kind: 'apiKey', value: 'secret-123', source: 'env:ANTHROPIC_API_KEY' }, baseURL: server.url, ...o });
  const failure = (c: ReturnType<typeof bounded>) => collect(c.stream(request, new AbortController().signal)).then(
    () => null,
    (e: ModelError) => e,
  );

  it('a reply that stalls after its headers is cut off after the idle timeout, as a retryable error', async () => {
    server = await startFakeModelServer({ replies: [{ hang: true }] });
    const t0 = Date.now();
    const err = await failure(bounded({ idleTimeoutMs: 250 }));
    const took = Date.now() - t0;
    expect(err).toMatchObject({ name: 'ModelError', code: 'network', retryable: true });
    expect(err!.message).toBe(`The reply stalled: nothing came from the model at ${server.url} for 0.3s.`);
    expect(took).toBeGreaterThanOrEqual(200);
    expect(took).toBeLessThan(2000);
  });

  it('a slow but steady reply is not a stall: every event restarts the idle clock', async () => {
    server = await startFakeModelServer({ replies: [{ content: [{ type: 'text', text: 'slow and steady' }], chunkSize: 3, delayMs: 80 }] });
    const events = await collect(bounded({ idleTimeoutMs: 250 }).stream(request, new AbortController().signal));
    expect(events.at(-1)).toMatchObject({ type: 'done', content: [{ type: 'text', text: 'slow and steady' }] });
  });

  it('a reply that trickles past the request timeout is cut off, as a retryable error', async () => {
    server = await startFakeModelServer({ replies: [{ content: [{ type: 'text', text: 'x'.repeat(100) }], chunkSize: 1, delayMs: 50 }] });
    const t0 = Date.now();
    const err = await failure(bounded({ idleTimeoutMs: 250, timeoutMs: 400 }));
    expect(err).toMatchObject({ code: 'network', retryable: true, message: `The reply took longer than 0.4s, the limit for one request to the model at ${server.url}.` });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('headers that never come are bounded by the request timeout too', async () => {
    server = await startFakeModelServer({ replies: [{ hang: true, beforeHeaders: true }] });
    const t0 = Date.now();
    const err = await failure(bounded({ timeoutMs: 300 }));
    expect(err).toMatchObject({ code: 'network', retryable: true });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('Stop still reads as Stop while the bounds are armed', async () => {
    server = await startFakeModelServer({ replies: [{ hang: true }] });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const err = await collect(bounded({ idleTimeoutMs: 5000, timeoutMs: 5000 }).stream(request, ac.signal)).catch((e: ModelError) => e);
    expect(err).toMatchObject({ code: 'aborted' });
  });

  it('a retry-after longer than the cap is cut to it, and the message says how long it waits', async () => {
    server = await startFakeModelServer({
      replies: [
        { error: { status: 429, type: 'rate_limit_error', message: 'slow down' }, headers: { 'retry-after': '300' } },
        { error: { status: 529, type: 'overloaded_error', message: 'busy' }, headers: { 'retry-after': '2' } },
      ],
    });
    const c = bounded({ maxRetryAfterMs: 60_000 });
    expect(await failure(c)).toMatchObject({
      code: 'rate_limit',
      retryAfterMs: 60_000,
      message: 'Rate limited by the API (429): slow down; the server asked to wait 5m 0s, longer than the 1m 0s Agent Desk waits at most',
    });
    expect(await failure(c)).toMatchObject({ code: 'overloaded', retryAfterMs: 2000, message: 'The model is overloaded (529): busy; the server asked to wait 2s' });
  });
});
