// The web host's bound on the log lines one client causes (PX8): lines and bytes per window, the rest
// counted and said in one line; over a real socket, a flood of log:write frames reaches the log as at
// most the limit plus one "… dropped" line, and the connection keeps working.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogLimiter, DEFAULT_LOG_LIMIT } from '../ipc/log-limit';
import { openSocket, startTestServer, type TestServer } from './test-support';

describe('createLogLimiter', () => {
  afterEach(() => vi.useRealTimers());

  it('lets the limit through per window, counts the rest, and reports it once when the window ends', () => {
    vi.useFakeTimers();
    const dropped: [number, number][] = [];
    const l = createLogLimiter({ lines: 3, bytes: 1000, windowMs: 1000 }, (n, b) => dropped.push([n, b]), () => Date.now());
    expect(['a', 'b', 'c', 'd', 'e'].map((t) => l.allow(t))).toEqual([true, true, true, false, false]);
    expect(dropped).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(dropped).toEqual([[2, 2]]);
    // A new window: allowed again; nothing dropped, nothing said.
    expect(l.allow('f')).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(dropped).toHaveLength(1);
  });

  it('counts a message’s newlines as lines, and bytes as UTF-8', () => {
    const dropped: [number, number][] = [];
    const l = createLogLimiter({ lines: 5, bytes: 10, windowMs: 60_000 }, (n, b) => dropped.push([n, b]), () => 0);
    expect(l.allow('1\n2\n3\n4\n5\n6')).toBe(false);
    expect(l.allow('€€€')).toBe(true); // 9 bytes
    expect(l.allow('ab')).toBe(false); // 11 bytes
    l.close();
    expect(dropped).toEqual([[7, 13]]);
    l.close();
    expect(dropped).toHaveLength(1);
  });

  it('defaults: 100 lines or 64 KB per 10 s', () => {
    expect(DEFAULT_LOG_LIMIT).toEqual({ lines: 100, bytes: 65_536, windowMs: 10_000 });
  });
});

describe('log:write over a real socket', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a client flooding log:write gets at most the limit into the log, then one "… dropped" line; the socket still works', async () => {
    t = await startTestServer({ logLimit: { lines: 5, bytes: 100_000, windowMs: 400 } });
    const s = await openSocket(t.wsUrl(), { origin: t.origin });
    for (let i = 0; i < 50; i++) s.ws.send(JSON.stringify({ kind: 'send', channel: 'log:write', payload: { level: 'error', message: `flood ${i}` } }));
    // A bad frame during the flood is still answered, its warning is not logged.
    s.ws.send('not json');
    expect(await s.next((f) => f.kind === 'result' && f.id === null)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    s.ws.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'app:init', payload: {} }));
    expect(await s.next((f) => f.kind === 'result' && f.id === 1)).toMatchObject({ ok: true });
    const dropped = () => t!.log.lines.filter((l) => l.msg.includes('dropped'));
    const until = Date.now() + 3000;
    while (dropped().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const flood = t.log.lines.filter((l) => /renderer\[ws-\d+\]: flood \d+/.test(l.msg));
    expect(flood.map((l) => l.msg.replace(/^.*: /, ''))).toEqual(['flood 0', 'flood 1', 'flood 2', 'flood 3', 'flood 4']);
    expect(t.log.lines.some((l) => l.msg.includes('malformed frame'))).toBe(false);
    expect(dropped()).toHaveLength(1);
    expect(dropped()[0]!.msg).toMatch(/^web: … 46 log line\(s\) \(\d+ bytes\) from ws-\d+ dropped: more than 5 lines or 100000 bytes in 0\.4 s$/);
    // The next window lets lines through again.
    s.ws.send(JSON.stringify({ kind: 'send', channel: 'log:write', payload: { level: 'info', message: 'after the flood' } }));
    const later = Date.now() + 3000;
    while (!t.log.lines.some((l) => l.msg.endsWith('after the flood')) && Date.now() < later) await new Promise((r) => setTimeout(r, 20));
    expect(t.log.lines.some((l) => l.msg.endsWith('after the flood'))).toBe(true);
    s.ws.close();
    await s.closed;
  });

  it('each connection has its own budget', async () => {
    t = await startTestServer({ logLimit: { lines: 2, bytes: 100_000, windowMs: 60_000 } });
    const a = await openSocket(t.wsUrl(), { origin: t.origin });
    const b = await openSocket(t.wsUrl(), { origin: t.origin });
    for (const [s, name] of [[a, 'a'], [b, 'b']] as const) {
      for (let i = 0; i < 4; i++) s.ws.send(JSON.stringify({ kind: 'send', channel: 'log:write', payload: { level: 'info', message: `${name}${i}` } }));
      s.ws.send(JSON.stringify({ kind: 'invoke', id: 9, channel: 'app:init', payload: {} }));
      await s.next((f) => f.kind === 'result' && f.id === 9);
    }
    const got = t.log.lines.flatMap((l) => (/renderer\[ws-\d+\]: ([ab]\d)$/.exec(l.msg)?.slice(1) ?? []));
    expect(got).toEqual(['a0', 'a1', 'b0', 'b1']);
    // Closing says what was dropped at once, not at the end of the window.
    a.ws.close();
    b.ws.close();
    await Promise.all([a.closed, b.closed]);
    const until = Date.now() + 3000;
    while (t.log.lines.filter((l) => l.msg.includes('dropped')).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(t.log.lines.filter((l) => l.msg.includes('… 2 log line(s)'))).toHaveLength(2);
  });
});
