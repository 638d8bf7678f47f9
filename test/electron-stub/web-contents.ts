// The fake `electron`'s page side: a window's web contents, its main frame, and the session it loads in.
import { EventEmitter } from 'node:events';
import { FakeEvent } from './event';

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
  /** Set while a page loads; tests end it with fire('did-finish-load'). */
  loading = false;
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
  isLoading(): boolean {
    return this.loading;
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
