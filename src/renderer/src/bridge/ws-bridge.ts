// The browser Bridge: the IPC contract over the web host's WebSocket. Requests are paired by id,
// calls made while (re)connecting wait for the socket, and a lost connection retries with backoff.
import { eventContract, isEventChannel, type EventChannel } from '../../../shared/ipc/contract';
import { IpcFailure, type IpcError } from '../../../shared/ipc/errors';
import { ServerFrame, TOKEN_PARAM, WS_PATH, type ClientFrame } from '../../../shared/ipc/wire';
import type { Bridge, ConnectionState } from './types';

/**
 * The part of a WebSocket this bridge uses. Structural so the browser's WebSocket and the `ws`
 * package's (tests) both fit; event objects differ between them, so handlers read them loosely.
 */
export interface WebSocketLike {
  readonly readyState: number;
  // `any`: the browser's and `ws`'s event classes are unrelated types; the handlers below read them defensively.
  onopen: ((ev: any) => unknown) | null;
  onclose: ((ev: any) => unknown) | null;
  onerror: ((ev: any) => unknown) | null;
  onmessage: ((ev: any) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type BridgeLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface WsBridgeOptions {
  /** ws://host/ws?token=… — see wsUrlFromLocation. */
  url: string;
  /** Defaults to the global WebSocket. */
  WebSocketImpl?: WebSocketConstructor;
  onLog?: BridgeLog;
  /** Reconnect delays: first, then doubled up to max. */
  backoff?: { initialMs: number; maxMs: number };
}

export interface WsBridge extends Bridge {
  /** Stop for good: closes the socket, rejects what is pending, no more reconnects. */
  close(): void;
}

const OPEN = 1;
export const CONNECTION_LOST: IpcError = { code: 'internal', message: 'Connection to Agent Desk was lost' };

/** The WebSocket URL of the page's own server, carrying the token from the page's query (the cookie also works). */
export function wsUrlFromLocation(location: { protocol: string; host: string; search: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM);
  return `${scheme}//${location.host}${WS_PATH}${token ? `?${TOKEN_PARAM}=${encodeURIComponent(token)}` : ''}`;
}

function serialise(frame: ClientFrame): string | null {
  try {
    return JSON.stringify(frame);
  } catch {
    return null;
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: IpcFailure): void;
}

export function createWsBridge(opts: WsBridgeOptions): WsBridge {
  const found = opts.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!found) throw new Error('createWsBridge: no WebSocket implementation available');
  const Impl: WebSocketConstructor = found;
  const log: BridgeLog = opts.onLog ?? (() => {});
  const { initialMs, maxMs } = opts.backoff ?? { initialMs: 250, maxMs: 5000 };

  let state: ConnectionState = 'connecting';
  let socket: WebSocketLike | null = null;
  let nextId = 1;
  let delay = initialMs;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** Invokes written to the socket (or queued for it), by id, until their result frame arrives. */
  const pending = new Map<number, Pending>();
  /** Serialised frames made while not open, in order; written on open. */
  let queue: { text: string; kind: ClientFrame['kind'] }[] = [];
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(s: ConnectionState) => void>();

  function setState(next: ConnectionState): void {
    if (state === next) return;
    state = next;
    for (const l of [...connectionListeners]) {
      try {
        l(next);
      } catch (err) {
        log('error', `connection listener failed: ${String(err)}`);
      }
    }
  }

  function write(text: string): boolean {
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(text);
      return true;
    } catch (err) {
      log('warn', `send failed: ${String(err)}`);
      return false;
    }
  }

  function failAll(error: IpcError): void {
    const dropped = queue.filter((f) => f.kind === 'send').length;
    if (dropped) log('warn', `${dropped} message(s) dropped: connection lost before they were sent`);
    queue = [];
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(new IpcFailure(error));
  }

  function onResult(id: number | null, result: { ok: true; value: unknown } | { ok: false; error: IpcError }): void {
    if (id === null) {
      // Answers to fire-and-forget sends and to frames the server could not read.
      if (!result.ok) log('warn', `server reported ${result.error.code}: ${result.error.message}`);
      return;
    }
    const p = pending.get(id);
    if (!p) return log('warn', `result for unknown request ${id}`);
    pending.delete(id);
    if (result.ok) p.resolve(result.value);
    else p.reject(new IpcFailure(result.error));
  }

  function onEvent(channel: string, payload: unknown): void {
    if (!isEventChannel(channel)) return log('warn', `event on unknown channel ${channel.slice(0, 80)} ignored`);
    const parsed = eventContract[channel].safeParse(payload);
    if (!parsed.success) return log('warn', `invalid ${channel} event ignored`);
    for (const l of [...(listeners.get(channel) ?? [])]) {
      try {
        l(parsed.data);
      } catch (err) {
        log('error', `listener for ${channel} failed: ${String(err)}`);
      }
    }
  }

  function onMessage(ev: { data?: unknown }): void {
    if (typeof ev?.data !== 'string') return log('warn', 'non-text frame ignored');
    let json: unknown;
    try {
      json = JSON.parse(ev.data);
    } catch {
      return log('warn', 'non-JSON frame ignored');
    }
    const parsed = ServerFrame.safeParse(json);
    if (!parsed.success) return log('warn', 'malformed frame ignored');
    const frame = parsed.data;
    if (frame.kind === 'event') onEvent(frame.channel, frame.payload);
    else onResult(frame.id, frame.ok ? { ok: true, value: frame.value } : { ok: false, error: frame.error });
  }

  function scheduleReconnect(): void {
    if (stopped || retryTimer) return;
    const wait = delay;
    delay = Math.min(delay * 2, maxMs);
    log('info', `reconnecting in ${wait} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, wait);
  }

  function connect(): void {
    if (stopped) return;
    setState('connecting');
    let ws: WebSocketLike;
    try {
      ws = new Impl(opts.url);
    } catch (err) {
      log('error', `cannot open WebSocket: ${String(err)}`);
      setState('closed');
      failAll(CONNECTION_LOST);
      return scheduleReconnect();
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      delay = initialMs;
      setState('open');
      // If the socket dies mid-flush, the rest stays queued and onclose settles it.
      while (queue.length > 0 && write(queue[0]!.text)) queue.shift();
    };
    ws.onmessage = (ev: { data?: unknown }) => {
      if (socket === ws) onMessage(ev);
    };
    ws.onerror = () => log('debug', 'WebSocket error');
    ws.onclose = (ev: { code?: unknown }) => {
      if (socket !== ws) return;
      socket = null;
      log(stopped ? 'debug' : 'warn', `connection closed (${String(ev?.code ?? '?')})`);
      setState('closed');
      failAll(CONNECTION_LOST);
      scheduleReconnect();
    };
  }

  connect();

  return {
    invoke(channel, request) {
      return new Promise((resolve, reject) => {
        if (stopped) return reject(new IpcFailure(CONNECTION_LOST));
        const id = nextId++;
        const text = serialise({ kind: 'invoke', id, channel, payload: request });
        if (text === null) return reject(new IpcFailure({ code: 'invalid_input', message: `Request on ${channel} cannot be sent as JSON` }));
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        // A socket that is going away leaves the frame queued; its close rejects it with the rest.
        if (!(state === 'open' && write(text))) queue.push({ text, kind: 'invoke' });
      });
    },
    send(channel, payload) {
      if (stopped) return log('warn', `send on ${channel} after close dropped`);
      const text = serialise({ kind: 'send', channel, payload });
      if (text === null) return log('error', `send on ${channel} cannot be sent as JSON; dropped`);
      if (!(state === 'open' && write(text))) queue.push({ text, kind: 'send' });
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => {
        set.delete(l);
      };
    },
    connection: () => state,
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => {
        connectionListeners.delete(listener);
      };
    },
    close() {
      if (stopped) return;
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const ws = socket;
      socket = null;
      setState('closed');
      failAll(CONNECTION_LOST);
      try {
        ws?.close(1000, 'bridge closed');
      } catch {
        // already closing
      }
    },
  };
}
