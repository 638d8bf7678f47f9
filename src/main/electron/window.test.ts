// DK5: the hardened window — exact webPreferences, preload path, our renderer only, no navigation,
// no window.open, no webviews, devtools only in dev; DK1: a dropped folder opens as a project.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeBrowserWindow, resetElectronStub } from '../../../test/electron-stub';
import { preloadPath, rendererIndexPath } from './paths';
import { rendererLocation } from './renderer-location';
import { createHardenedWindow, type WindowFactoryDeps } from './window';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let tmp: string;

function make(over: Partial<WindowFactoryDeps> = {}, packaged = true, env: NodeJS.ProcessEnv = {}) {
  const location = rendererLocation({ packaged, env, indexFile: rendererIndexPath() });
  const deps: WindowFactoryDeps = {
    location,
    dev: location.devUrl !== null,
    preload: preloadPath(),
    openExternal: vi.fn(),
    onFolderDropped: vi.fn(),
    log,
    ...over,
  };
  const win = createHardenedWindow(deps, 'Agent Desk') as unknown as FakeBrowserWindow;
  return { win, deps };
}

beforeEach(() => {
  resetElectronStub();
  vi.clearAllMocks();
  tmp = mkdtempSync(join(tmpdir(), 'agent-desk-window-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('hardened BrowserWindow (DK5)', () => {
  test('webPreferences are exactly the hardened set, with our preload', () => {
    const { win } = make();
    expect(win.options.webPreferences).toEqual({
      preload: join(__dirname, '../preload/index.js'),
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
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
    expect(win.options.show).toBe(false);
  });

  test('the preload path is out/preload/index.js beside the main bundle', () => {
    expect(preloadPath('/app/out/main')).toBe('/app/out/preload/index.js');
    expect(rendererIndexPath('/app/out/main')).toBe('/app/out/renderer/index.html');
  });

  test('packaged: loads the built index.html, no devtools even with ELECTRON_RENDERER_URL set', () => {
    const { win } = make({}, true, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(win.loaded).toEqual({ kind: 'file', target: rendererIndexPath() });
    expect(win.options.webPreferences.devTools).toBe(false);
    expect(win.webContents.devToolsOpened).toBe(false);
  });

  test('unpackaged without a dev server: still the built files and no devtools', () => {
    const { win } = make({}, false, {});
    expect(win.loaded?.kind).toBe('file');
    expect(win.options.webPreferences.devTools).toBe(false);
  });

  test('dev (unpackaged + ELECTRON_RENDERER_URL): loads the dev server, devtools allowed', () => {
    const { win } = make({}, false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(win.loaded).toEqual({ kind: 'url', target: 'http://localhost:5173' });
    expect(win.options.webPreferences.devTools).toBe(true);
  });

  test('shows itself when ready; the page title never overrides the window title', () => {
    const { win } = make();
    expect(win.shown).toBe(false);
    win.emit('ready-to-show');
    expect(win.shown).toBe(true);
    const ev = { preventDefault: vi.fn() };
    win.emit('page-title-updated', ev, 'Something else');
    expect(ev.preventDefault).toHaveBeenCalled();
  });
});

describe('navigation guard (DK5)', () => {
  test('navigation away is blocked; the same URL is allowed', () => {
    const { win } = make();
    const away = win.webContents.fire('will-navigate', { url: 'https://evil.example/' });
    expect(away.defaultPrevented).toBe(true);
    const same = win.webContents.fire('will-navigate', { url: win.webContents.getURL() });
    expect(same.defaultPrevented).toBe(false);
  });

  test('window.open is denied; only https links go to the system browser', () => {
    const { win, deps } = make();
    const handler = win.webContents.windowOpenHandler!;
    expect(handler({ url: 'https://docs.example/page' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://plain.example/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(deps.openExternal).toHaveBeenCalledTimes(1);
    expect(deps.openExternal).toHaveBeenCalledWith('https://docs.example/page');
  });

  test('issue 15 item 4: a running program\'s "Listening on port" link (http to this computer) goes to the system browser', () => {
    const { win, deps } = make();
    const handler = win.webContents.windowOpenHandler!;
    expect(handler({ url: 'http://localhost:5173' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://127.0.0.1:8000/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://localhost.evil.example:80/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://user:pw@localhost:3000/' })).toEqual({ action: 'deny' });
    expect(deps.openExternal).toHaveBeenCalledTimes(2);
    expect(deps.openExternal).toHaveBeenNthCalledWith(1, 'http://localhost:5173');
    expect(deps.openExternal).toHaveBeenNthCalledWith(2, 'http://127.0.0.1:8000/');
  });

  test('<webview> attachment is prevented', () => {
    const { win } = make();
    expect(win.webContents.fire('will-attach-webview').defaultPrevented).toBe(true);
  });

  test('subframes and redirects may not leave our origin', () => {
    const { win } = make();
    expect(win.webContents.fire('will-frame-navigate', { url: 'https://evil.example/', isMainFrame: false }).defaultPrevented).toBe(true);
    expect(win.webContents.fire('will-redirect', { url: 'https://evil.example/' }).defaultPrevented).toBe(true);
    const ours = pathToFileURL(rendererIndexPath()).href;
    expect(win.webContents.fire('will-frame-navigate', { url: ours, isMainFrame: false }).defaultPrevented).toBe(false);
  });

  test('DK1: a folder dropped on the window (file:// navigation) opens that folder instead', () => {
    const { win, deps } = make();
    const ev = win.webContents.fire('will-navigate', { url: pathToFileURL(tmp).href + '/' });
    expect(ev.defaultPrevented).toBe(true);
    expect(deps.onFolderDropped).toHaveBeenCalledWith(tmp, win);
  });

  test('a dropped file (not a folder) is blocked and opens nothing', () => {
    const { win, deps } = make();
    const file = join(tmp, 'notes.txt');
    writeFileSync(file, 'x');
    expect(win.webContents.fire('will-navigate', { url: pathToFileURL(file).href }).defaultPrevented).toBe(true);
    expect(deps.onFolderDropped).not.toHaveBeenCalled();
  });
});

test('stub sanity: BrowserWindow comes from the stand-in module', () => {
  make();
  expect(electron.BrowserWindow.created).toHaveLength(1);
});
