// The renderer's only way to talk to main: a Bridge, backed by the preload (desktop) or a WebSocket (web).
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  SendChannel,
  SendPayload,
} from '../../../shared/ipc/contract';

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface Bridge {
  /** Resolves with the parsed response; rejects with IpcFailure (typed code) when main answers an error. */
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
  send<C extends SendChannel>(channel: C, payload: SendPayload<C>): void;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
  /** Transport state; the preload bridge is always 'open'. */
  connection(): ConnectionState;
  onConnection(listener: (state: ConnectionState) => void): () => void;
}
