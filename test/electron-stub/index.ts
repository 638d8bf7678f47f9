// A stand-in for the `electron` module: the binary cannot run here, so the desktop host is tested
// against these fakes, which record every call (window options, IPC registrations, menus, dialogs).
// Use: vi.mock('electron', async () => (await import('<rel>/test/electron-stub')).electron); reset in beforeEach.
// The fakes live beside this file, one surface each; this file puts them together as the module.
import { existsSync } from 'node:fs';
import { FakeApp } from './app';
import { FakeMenu, FakeNotification, FakeTray } from './desktop';
import { FakeIpcMain, FakeIpcRenderer } from './ipc';
import { FakeFrame, FakeSession } from './web-contents';
import { FakeBrowserWindow } from './windows';

export { FakeEvent } from './event';
export { FakeFrame, FakeSession, FakeWebContents } from './web-contents';
export { FakeBrowserWindow } from './windows';
export { FakeMenu, FakeNotification, FakeTray } from './desktop';

function createElectron() {
  const defaultSession = new FakeSession();
  const dialogState = {
    openCalls: [] as { window: unknown; options: any }[],
    nextOpenResult: { canceled: true, filePaths: [] as string[] },
    errorBoxes: [] as { title: string; content: string }[],
    messageBoxes: [] as { window: unknown; options: any }[],
    /** What the next message box answers (the index of the button chosen). */
    nextMessageBoxResponse: 0,
  };
  const safeState = {
    available: true,
    backend: 'gnome_libsecret' as string,
    encryptCalls: 0,
    decryptCalls: 0,
  };
  const shellState = { opened: [] as string[], openedPaths: [] as string[], shownInFolder: [] as string[], nextOpenPathError: '' };
  const menuState = { applicationMenu: null as FakeMenu | null };
  const exposed: Record<string, unknown> = {};

  return {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Notification: FakeNotification,
    ipcMain: new FakeIpcMain(),
    ipcRenderer: new FakeIpcRenderer(),
    contextBridge: {
      exposed,
      exposeInMainWorld(key: string, api: unknown): void {
        if (key in exposed) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
        exposed[key] = api;
      },
    },
    session: { defaultSession },
    shell: {
      state: shellState,
      async openExternal(url: string): Promise<void> {
        shellState.opened.push(url);
      },
      async openPath(p: string): Promise<string> {
        shellState.openedPaths.push(p);
        return shellState.nextOpenPathError;
      },
      showItemInFolder(p: string): void {
        shellState.shownInFolder.push(p);
      },
    },
    dialog: {
      state: dialogState,
      async showOpenDialog(a: any, b?: any): Promise<{ canceled: boolean; filePaths: string[] }> {
        const [window, options] = b === undefined ? [null, a] : [a, b];
        dialogState.openCalls.push({ window, options });
        return dialogState.nextOpenResult;
      },
      showErrorBox(title: string, content: string): void {
        dialogState.errorBoxes.push({ title, content });
      },
      async showMessageBox(a: any, b?: any): Promise<{ response: number; checkboxChecked: boolean }> {
        const [window, options] = b === undefined ? [null, a] : [a, b];
        dialogState.messageBoxes.push({ window, options });
        return { response: dialogState.nextMessageBoxResponse, checkboxChecked: false };
      },
    },
    safeStorage: {
      state: safeState,
      isEncryptionAvailable: () => safeState.available,
      getSelectedStorageBackend: () => safeState.backend,
      encryptString(plain: string): Buffer {
        if (!safeState.available) throw new Error('Encryption is not available.');
        safeState.encryptCalls++;
        // Reversible but visibly not plain text, so tests can check nothing readable hits the disk.
        return Buffer.from('ENC1' + Buffer.from(plain, 'utf8').toString('base64').split('').reverse().join(''), 'utf8');
      },
      decryptString(buf: Buffer): string {
        safeState.decryptCalls++;
        const s = buf.toString('utf8');
        if (!s.startsWith('ENC1')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return Buffer.from(s.slice(4).split('').reverse().join(''), 'base64').toString('utf8');
      },
    },
    Menu: {
      state: menuState,
      buildFromTemplate: (template: any[]) => new FakeMenu(template),
      setApplicationMenu(m: FakeMenu | null): void {
        menuState.applicationMenu = m;
      },
      getApplicationMenu: () => menuState.applicationMenu,
    },
    nativeImage: {
      createFromPath: (p: string) => ({
        path: p,
        isEmpty: () => !existsSync(p),
        setTemplateImage() {},
        resize() {
          return this;
        },
      }),
      createEmpty: () => ({ path: '', isEmpty: () => true }),
    },
  };
}

type ElectronStub = ReturnType<typeof createElectron> & { default?: unknown };

/** The stand-in module object; its members keep their identity across resets. */
export const electron: ElectronStub = createElectron();
electron.default = electron;
FakeBrowserWindow.defaultSession = electron.session.defaultSession;

/** Back to a fresh state (in place, since the mocked module holds references to these objects). */
export function resetElectronStub(): void {
  const fresh = createElectron();
  const e = electron as any;
  e.app.removeAllListeners();
  Object.assign(e.app, { isPackaged: false, singleInstanceLock: true, quitCalls: 0, exitCode: null, paths: {}, recentDocuments: [], badgeCount: null, hardwareAccelerationDisabled: false });
  e.ipcMain.removeAllListeners();
  e.ipcMain.handlers.clear();
  e.ipcRenderer.removeAllListeners();
  e.ipcRenderer.invoked.length = 0;
  e.ipcRenderer.sentMessages.length = 0;
  e.ipcRenderer.invokeResult = { ok: true, value: {} };
  for (const k of Object.keys(e.contextBridge.exposed)) delete e.contextBridge.exposed[k];
  Object.assign(e.session.defaultSession, { headersListener: null, permissionRequestHandler: null, permissionCheckHandler: null });
  Object.assign(e.dialog.state, fresh.dialog.state);
  Object.assign(e.safeStorage.state, fresh.safeStorage.state);
  Object.assign(e.shell.state, fresh.shell.state);
  Object.assign(e.Menu.state, fresh.Menu.state);
  FakeBrowserWindow.created = [];
  FakeTray.created = [];
  FakeTray.failToCreate = false;
  FakeNotification.created = [];
  FakeNotification.supported = true;
}

/** A renderer-IPC event as our window's main frame would send it (or a forged one, by overriding). */
export function ipcEventFrom(
  win: FakeBrowserWindow,
  over: { sender?: unknown; senderFrame?: FakeFrame | null } = {},
): { sender: unknown; senderFrame: FakeFrame | null; processId: number; frameId: number } {
  return {
    sender: 'sender' in over ? over.sender : win.webContents,
    senderFrame: 'senderFrame' in over ? (over.senderFrame ?? null) : win.webContents.mainFrame,
    processId: 1,
    frameId: 1,
  };
}
