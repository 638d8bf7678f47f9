// The shape of `window.api` that the preload exposes: derived channel by channel from the contract.
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  SendChannel,
  SendPayload,
} from './contract';
import type { IpcResult } from './errors';

export type PreloadApi = {
  invoke: { [C in InvokeChannel]: (request: InvokeRequest<C>) => Promise<IpcResult<InvokeResponse<C>>> };
  send: { [C in SendChannel]: (payload: SendPayload<C>) => void };
  on: { [C in EventChannel]: (listener: (payload: EventPayload<C>) => void) => () => void };
};
