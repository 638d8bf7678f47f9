// The preload (DK2) — the only renderer-side file touching ipcRenderer. Exposes `window.api`,
// derived channel by channel from the contract, and nothing else; the page never sees IPC events.
import '../shared/zod-jitless';
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventChannels, invokeChannels, sendChannels } from '../shared/ipc/contract';
import type { PreloadApi } from '../shared/ipc/preload-api';

type IpcLike = Pick<typeof ipcRenderer, 'invoke' | 'send' | 'on' | 'removeListener'>;

export function buildPreloadApi(ipc: IpcLike): PreloadApi {
  const invoke: Record<string, (request: unknown) => Promise<unknown>> = {};
  for (const ch of invokeChannels) invoke[ch] = (request) => ipc.invoke(ch, request);

  const send: Record<string, (payload: unknown) => void> = {};
  for (const ch of sendChannels) send[ch] = (payload) => ipc.send(ch, payload);

  const on: Record<string, (listener: (payload: unknown) => void) => () => void> = {};
  for (const ch of eventChannels) {
    on[ch] = (listener) => {
      // Only the payload crosses: the IpcRendererEvent would hand the page a `sender` to abuse.
      const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(ch, handler);
      return () => void ipc.removeListener(ch, handler);
    };
  }
  return Object.freeze({
    invoke: Object.freeze(invoke),
    send: Object.freeze(send),
    on: Object.freeze(on),
  }) as unknown as PreloadApi;
}

contextBridge.exposeInMainWorld('api', buildPreloadApi(ipcRenderer));
