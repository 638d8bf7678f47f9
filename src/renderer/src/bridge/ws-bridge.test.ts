// The WebSocket Bridge against a scripted in-memory socket: id pairing, queueing while connecting,
// typed failures, bad frames ignored, and reconnect backoff 250 ms → 5 s (fake timers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcFailure } from '../../../shared/ipc/errors';
import type { ConnectionState } from './types';
import { createWsBridge, wsUrlFromLocation, type WebSocketLike } from './ws-bridge';

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: unknown) => unknown) | null = null;
  onclose: ((ev: unknown) => unknown) | null = null;
  onerror: ((ev: unknown) => unknown) | null = null;
  onmessage: ((ev: unknown) => unknown) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError');
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closedWith = code;
    this.drop(code ?? 1005);
  }
  // Test controls: what the server side would do.
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  deliver(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const logs: [string, string][] = [];
const make = () =>
  createWsBridge({ url: 'ws://h/ws?token=t', WebSocketImpl: FakeSocket, onLog: (level, message) => void logs.push([level, message]) });

beforeEach(() => {
  FakeSocket.all = [];
  logs.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createWsBridge (unit)', () => {
  it('queues invokes and sends while connecting, writes them in order on open, pairs results by id', async () => {
    const b = make();
    const states: ConnectionState[] = [];
    b.onConnection((s) => states.push(s));
    expect(b.connection()).toBe('connecting');
    const p1 = b.invoke('app:init', {});
    b.send('log:write', { level: 'info', message: 'hello' });
    const p2 = b.invoke('session:list', {});
    expect(last().sent).toEqual([]);
    last().open();
    expect(b.connection()).toBe('open');
    expect(states).toEqual(['open']);
    expect(last().sent).toEqual([
      { kind: 'invoke', id: 1, channel: 'app:init', payload: {} },
      { kind: 'send', channel: 'log:write', payload: { level: 'info', message: 'hello' } },
      { kind: 'invoke', id: 2, channel: 'session:list', payload: {} },
    ]);
    // Answers out of order still find their callers.
    last().deliver({ kind: 'result', id: 2, ok: true, value: { sessions: [] } });
    last().deliver({ kind: 'result', id: 1, ok: false, error: { code: 'no_project', message: 'Open a project folder first.' } });
    await expect(p2).resolves.toEqual({ sessions: [] });
    const err = await p1.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpcFailure);
    expect(err).toMatchObject({ code: 'no_project', message: 'Open a project folder first.' });
    b.close();
  });

  it('delivers valid events to listeners of their channel; ignores bad frames and invalid payloads', () => {
    const b = make();
    last().open();
    const got: unknown[] = [];
    const off = b.on('app:notice', (p) => got.push(p));
    last().deliver({ kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'a' } });
    last().deliver({ kind: 'event', channel: 'app:notice', payload: { level: 'nope', message: 'b' } });
    last().deliver({ kind: 'event', channel: 'unknown:channel', payload: {} });
    last().deliver('not json');
    last().deliver({ kind: 'weird' });
    last().deliver({ kind: 'result', id: 99, ok: true, value: 1 }); // nobody waits for 99
    last().onmessage?.({ data: new Uint8Array([1]) });
    expect(got).toEqual([{ level: 'info', message: 'a' }]);
    off();
    last().deliver({ kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'c' } });
    expect(got).toHaveLength(1);
    expect(logs.filter(([l]) => l === 'warn').length).toBeGreaterThanOrEqual(6);
    b.close();
  });

  it('a throwing listener does not stop the others', () => {
    const b = make();
    last().open();
    const got: string[] = [];
    b.on('app:notice', () => {
      throw new Error('boom');
    });
    b.on('app:notice', (p) => got.push(p.message));
    last().deliver({ kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'x' } });
    expect(got).toEqual(['x']);
    b.close();
  });

  it('on close: pending invokes reject with the typed connection-lost failure; reconnects with backoff 250 ms doubling to 5 s', async () => {
    const b = make();
    last().open();
    const pending = b.invoke('app:init', {});
    const states: ConnectionState[] = [];
    b.onConnection((s) => states.push(s));
    last().drop();
    await expect(pending).rejects.toMatchObject({ name: 'IpcFailure', code: 'internal', message: 'Connection to Agent Desk was lost' });
    expect(b.connection()).toBe('closed');

    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(50);
        waited += 50;
        if (waited > 10_000) throw new Error('no reconnect');
      }
      delays.push(waited);
      last().drop(); // the server is still down
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);

    // Once up again: open, backoff resets.
    vi.advanceTimersByTime(5000);
    last().open();
    expect(b.connection()).toBe('open');
    expect(states[0]).toBe('closed');
    expect(states).toContain('connecting');
    expect(states[states.length - 1]).toBe('open');
    last().drop();
    const n = FakeSocket.all.length;
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all.length).toBe(n + 1);
    b.close();
  });

  it('invokes made while disconnected wait for the next connection', async () => {
    const b = make();
    last().open();
    last().drop();
    const p = b.invoke('app:init', {});
    vi.advanceTimersByTime(250);
    last().open();
    expect(last().sent).toEqual([{ kind: 'invoke', id: 1, channel: 'app:init', payload: {} }]);
    last().deliver({ kind: 'result', id: 1, ok: true, value: { ok: 1 } });
    await expect(p).resolves.toEqual({ ok: 1 });
    b.close();
  });

  it('close() stops for good: pending rejects, no reconnect, later invokes reject', async () => {
    const b = make();
    const p = b.invoke('app:init', {});
    b.close();
    await expect(p).rejects.toBeInstanceOf(IpcFailure);
    const n = FakeSocket.all.length;
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.all.length).toBe(n);
    await expect(b.invoke('app:init', {})).rejects.toMatchObject({ code: 'internal' });
    expect(b.connection()).toBe('closed');
  });

  it('a request that cannot be serialised rejects with invalid_input instead of breaking the socket', async () => {
    const b = make();
    last().open();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(b.invoke('project:open', cyclic as never)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(b.connection()).toBe('open');
    b.close();
  });
});

describe('wsUrlFromLocation', () => {
  it('builds the socket URL of the page origin with its token', () => {
    expect(wsUrlFromLocation({ protocol: 'http:', host: '127.0.0.1:5000', search: '?token=a%2Bb' })).toBe('ws://127.0.0.1:5000/ws?token=a%2Bb');
    expect(wsUrlFromLocation({ protocol: 'https:', host: 'box:443', search: '?x=1&token=t' })).toBe('wss://box:443/ws?token=t');
    // Without a token in the page URL the cookie carries it.
    expect(wsUrlFromLocation({ protocol: 'http:', host: 'localhost:1', search: '' })).toBe('ws://localhost:1/ws');
  });
});
