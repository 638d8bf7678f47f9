// The fake `electron`'s desktop surfaces: menus, the tray icon and native notifications.
import { EventEmitter } from 'node:events';
import { FakeEvent } from './event';

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
