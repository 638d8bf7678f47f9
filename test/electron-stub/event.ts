// The fake `electron`'s events: Electron hands listeners an event whose preventDefault tests must see.
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
