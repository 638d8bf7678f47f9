// The desktop Bridge: `window.api` (set by the preload) behind the Bridge interface. Main answers
// every invoke with an IpcResult; an error result becomes a thrown IpcFailure with its typed code.
import type { InvokeChannel } from '../../../shared/ipc/contract';
import { IpcFailure, type IpcResult } from '../../../shared/ipc/errors';
import type { PreloadApi } from '../../../shared/ipc/preload-api';
import type { Bridge } from './types';

type AnyInvoke = (request: unknown) => Promise<IpcResult<unknown>>;
type AnySend = (payload: unknown) => void;
type AnyOn = (listener: (payload: unknown) => void) => () => void;

function lookup<F>(table: Record<string, unknown>, channel: string): F | undefined {
  return Object.hasOwn(table, channel) ? (table[channel] as F) : undefined;
}

function isIpcResult(x: unknown): x is IpcResult<unknown> {
  if (typeof x !== 'object' || x === null || !('ok' in x)) return false;
  return x.ok === true ? 'value' in x : x.ok === false && 'error' in x && typeof x.error === 'object' && x.error !== null;
}

export function createPreloadBridge(api: PreloadApi): Bridge {
  return {
    async invoke(channel, request) {
      const call = lookup<AnyInvoke>(api.invoke, channel);
      if (!call) throw new IpcFailure({ code: 'invalid_channel', message: `Unknown channel: ${String(channel)}` });
      let result: unknown;
      try {
        result = await call(request);
      } catch (err) {
        // Only a broken IPC link rejects (main always answers with a result).
        throw new IpcFailure({ code: 'internal', message: `IPC to the app failed on ${channel}: ${errorMessage(err)}` });
      }
      if (!isIpcResult(result)) throw new IpcFailure({ code: 'internal', message: `Malformed answer on ${channel as InvokeChannel}` });
      if (!result.ok) throw new IpcFailure(result.error);
      return result.value as never;
    },
    send(channel, payload) {
      const send = lookup<AnySend>(api.send, channel);
      if (!send) throw new IpcFailure({ code: 'invalid_channel', message: `Unknown channel: ${String(channel)}` });
      send(payload);
    },
    on(channel, listener) {
      const on = lookup<AnyOn>(api.on, channel);
      if (!on) throw new IpcFailure({ code: 'invalid_channel', message: `Unknown channel: ${String(channel)}` });
      return on(listener as (payload: unknown) => void);
    },
    connection: () => 'open',
    // In-process IPC never drops, so there is nothing to report.
    onConnection: () => () => {},
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
