// The web host's WebSocket on a real socket (DK2 over the web transport): token + Origin + Host on
// the upgrade, invoke/send round trips, project-scoped events, and a malformed-input walk of every channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannels, sendChannels } from '../../shared/ipc/contract';
import { TOKEN_COOKIE } from '../../shared/ipc/wire';
import { malformedCases } from '../ipc/malformed-payloads';
import { MAX_FRAME_BYTES } from './frames';
import { openSocket, startTestServer, TEST_TOKEN, type Inbox, type TestServer } from './test-support';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ notices: [{ level: 'warn', message: 'settings.json is broken' }] });
});
afterAll(async () => {
  await t.close();
});

const open = () => openSocket(t.wsUrl(), { origin: t.origin });
const isResult = (id: number | null) => (f: Record<string, unknown>) => f.kind === 'result' && f.id === id;

describe('WebSocket upgrade checks', () => {
  it('refuses a missing or wrong token with 401', async () => {
    await expect(openSocket(t.wsUrl(null), { origin: t.origin })).rejects.toThrow('refused: 401');
    await expect(openSocket(t.wsUrl('wrong'), { origin: t.origin })).rejects.toThrow('refused: 401');
    await expect(openSocket(t.wsUrl(''), { origin: t.origin })).rejects.toThrow('refused: 401');
  });

  it('accepts the token cookie instead of the query', async () => {
    const s = await openSocket(t.wsUrl(null), { origin: t.origin, cookie: `${TOKEN_COOKIE}=${TEST_TOKEN}` });
    s.ws.close();
  });

  it('refuses a foreign, missing or wrong-scheme Origin', async () => {
    for (const origin of ['http://evil.example', `http://evil.example:${t.server.port}`, `https://${t.authority}`, 'null']) {
      await expect(openSocket(t.wsUrl(), { origin }), origin).rejects.toThrow('refused: 403');
    }
    await expect(openSocket(t.wsUrl(), {})).rejects.toThrow('refused: 403');
    // Both loopback spellings of our own origin are fine.
    const s = await openSocket(t.wsUrl(), { origin: `http://localhost:${t.server.port}` });
    s.ws.close();
  });

  it('refuses a foreign Host header and other paths', async () => {
    await expect(openSocket(t.wsUrl(), { origin: t.origin, host: 'evil.example' })).rejects.toThrow('refused: 403');
    await expect(openSocket(t.wsUrl().replace('/ws', '/other'), { origin: t.origin })).rejects.toThrow('refused: 404');
  });
});

describe('WebSocket frames', () => {
  let s: Inbox;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(() => s.ws.close());

  it('sends start-up notices to a client that connects later', async () => {
    const f = await s.next((x) => x.kind === 'event' && x.channel === 'app:notice');
    expect(f.payload).toEqual({ level: 'warn', message: 'settings.json is broken' });
  });

  it('invoke round trip: app:init answers with the web host and this project', async () => {
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'app:init', payload: {} }));
    const f = await s.next(isResult(1));
    expect(f.ok).toBe(true);
    expect(f.value).toMatchObject({ host: 'web', project: { dir: t.projectDir, name: 'project' }, recentProjects: [], model: 'claude-test' });
  });

  it('typed errors: unsupported on the web, not_found from a service, invalid_channel', async () => {
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 2, channel: 'project:choose', payload: {} }));
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 3, channel: 'session:open', payload: { sessionId: 'missing' } }));
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 4, channel: 'no:such', payload: {} }));
    expect(await s.next(isResult(2))).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await s.next(isResult(3))).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await s.next(isResult(4))).toMatchObject({ ok: false, error: { code: 'invalid_channel' } });
  });

  it('session create + send reach the services with this project as context; events come back', async () => {
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 5, channel: 'session:create', payload: {} }));
    const created = await s.next(isResult(5));
    const id = (created.value as { session: { id: string } }).session.id;
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 6, channel: 'session:send', payload: { sessionId: id, text: 'hi' } }));
    expect(await s.next(isResult(6))).toMatchObject({ ok: true, value: { accepted: true } });
    expect(t.sessions.sent).toContainEqual({ projectDir: t.projectDir, sessionId: id, text: 'hi' });
    const ev = await s.next((f) => f.kind === 'event' && f.channel === 'session:event');
    expect(ev.payload).toEqual({ sessionId: id, type: 'status', status: 'running' });
  });

  it('send: a valid log:write is accepted silently, a bad one is answered with a null-id error', async () => {
    const before = t.log.lines.length;
    s.ws.send(JSON.stringify({ kind: 'send', channel: 'log:write', payload: { level: 'warn', message: 'from the browser' } }));
    s.ws.send(JSON.stringify({ kind: 'send', channel: 'nope', payload: {} }));
    expect(await s.next(isResult(null))).toMatchObject({ ok: false, error: { code: 'invalid_channel' } });
    expect(t.log.lines.slice(before).some((l) => l.level === 'warn' && /renderer\[ws-\d+\]: from the browser/.test(l.msg))).toBe(true);
  });

  it('routes events of this project and global ones; drops other projects and invalid payloads', async () => {
    t.bus.publish('app:notice', { level: 'info', message: 'global' }, { projectDir: null });
    t.bus.publish('app:notice', { level: 'info', message: 'other project' }, { projectDir: '/elsewhere' });
    t.bus.publish('app:notice', { level: 'info', message: 'ours' }, { projectDir: t.projectDir });
    // Typed as valid, but not: the host validates before sending.
    t.bus.publish('app:notice', { level: 'fatal', message: 'bad' } as never, { projectDir: null });
    expect((await s.next((f) => (f.payload as { message?: string })?.message === 'global')).channel).toBe('app:notice');
    await s.next((f) => (f.payload as { message?: string })?.message === 'ours');
    expect(await s.none((f) => ['other project', 'bad'].includes((f.payload as { message?: string })?.message ?? ''))).toBe(true);
    expect(t.log.lines.some((l) => l.level === 'error' && l.msg.includes('dropped invalid app:notice'))).toBe(true);
  });

  it('fans events out to every open socket', async () => {
    const other = await open();
    t.bus.publish('app:notice', { level: 'info', message: 'to all' }, { projectDir: null });
    await s.next((f) => (f.payload as { message?: string })?.message === 'to all');
    await other.next((f) => (f.payload as { message?: string })?.message === 'to all');
    other.ws.close();
    await other.closed;
    // A closed socket is skipped, not written to.
    t.bus.publish('app:notice', { level: 'info', message: 'after close' }, { projectDir: null });
    await s.next((f) => (f.payload as { message?: string })?.message === 'after close');
  });
});

describe('malformed input walk (every channel of the contract)', () => {
  it('every malformed payload on every invoke/send channel gets a typed invalid_input; app:init still works after', async () => {
    const s = await open();
    const cases = malformedCases();
    // Derived from the contract: every channel is covered, with several cases each.
    for (const c of [...invokeChannels, ...sendChannels]) {
      const n = cases.filter((x) => x.channel === c).length;
      expect(n, c).toBeGreaterThanOrEqual(5);
    }
    let id = 1000;
    for (const c of cases) {
      if (c.kind === 'invoke') {
        const myId = ++id;
        s.ws.send(JSON.stringify({ kind: 'invoke', id: myId, channel: c.channel, payload: c.payload }));
        const f = await s.next(isResult(myId));
        expect(f, `${c.channel}: ${c.label}`).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
        expect((f.error as { issues?: unknown[] }).issues?.length, `${c.channel}: ${c.label}`).toBeGreaterThan(0);
      } else {
        s.ws.send(JSON.stringify({ kind: 'send', channel: c.channel, payload: c.payload }));
        const f = await s.next(isResult(null));
        expect(f, `${c.channel}: ${c.label}`).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      }
    }
    // Unknown channels, both kinds.
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'app:nope', payload: {} }));
    expect(await s.next(isResult(1))).toMatchObject({ ok: false, error: { code: 'invalid_channel' } });
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 2, channel: '__proto__', payload: {} }));
    expect(await s.next(isResult(2))).toMatchObject({ ok: false, error: { code: 'invalid_channel' } });

    // Frames that are not the wire protocol at all.
    const badFrames: [string, string | Buffer, number | null][] = [
      ['non-JSON', 'not json {', null],
      ['empty', '', null],
      ['JSON number', '42', null],
      ['JSON null', 'null', null],
      ['array', '[]', null],
      ['unknown kind', JSON.stringify({ kind: 'event', channel: 'app:notice', payload: {} }), null],
      ['no kind', JSON.stringify({ id: 3, channel: 'app:init' }), null],
      ['invoke without id', JSON.stringify({ kind: 'invoke', channel: 'app:init', payload: {} }), null],
      ['negative id', JSON.stringify({ kind: 'invoke', id: -1, channel: 'app:init', payload: {} }), null],
      ['fractional id', JSON.stringify({ kind: 'invoke', id: 1.5, channel: 'app:init', payload: {} }), null],
      ['string id', JSON.stringify({ kind: 'invoke', id: '7', channel: 'app:init', payload: {} }), null],
      ['channel not a string (id recoverable)', JSON.stringify({ kind: 'invoke', id: 77, channel: 5, payload: {} }), 77],
      ['send with numeric channel', JSON.stringify({ kind: 'send', channel: 5, payload: {} }), null],
      ['binary', Buffer.from([1, 2, 3]), null],
    ];
    for (const [label, data, expectId] of badFrames) {
      s.ws.send(data, { binary: Buffer.isBuffer(data) });
      const f = await s.next(isResult(expectId));
      expect(f, label).toMatchObject({ kind: 'result', ok: false, error: { code: 'invalid_input' } });
    }
    expect(t.log.lines.some((l) => l.level === 'warn' && l.msg.includes('malformed frame'))).toBe(true);

    // Over the frame limit: answered, not read; the socket survives.
    s.ws.send('x'.repeat(MAX_FRAME_BYTES + 1));
    expect(await s.next(isResult(null))).toMatchObject({ error: { code: 'invalid_input', message: expect.stringContaining('too large') } });

    s.ws.send(JSON.stringify({ kind: 'invoke', id: 9999, channel: 'app:init', payload: {} }));
    expect(await s.next(isResult(9999))).toMatchObject({ ok: true, value: { host: 'web' } });
    s.ws.close();
  });

  it('a frame above the hard cap closes only that socket (1009); the server keeps serving', async () => {
    const s = await open();
    s.ws.send(Buffer.alloc(17 * 1024 * 1024, 0x20), { binary: false });
    expect((await s.closed).code).toBe(1009);
    const again = await open();
    again.ws.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'app:init', payload: null }));
    expect(await again.next(isResult(1))).toMatchObject({ ok: true });
    again.ws.close();
  });
});

describe('shutdown', () => {
  it('close() closes open sockets with 1001 and stops listening', async () => {
    const own = await startTestServer();
    const s = await openSocket(own.wsUrl(), { origin: own.origin });
    await own.close();
    expect((await s.closed).code).toBe(1001);
    await expect(openSocket(own.wsUrl(), { origin: own.origin })).rejects.toThrow(/ECONNREFUSED/);
  });
});
