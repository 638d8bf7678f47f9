// Event fan-out in isolation: scope filtering, validation, closed sockets skipped, stuck sockets closed.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createEventBus } from '../app/event-bus';
import { MAX_BUFFERED_BYTES, startEventFanout } from './event-fanout';
import { memoryLogger } from './test-support';

function fakeSocket(readyState = 1, bufferedAmount = 0) {
  const sent: unknown[] = [];
  const closed: [number, string][] = [];
  const ws = {
    OPEN: 1,
    readyState,
    bufferedAmount,
    send: (text: string) => void sent.push(JSON.parse(text)),
    close: (code: number, reason: string) => void closed.push([code, reason]),
  };
  return { ws: ws as unknown as WebSocket, sent, closed };
}

describe('startEventFanout', () => {
  it('sends project and global events to open sockets only, closes a stuck one, stops on unsubscribe', () => {
    const bus = createEventBus();
    const log = memoryLogger();
    const open = fakeSocket();
    const closing = fakeSocket(2);
    const stuck = fakeSocket(1, MAX_BUFFERED_BYTES + 1);
    const stop = startEventFanout({ bus, projectDir: '/p', sockets: () => [open.ws, closing.ws, stuck.ws], log });

    bus.publish('app:notice', { level: 'info', message: 'global' }, { projectDir: null });
    bus.publish('app:notice', { level: 'info', message: 'mine' }, { projectDir: '/p' });
    bus.publish('app:notice', { level: 'info', message: 'theirs' }, { projectDir: '/p2' });
    bus.publish('app:notice', { level: 'info' } as never, { projectDir: null });
    bus.publish('not:a:channel' as never, {} as never, { projectDir: null });

    expect(open.sent).toEqual([
      { kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'global' } },
      { kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'mine' } },
    ]);
    expect(closing.sent).toEqual([]);
    expect(stuck.sent).toEqual([]);
    expect(stuck.closed[0]?.[0]).toBe(1013);
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([
      expect.stringContaining('dropped invalid app:notice'),
      expect.stringContaining('dropped event on unknown channel not:a:channel'),
    ]);

    stop();
    bus.publish('app:notice', { level: 'info', message: 'late' }, { projectDir: null });
    expect(open.sent).toHaveLength(2);
  });

  it('issue 15 item 5: an event scoped to one client (a terminal’s output) reaches only that client’s socket', () => {
    const bus = createEventBus();
    const mine = fakeSocket();
    const other = fakeSocket();
    const ids = new Map([[mine.ws, 'ws-1'], [other.ws, 'ws-2']]);
    startEventFanout({ bus, projectDir: '/p', sockets: () => [mine.ws, other.ws], clientOf: (ws) => ids.get(ws), log: memoryLogger() });
    bus.publish('terminal:data', { terminalId: 'term-1', data: 'secret output' }, { projectDir: '/p', clientId: 'ws-1' });
    bus.publish('app:notice', { level: 'info', message: 'for all' }, { projectDir: '/p' });
    expect(mine.sent).toEqual([
      { kind: 'event', channel: 'terminal:data', payload: { terminalId: 'term-1', data: 'secret output' } },
      { kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'for all' } },
    ]);
    expect(other.sent).toEqual([{ kind: 'event', channel: 'app:notice', payload: { level: 'info', message: 'for all' } }]);
  });
});
