// Sessions end to end against the fake Messages API with the real SDK: streaming, retries, errors,
// Stop, transcript validity after failures, and persistence/resume.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../../test/fake-model/ports';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import type { SessionEvent } from '../../shared/session-events';
import { messageText } from '../../shared/transcript';
import { createEngine, type Engine } from '../app/engine';
import { createLogger } from '../base/log';

let server: FakeModelServer;
let dataDir: string;
let projectDir: string;
const engines: Engine[] = [];
const badScopes: (string | null)[] = [];

beforeEach(async () => {
  server = await startFakeModelServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-data-'));
  projectDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-proj-'));
});
afterEach(async () => {
  expect(badScopes.splice(0), 'session events are scoped to their project').toEqual([]);
  for (const e of engines.splice(0)) await e.dispose();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(projectDir, { recursive: true, force: true });
});

async function engine(env: Record<string, string> = {}): Promise<Engine> {
  const e = await createEngine({
    env: { ANTHROPIC_API_KEY: 'sk-test-key-123', ANTHROPIC_BASE_URL: server.url, AGENT_DESK_RETRY_BASE_MS: '1', ...env },
    dataDir,
    log: createLogger({ level: 'silent' }),
  });
  engines.push(e);
  return e;
}

/** Every session event on the bus, with a way to wait for one. */
function record(e: Engine) {
  const events: SessionEvent[] = [];
  const waiters: { pred: (ev: SessionEvent) => boolean; resolve: (ev: SessionEvent) => void }[] = [];
  e.bus.subscribe((channel, payload, scope) => {
    if (channel !== 'session:event') return;
    // (An expect() here would be swallowed by the bus: collect, and check after each test.)
    if (scope.projectDir !== projectDir) badScopes.push(scope.projectDir);
    const ev = payload as SessionEvent;
    events.push(ev);
    for (const w of [...waiters]) if (w.pred(ev)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(ev);
  });
  const waitFor = (pred: (ev: SessionEvent) => boolean) =>
    new Promise<SessionEvent>((resolve) => {
      const hit = events.find(pred);
      if (hit) resolve(hit);
      else waiters.push({ pred, resolve });
    });
  return { events, waitFor, types: () => events.map((ev) => ev.type) };
}

describe('Session (fake model, real SDK)', () => {
  it('streams text deltas in order and appends the reply with usage, model and stop reason', async () => {
    server.push({ content: [{ type: 'text', text: 'Hello there, friend.' }], chunkSize: 4, usage: { input_tokens: 12, output_tokens: 5 }, model: 'claude-fake-1' });
    const e = await engine();
    const rec = record(e);
    const session = await e.sessions.createSession(projectDir);
    const outcome = await session.start('hi').done;

    expect(outcome.ok).toBe(true);
    expect(rec.types()).toEqual([
      'message',
      'status',
      'summary',
      'assistant_start',
      ...Array(5).fill('text_delta'),
      'message',
      'usage',
      'summary',
      'status',
    ]);
    // An unknown model has no price: tokens are counted, the cost is null rather than a guess.
    expect(rec.events.find((ev) => ev.type === 'usage')).toMatchObject({
      turn: { inputTokens: 12, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: null },
      total: { inputTokens: 12, outputTokens: 5, costUsd: null },
    });
    const deltas = rec.events.flatMap((ev) => (ev.type === 'text_delta' ? [ev.text] : []));
    expect(deltas).toEqual(['Hell', 'o th', 'ere,', ' fri', 'end.']);
    const start = rec.events.find((ev) => ev.type === 'assistant_start');
    const reply = rec.events.filter((ev) => ev.type === 'message').at(-1);
    expect(start).toMatchObject({ model: 'claude-fake-1' });
    expect(reply?.type === 'message' && reply.message).toMatchObject({
      id: start?.type === 'assistant_start' ? start.messageId : 'x',
      role: 'assistant',
      model: 'claude-fake-1',
      stopReason: 'end_turn',
      usage: { inputTokens: 12, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
      content: [{ type: 'text', text: 'Hello there, friend.' }],
    });
    expect(rec.events.filter((ev) => ev.type === 'status').map((ev) => ev.type === 'status' && ev.status)).toEqual(['running', 'idle']);
    expect(session.status).toBe('idle');

    const [req] = await server.waitForRequests(1);
    expect(req!.body.model).toBe('claude-sonnet-5');
    expect(req!.body.stream).toBe(true);
    // The cached prefix first; what may change between requests (the deferred tools' names) after it.
    expect(req!.body.system[0]).toEqual({ type: 'text', text: expect.stringContaining(`Working directory: ${projectDir}`), cache_control: { type: 'ephemeral' } });
    for (const later of req!.body.system.slice(1)) expect(later.cache_control).toBeUndefined();
    expect(req!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
  });

  it('retries a 429 after publishing a retry event, then succeeds', async () => {
    server.push({ error: { status: 429, type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' } }, { content: [{ type: 'text', text: 'ok now' }] });
    const e = await engine();
    const rec = record(e);
    const session = await e.sessions.createSession(projectDir);
    const outcome = await session.start('hi').done;
    expect(outcome.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    const retry = rec.events.find((ev) => ev.type === 'retry');
    expect(retry).toMatchObject({ type: 'retry', attempt: 1, reason: expect.stringContaining('429') });
    expect(messageText(session.transcript().at(-1)!)).toBe('ok now');
    expect(rec.events.some((ev) => ev.type === 'error')).toBe(false);
  });

  it('honours retry-after-ms from the server', async () => {
    server.push(
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' }, headers: { 'retry-after-ms': '30' } },
      { content: [{ type: 'text', text: 'done' }] },
    );
    const e = await engine();
    const rec = record(e);
    await (await e.sessions.createSession(projectDir)).start('hi').done;
    expect(rec.events.find((ev) => ev.type === 'retry')).toMatchObject({ delayMs: 30, reason: expect.stringContaining('overloaded') });
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(25);
  });

  it('voids partial text when a stream error is retried', async () => {
    server.push({ streamError: { type: 'overloaded_error', message: 'Overloaded' }, afterText: 'half a rep' }, { content: [{ type: 'text', text: 'the whole reply' }] });
    const e = await engine();
    const rec = record(e);
    const session = await e.sessions.createSession(projectDir);
    await session.start('hi').done;
    const i = rec.events.findIndex((ev) => ev.type === 'retry');
    expect(i).toBeGreaterThan(rec.events.findIndex((ev) => ev.type === 'text_delta'));
    const ids = new Set(rec.events.flatMap((ev) => (ev.type === 'text_delta' || ev.type === 'retry' || ev.type === 'assistant_start' ? [ev.messageId] : [])));
    expect(ids.size).toBe(1); // one reply, several attempts
    expect(rec.events.filter((ev) => ev.type === 'assistant_start')).toHaveLength(1);
    expect(session.transcript().map((m) => [m.role, messageText(m)])).toEqual([
      ['user', 'hi'],
      ['assistant', 'the whole reply'],
    ]);
  });

  it('does not retry a 401: publishes an auth error and stays usable', async () => {
    server.push({ error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' } }, { content: [{ type: 'text', text: 'second try' }] });
    const e = await engine();
    const rec = record(e);
    const session = await e.sessions.createSession(projectDir);
    const outcome = await session.start('hi').done;
    expect(outcome.ok).toBe(false);
    expect(server.requests).toHaveLength(1);
    const err = rec.events.find((ev) => ev.type === 'error');
    expect(err).toMatchObject({ error: { code: 'auth', retryable: false, message: expect.stringMatching(/API key was rejected \(401\).*invalid x-api-key.*ANTHROPIC_API_KEY/) } });
    expect(rec.events.some((ev) => ev.type === 'retry')).toBe(false);
    expect(session.status).toBe('idle');

    // The failed turn left two user messages in a row; the next request merges them.
    const again = await session.start('hello?').done;
    expect(again.ok).toBe(true);
    expect(server.requests[1]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'text', text: 'hello?' }] }]);
  });

  it('gives up after maxAttempts on a network error with a clear message', async () => {
    const url = await closedPortUrl();
    const e = await engine({ ANTHROPIC_BASE_URL: url, AGENT_DESK_MAX_ATTEMPTS: '3' });
    const rec = record(e);
    const outcome = await (await e.sessions.createSession(projectDir)).start('hi').done;
    expect(outcome.error).toEqual({ code: 'network', retryable: true, message: `Could not reach the model at ${url} (ECONNREFUSED)` });
    expect(rec.events.filter((ev) => ev.type === 'retry').map((ev) => ev.type === 'retry' && ev.attempt)).toEqual([1, 2]);
  });

  it('names the cause when fetch refuses a "bad port" such as 9, without retrying', async () => {
    const e = await engine({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    const rec = record(e);
    const outcome = await (await e.sessions.createSession(projectDir)).start('hi').done;
    expect(outcome.error).toEqual({
      code: 'network',
      retryable: false,
      message: 'Could not reach the model at http://127.0.0.1:9 (bad port: fetch refuses to connect to port 9)',
    });
    expect(rec.events.some((ev) => ev.type === 'retry')).toBe(false);
  });

  it('reports a missing API key without calling the model', async () => {
    const e = await engine({ ANTHROPIC_API_KEY: '' });
    const rec = record(e);
    const outcome = await (await e.sessions.createSession(projectDir)).start('hi').done;
    expect(outcome.error).toMatchObject({ code: 'auth', message: 'No API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)' });
    expect(server.requests).toHaveLength(0);
    expect(rec.types().at(-1)).toBe('status');
  });

  it('Stop during a hanging stream: back to idle, nothing kept, and the next request is valid', async () => {
    server.push({ hang: true }, { content: [{ type: 'text', text: 'fresh' }] });
    const e = await engine();
    const rec = record(e);
    const session = await e.sessions.createSession(projectDir);
    const { done } = session.start('first');
    await rec.waitFor((ev) => ev.type === 'assistant_start');
    expect(await e.sessions.stop(projectDir, session.id)).toBe(true);
    const outcome = await done;
    expect(outcome).toMatchObject({ aborted: true, ok: false });
    expect(session.status).toBe('idle');
    expect(rec.events.filter((ev) => ev.type === 'status').map((ev) => ev.type === 'status' && ev.status)).toEqual(['running', 'stopping', 'idle']);
    expect(rec.events.some((ev) => ev.type === 'error')).toBe(false);
    expect(session.transcript()).toHaveLength(1);

    expect((await session.start('second').done).ok).toBe(true);
    expect(server.requests[1]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] }]);
  });

  it('Stop mid-reply keeps the partial text as an aborted assistant message; roles still alternate', async () => {
    server.push({ content: [{ type: 'text', text: 'one two three four five six' }], chunkSize: 4, delayMs: 150 }, { content: [{ type: 'text', text: 'ok' }] });
    const e = await engine();
    const rec = record(e);
    const session = await e.sessions.createSession(projectDir);
    const { done } = session.start('count');
    await rec.waitFor((ev) => ev.type === 'text_delta');
    await session.stop();
    await done;
    const partial = session.transcript()[1]!;
    expect(partial).toMatchObject({ role: 'assistant', stopReason: 'aborted' });
    expect('one two three four five six'.startsWith(messageText(partial))).toBe(true);
    expect(messageText(partial).length).toBeGreaterThan(0);
    expect(messageText(partial).length).toBeLessThan('one two three four five six'.length);

    expect((await session.start('go on').done).ok).toBe(true);
    expect(server.requests[1]!.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(server.requests[1]!.body.messages[1].content).toEqual([{ type: 'text', text: messageText(partial) }]);
  });

  it('refuses a second send while a turn runs (busy)', async () => {
    server.push({ hang: true });
    const e = await engine();
    const rec = record(e);
    const created = await e.sessions.create(projectDir);
    await e.sessions.send(projectDir, created.id, 'one');
    await rec.waitFor((ev) => ev.type === 'assistant_start');
    await expect(e.sessions.send(projectDir, created.id, 'two')).rejects.toMatchObject({ name: 'IpcFailure', code: 'busy' });
    expect(await e.sessions.stop(projectDir, created.id)).toBe(true);
    expect(await e.sessions.stop(projectDir, created.id)).toBe(false);
  });

  it('persists the turn and resumes the session in a fresh engine with its messages', async () => {
    server.push({ content: [{ type: 'text', text: 'first answer' }] }, { content: [{ type: 'text', text: 'second answer' }] });
    const a = await engine();
    const s = await a.sessions.createSession(projectDir);
    await s.start('Please explain how the session store keeps transcripts on disk safely').done;

    const b = await engine();
    const listed = await b.sessions.list(projectDir);
    expect(listed).toEqual([
      expect.objectContaining({ id: s.id, title: 'Please explain how the session store keeps transcripts on…', messageCount: 2, projectDir }),
    ]);
    const opened = await b.sessions.open(projectDir, s.id);
    expect(opened.status).toBe('idle');
    expect(opened.messages.map((m) => [m.role, messageText(m)])).toEqual([
      ['user', 'Please explain how the session store keeps transcripts on disk safely'],
      ['assistant', 'first answer'],
    ]);
    const resumed = await b.sessions.get(projectDir, s.id);
    await resumed.start('and then?').done;
    expect(server.requests[1]!.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    const c = await engine();
    expect((await c.sessions.open(projectDir, s.id)).messages).toHaveLength(4);
  });

  it('lists an unsaved new session from memory and answers not_found for unknown or malformed ids', async () => {
    const e = await engine();
    const created = await e.sessions.create(projectDir);
    expect(await e.sessions.list(projectDir)).toEqual([expect.objectContaining({ id: created.id, title: 'New session', messageCount: 0 })]);
    await expect(e.sessions.open(projectDir, 'nope')).rejects.toMatchObject({ code: 'not_found' });
    await expect(e.sessions.open(projectDir, '../../etc/passwd')).rejects.toMatchObject({ code: 'not_found' });
  });
});
