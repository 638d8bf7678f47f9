// Picks the renderer's Bridge: the preload's `window.api` inside the desktop app, else the web
// host's WebSocket at this page's own origin.
import type { PreloadApi } from '../../../shared/ipc/preload-api';
import { createPreloadBridge } from './preload-bridge';
import type { Bridge } from './types';
import { createWsBridge, wsUrlFromLocation, type BridgeLog } from './ws-bridge';

export type { Bridge, ConnectionState } from './types';

export interface BridgeEnvironment {
  api?: PreloadApi;
  location: { protocol: string; host: string; search: string };
}

const consoleLog: BridgeLog = (level, message) => {
  if (level === 'warn' || level === 'error') console[level](`[bridge] ${message}`);
};

export function createBridge(env: BridgeEnvironment = window, onLog: BridgeLog = consoleLog): Bridge {
  if (env.api) return createPreloadBridge(env.api);
  return createWsBridge({ url: wsUrlFromLocation(env.location), onLog });
}
