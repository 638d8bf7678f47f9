// The fake `electron`'s IPC, both sides: handlers registered in main, invokes and sends from a preload.
import { EventEmitter } from 'node:events';

type Listener = (...args: any[]) => unknown;

/** A fake main-process IPC: stores handlers like Electron (a second handle() on a channel throws). */
export class FakeIpcMain extends EventEmitter {
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
export class FakeIpcRenderer extends EventEmitter {
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
