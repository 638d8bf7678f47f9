// `window.api`: present when the renderer runs in the desktop app (set by the preload), absent in a browser.
import type { PreloadApi } from '../../../shared/ipc/preload-api';

declare global {
  interface Window {
    api?: PreloadApi;
  }
}

export {};
