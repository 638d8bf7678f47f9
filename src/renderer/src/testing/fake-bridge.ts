// An in-memory Bridge for unit tests: scripted invoke answers, recorded calls, and events pushed by hand.
// Answers pass through the contract's response schema, as main's dispatcher does (defaults filled in).
import {
  invokeContract,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResponseInput,
} from '../../../shared/ipc/contract';
import { IpcFailure, type IpcError } from '../../../shared/ipc/errors';
import type { Bridge, ConnectionState } from '../bridge/types';

type Handler<C extends InvokeChannel> = (request: InvokeRequest<C>) => InvokeResponseInput<C> | Promise<InvokeResponseInput<C>>;

export interface FakeBridge extends Bridge {
  calls: { channel: InvokeChannel; request: unknown }[];
  sent: { channel: string; payload: unknown }[];
  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): void;
  /** Make the next calls of `channel` fail with this typed error. */
  fail(channel: InvokeChannel, error: IpcError): void;
  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void;
  setConnection(state: ConnectionState): void;
  listenerCount(channel: EventChannel): number;
}

export function createFakeBridge(): FakeBridge {
  const handlers = new Map<InvokeChannel, (request: unknown) => unknown>();
  const failures = new Map<InvokeChannel, IpcError>();
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  let connection: ConnectionState = 'open';

  const bridge: FakeBridge = {
    calls: [],
    sent: [],
    async invoke(channel, request) {
      bridge.calls.push({ channel, request });
      const failure = failures.get(channel);
      if (failure) throw new IpcFailure(failure);
      const handler = handlers.get(channel);
      if (!handler) throw new IpcFailure({ code: 'unsupported', message: `no fake handler for ${channel}` });
      return invokeContract[channel].response.parse(await handler(request)) as never;
    },
    send(channel, payload) {
      bridge.sent.push({ channel, payload });
    },
    on(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    connection: () => connection,
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    handle(channel, handler) {
      failures.delete(channel);
      handlers.set(channel, handler as (request: unknown) => unknown);
    },
    fail(channel, error) {
      failures.set(channel, error);
    },
    emit(channel, payload) {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
    setConnection(state) {
      connection = state;
      for (const l of connectionListeners) l(state);
    },
    listenerCount: (channel) => listeners.get(channel)?.size ?? 0,
  };
  return bridge;
}
