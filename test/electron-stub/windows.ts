// The fake `electron`'s BrowserWindow: records what was loaded, shown and focused, and which windows are open.
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { FakeWebContents, type FakeSession } from './web-contents';

export class FakeBrowserWindow extends EventEmitter {
  static nextId = 1;
  static created: FakeBrowserWindow[] = [];
  /** The stub's `session.defaultSession`, set by index.ts: every new window's contents share it, as in Electron. */
  static defaultSession: FakeSession;
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
    this.webContents = new FakeWebContents(FakeBrowserWindow.defaultSession);
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
