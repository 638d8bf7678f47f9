// The fake `electron`'s app: quitting, paths, the badge count, recent documents, the single-instance lock.
import { EventEmitter } from 'node:events';
import { FakeEvent } from './event';

export class FakeApp extends EventEmitter {
  isPackaged = false;
  singleInstanceLock = true;
  quitCalls = 0;
  exitCode: number | null = null;
  paths: Record<string, string> = {};
  recentDocuments: string[] = [];
  /** The last app.setBadgeCount(n); null = never set. */
  badgeCount: number | null = null;
  readyResolved = true;
  hardwareAccelerationDisabled = false;
  disableHardwareAcceleration(): void {
    this.hardwareAccelerationDisabled = true;
  }
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
