// The fake Messages API speaks the protocol the real @anthropic-ai/sdk expects (stream and non-stream).
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from './server';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const client = (url: string, opts: { apiKey?: string; authToken?: string } = { apiKey: 'sk-test-key' }) =>
  new Anthropic({ baseURL: url, maxRetries: 0, ...opts });
const ask = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('fake model server', () => {
  it('streams text in chunks that the SDK reassembles, and records the request', async () => {
    server = await startFakeModelServer({ replies: [{ content: [{ type: 'text', text: 'Hello from the fake model' }], chunkSize: 5 }] });
    const stream = client(server.url).messages.stream(ask);
    const deltas: string[] = [];
    stream.on('text', (t) => deltas.push(t));
    const msg = await stream.finalMessage();
    expect(deltas).toEqual(['Hello', ' from', ' the ', 'fake ', 'model']);
    expect(msg.content).toEqual([{ type: 'text', text: 'Hello from the fake model' }]);
    expect(msg.stop_reason).toBe('end_turn');
    expect(msg.model).toBe('claude-test');
    expect(msg.usage.input_tokens).toBeGreaterThan(0);
    const [req] = await server.waitForRequests(1);
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/messages');
    expect(req!.body.messages).toEqual(ask.messages);
    expect(req!.body.stream).toBe(true);
    expect(req!.headers['authorization'] ?? req!.headers['x-api-key']).toContain('sk-test-key');
  });

  it('streams tool_use input as partial JSON that parses to the scripted input', async () => {
    const input = { path: 'src/a.ts', lines: [1, 2, 3], nested: { ok: true } };
    server = await startFakeModelServer({
      replies: [{ content: [{ type: 'text', text: 'Reading.' }, { type: 'tool_use', id: 'toolu_1', name: 'Read', input }], chunkSize: 4 }],
    });
    const msg = await client(server.url).messages.stream(ask).finalMessage();
    expect(msg.stop_reason).toBe('tool_use');
    expect(msg.content[1]).toEqual({ type: 'tool_use', id: 'toolu_1', name: 'Read', input });
  });

  it('TL streams server-tool blocks (web search) the SDK reassembles, and accepts a server tool in `tools`', async () => {
    const hits = [{ type: 'web_search_result', title: 'Node.js', url: 'https://nodejs.org/', encrypted_content: 'x' }];
    server = await startFakeModelServer({
      replies: [{
        content: [
          { type: 'text', text: 'Searching.' },
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'node lts' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: hits },
          { type: 'text', text: 'Node 24 is the LTS.' },
        ],
        chunkSize: 4,
      }],
    });
    const msg = await client(server.url).messages
      .stream({ ...ask, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 8 }] })
      .finalMessage();
    expect(msg.stop_reason).toBe('end_turn');
    expect(msg.content[1]).toEqual({ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'node lts' } });
    expect(msg.content[2]).toEqual({ type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: hits });
    expect((await server.waitForRequests(1))[0]!.body.tools[0]).toEqual({ type: 'web_search_20250305', name: 'web_search', max_uses: 8 });
  });

  it('answers non-stream requests with a whole message, and uses the fallback when the queue is empty', async () => {
    server = await startFakeModelServer({ fallback: (req) => ({ content: [{ type: 'text', text: `echo ${req.body.messages.length}` }], usage: { input_tokens: 3, output_tokens: 2 } }) });
    const msg = await client(server.url).messages.create(ask);
    expect(msg.content).toEqual([{ type: 'text', text: 'echo 1' }]);
    expect(msg.usage).toMatchObject({ input_tokens: 3, output_tokens: 2 });
  });

  it('says so when nothing is scripted', async () => {
    server = await startFakeModelServer();
    const msg = await client(server.url).messages.create(ask);
    expect(msg.content).toEqual([{ type: 'text', text: '(fake model: no scripted reply)' }]);
  });

  it('accepts a Bearer token and rejects a request without credentials with 401 authentication_error', async () => {
    server = await startFakeModelServer();
    await expect(client(server.url, { authToken: 'tok-123' }).messages.create(ask)).resolves.toBeTruthy();
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });
    expect(server.requests).toHaveLength(2);
  });

  it('returns scripted HTTP errors with their status, type and headers', async () => {
    server = await startFakeModelServer({
      replies: [{ error: { status: 429, type: 'rate_limit_error', message: 'slow down' }, headers: { 'retry-after': '2' } }],
    });
    const err = await client(server.url).messages.create(ask).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(429);
    expect((err as InstanceType<typeof Anthropic.APIError>).headers?.get('retry-after')).toBe('2');
  });

  it('sends an SSE error event mid-stream after some text', async () => {
    server = await startFakeModelServer({ replies: [{ streamError: { type: 'overloaded_error', message: 'Overloaded' }, afterText: 'partial' }] });
    const stream = client(server.url).messages.stream(ask);
    const deltas: string[] = [];
    stream.on('text', (t) => deltas.push(t));
    const err = await stream.finalMessage().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect((err as InstanceType<typeof Anthropic.APIError>).type).toBe('overloaded_error');
    expect(deltas).toEqual(['partial']);
  });

  it('rejects malformed transcripts like the real API (strict mode)', async () => {
    server = await startFakeModelServer();
    const bad = { ...ask, messages: [{ role: 'user' as const, content: 'a' }, { role: 'user' as const, content: 'b' }] };
    const err = await client(server.url).messages.create(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String((err as Error).message)).toMatch(/alternate/);
  });

  it('keeps a hanging stream open until the client aborts, and close() ends it cleanly', async () => {
    server = await startFakeModelServer({ replies: [{ hang: true }, { hang: true }] });
    const ac = new AbortController();
    const events: string[] = [];
    const stream = await client(server.url).messages.create({ ...ask, stream: true }, { signal: ac.signal });
    const consumed = (async () => {
      for await (const ev of stream) {
        events.push(ev.type);
        ac.abort();
      }
    })();
    await consumed; // the SDK ends iteration quietly on abort
    expect(events).toEqual(['message_start']);

    const second = client(server.url).messages.stream(ask);
    const started = new Promise<void>((resolve) => second.on('streamEvent', () => resolve()));
    const settled = second.finalMessage().then(
      () => 'resolved',
      () => 'rejected',
    );
    await started;
    await server.close();
    expect(await settled).toBe('rejected');
  });

  it('waitForRequests resolves when the n-th request arrives and times out otherwise', async () => {
    server = await startFakeModelServer();
    const waiting = server.waitForRequests(2, 2000);
    await client(server.url).messages.create(ask);
    await client(server.url).messages.create(ask);
    expect(await waiting).toHaveLength(2);
    await expect(server.waitForRequests(3, 50)).rejects.toThrow(/expected 3 request/);
  });
});
