// Creates one hardened BrowserWindow (DK5): isolated, sandboxed, no Node, our preload only, and
// loads our renderer (the dev server in dev, the built index.html otherwise).
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../base/log';
import { guardNavigation } from './navigation';
import { isTrustedRendererUrl, type RendererLocation } from './renderer-location';

export interface WindowFactoryDeps {
  location: RendererLocation;
  /** Dev tools only in dev (unpackaged + dev server). */
  dev: boolean;
  preload: string;
  icon?: string;
  openExternal(url: string): void;
  onFolderDropped(dir: string, from: BrowserWindow): void;
  log: Logger;
}

export function createHardenedWindow(deps: WindowFactoryDeps, title: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 820,
    minWidth: 640,
    minHeight: 480,
    title,
    show: false,
    backgroundColor: '#1e1f22',
    ...(deps.icon ? { icon: deps.icon } : {}),
    // Written out here, not built elsewhere: Electronegativity (in npm test) reads this literal.
    webPreferences: {
      preload: deps.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: true,
      spellcheck: false,
      // Middle-click opens links as new windows without the window-open handler's say (Electronegativity AUXCLICK).
      disableBlinkFeatures: 'Auxclick',
      devTools: deps.dev,
    },
  } satisfies BrowserWindowConstructorOptions);
  const contents = win.webContents;
  guardNavigation(contents, {
    isTrusted: (url) => isTrustedRendererUrl(url, deps.location),
    openExternal: deps.openExternal,
    onFolderDropped: (dir) => deps.onFolderDropped(dir, win),
    log: deps.log,
  });
  // The window title names the project; the page's <title> must not overwrite it.
  win.on('page-title-updated', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  contents.on('render-process-gone', (_event, details) => deps.log.error(`desktop: renderer of window ${win.id} gone: ${details.reason}`));

  const load = deps.location.devUrl ? win.loadURL(deps.location.devUrl) : win.loadFile(deps.location.indexFile);
  load.catch((err: unknown) => deps.log.error(`desktop: window ${win.id} failed to load the renderer`, err));
  return win;
}
