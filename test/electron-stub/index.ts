// A stand-in for the `electron` module: the binary cannot run here, so the desktop host is tested
// against these fakes, which record every call (window options, IPC registrations, menus, dialogs).
// Use: vi.mock('electron', async () => (await import('<rel>/test/electron-stub')).electron); reset in beforeEach.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

type Listener = (...args: any[]) => unknown;

/** An Electron-style event: preventDefault is recorded so tests can assert it. */
export class FakeEvent {
  defaultPrevented = false;
  constructor(extra: Record<string, unknown> = {}) {
    Object.assign(this, extra);
  }
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeFrame {
  constructor(
    public url: string,
    public readonly isMain: boolean,
  ) {}
}

export class FakeSession {
  headersListener: ((details: any, cb: (r: any) => void) => void) | null = null;
  permissionRequestHandler: ((...args: any[]) => void) | null = null;
  permissionCheckHandler: ((...args: any[]) => boolean) | null = null;
  readonly webRequest = {
    onHeadersReceived: (...args: any[]) => {
      this.headersListener = typeof args[0] === 'function' ? args[0] : args[1];
    },
  };
  setPermissionRequestHandler(h: FakeSession['permissionRequestHandler']): void {
    this.permissionRequestHandler = h;
  }
  setPermissionCheckHandler(h: FakeSession['permissionCheckHandler']): void {
    this.permissionCheckHandler = h;
  }
  /** Runs the installed header listener the way Chromium would and returns the headers it answers. */
  respond(url: string, responseHeaders: Record<string, string[]> = {}): Promise<Record<string, string[]>> {
    return new Promise((resolve, reject) => {
      if (!this.headersListener) return reject(new Error('no onHeadersReceived listener'));
      this.headersListener({ url, responseHeaders, resourceType: 'mainFrame' }, (r: any) =>
        resolve(r.responseHeaders ?? responseHeaders),
      );
    });
  }
}

let nextContentsId = 1;
export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame: FakeFrame;
  readonly session: FakeSession;
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  devToolsOpened = false;
  reloads = 0;
  destroyed = false;
  constructor(session: FakeSession) {
    super();
    this.session = session;
    this.mainFrame = new FakeFrame('about:blank', true);
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  send(channel: string, payload: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, payload });
  }
  setWindowOpenHandler(h: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = h;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  openDevTools(): void {
    this.devToolsOpened = true;
  }
  reload(): void {
    this.reloads++;
  }
  /** Emits an event with a FakeEvent first, as Electron does; returns that event. */
  fire(name: string, extra: Record<string, unknown> = {}, ...rest: unknown[]): FakeEvent {
    const ev = new FakeEvent(extra);
    this.emit(name, ev, ...rest);
    return ev;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static nextId = 1;
  static created: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.created.filter((w) => !w.destroyed);
  }
  static fromWebContents(wc: unknown): FakeBrowserWindow | null {
    return FakeBrowserWindow.created.find((w) => w.webContents === wc) ?? null;
  }
  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.getAllWindows().find((w) => w.hasFocus) ?? null;
  }
  readonly id = FakeBrowserWindow.nextId++;
  readonly options: any;
  readonly webContents: FakeWebContents;
  title: string;
  loaded: { kind: 'url' | 'file'; target: string } | null = null;
  shown = false;
  focused = 0;
  /** Whether the OS gives this window the keyboard focus now (focus() takes it; blur() or another window's focus() loses it). */
  hasFocus = false;
  minimized = false;
  destroyed = false;
  constructor(options: any = {}) {
    super();
    this.options = options;
    this.title = options.title ?? '';
    this.webContents = new FakeWebContents(electron.session.defaultSession);
    FakeBrowserWindow.created.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = { kind: 'url', target: url };
    this.webContents.mainFrame.url = url;
  }
  async loadFile(file: string): Promise<void> {
    this.loaded = { kind: 'file', target: file };
    this.webContents.mainFrame.url = pathToFileURL(file).href;
  }
  setTitle(t: string): void {
    this.title = t;
  }
  getTitle(): string {
    return this.title;
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused++;
    for (const w of FakeBrowserWindow.created) w.hasFocus = false;
    this.hasFocus = !this.destroyed;
  }
  blur(): void {
    this.hasFocus = false;
  }
  isFocused(): boolean {
    return this.hasFocus && !this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  close(): void {
    this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.hasFocus = false;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

export class FakeMenu {
  constructor(readonly items: any[]) {}
}

export class FakeTray extends EventEmitter {
  static created: FakeTray[] = [];
  /** Set to simulate a desktop without a system tray. */
  static failToCreate = false;
  tooltip = '';
  menu: FakeMenu | null = null;
  destroyed = false;
  constructor(readonly image: unknown) {
    super();
    if (FakeTray.failToCreate) throw new Error('stub: no system tray');
    FakeTray.created.push(this);
  }
  setToolTip(t: string): void {
    this.tooltip = t;
  }
  setContextMenu(m: FakeMenu): void {
    this.menu = m;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

/** A native notification: records what was shown and closed; tests click it with `click()`. */
export class FakeNotification extends EventEmitter {
  static created: FakeNotification[] = [];
  /** Set false to simulate a system without notifications. */
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  closed = false;
  constructor(readonly options: { title?: string; body?: string; silent?: boolean } = {}) {
    super();
    FakeNotification.created.push(this);
  }
  get title(): string {
    return this.options.title ?? '';
  }
  get body(): string {
    return this.options.body ?? '';
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.emit('close', new FakeEvent());
  }
  /** The person clicks it, as Electron reports it. */
  click(): void {
    this.emit('click', new FakeEvent());
  }
}

/** A fake main-process IPC: stores handlers like Electron (a second handle() on a channel throws). */
class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, fn: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, fn);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What a renderer invoke would get back. */
  async invokeFrom(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`No handler registered for '${channel}'`);
    return h(event, ...args);
  }
}

/** A fake renderer-side IPC for preload tests. */
class FakeIpcRenderer extends EventEmitter {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  readonly sentMessages: { channel: string; args: unknown[] }[] = [];
  invokeResult: unknown = { ok: true, value: {} };
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return this.invokeResult;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sentMessages.push({ channel, args });
  }
  /** Main sends an event: listeners get (event, payload) as in Electron. */
  deliver(channel: string, payload: unknown): void {
    this.emit(channel, { sender: this, senderId: 0 }, payload);
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  singleInstanceLock = true;
  quitCalls = 0;
  exitCode: number | null = null;
  paths: Record<string, string> = {};
  recentDocuments: string[] = [];
  /** The last app.setBadgeCount(n); null = never set. */
  badgeCount: number | null = null;
  readyResolved = true;
  setBadgeCount(n?: number): boolean {
    this.badgeCount = n ?? 0;
    return true;
  }
  getBadgeCount(): number {
    return this.badgeCount ?? 0;
  }
  requestSingleInstanceLock(): boolean {
    return this.singleInstanceLock;
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  isReady(): boolean {
    return this.readyResolved;
  }
  quit(): void {
    this.quitCalls++;
    // Like Electron: quitting emits before-quit, which a listener may cancel.
    const ev = new FakeEvent();
    this.emit('before-quit', ev);
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
  getPath(name: string): string {
    const p = this.paths[name];
    if (!p) throw new Error(`stub app.getPath: no path configured for '${name}'`);
    return p;
  }
  getVersion(): string {
    return '0.0.0-stub';
  }
  getName(): string {
    return 'Agent Desk';
  }
  aboutPanelOptions: Record<string, unknown> = {};
  setName(): void {}
  setAboutPanelOptions(o: Record<string, unknown>): void {
    this.aboutPanelOptions = o;
  }
  setAppUserModelId(): void {}
  addRecentDocument(p: string): void {
    this.recentDocuments.unshift(p);
  }
  clearRecentDocuments(): void {
    this.recentDocuments = [];
  }
}

function createElectron() {
  const defaultSession = new FakeSession();
  const dialogState = {
    openCalls: [] as { window: unknown; options: any }[],
    nextOpenResult: { canceled: true, filePaths: [] as string[] },
    errorBoxes: [] as { title: string; content: string }[],
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

/** Back to a fresh state (in place, since the mocked module holds references to these objects). */
export function resetElectronStub(): void {
  const fresh = createElectron();
  const e = electron as any;
  e.app.removeAllListeners();
  Object.assign(e.app, { isPackaged: false, singleInstanceLock: true, quitCalls: 0, exitCode: null, paths: {}, recentDocuments: [], badgeCount: null });
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
