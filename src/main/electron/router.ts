// The desktop IPC router (DK2) — the only main-side file touching ipcMain. Registers every contract
// channel, admits only our windows' main frames on our origin, dispatches, and routes bus events.
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { invokeChannels, sendChannels } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import type { EventBus } from '../app/ports';
import type { HandlerContext } from '../ipc/context';
import type { Logger } from '../base/log';
import type { Dispatcher } from '../ipc/dispatch';
import { createLogLimiter, DEFAULT_LOG_LIMIT, type LogLimit, type LogLimiter } from '../ipc/log-limit';
import type { ProjectWindows } from './windows';

export interface RouterDeps {
  dispatcher: Dispatcher;
  bus: EventBus;
  windows: ProjectWindows;
  isTrustedUrl(url: string): boolean;
  log: Logger;
  /** Log lines one window may cause through log:write (PX8); default DEFAULT_LOG_LIMIT. */
  logLimit?: LogLimit;
}

const FORBIDDEN: IpcResult<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This caller may not use the Agent Desk API.' },
};

/** Registers all channels; returns a function that removes them again. */
export function registerIpcRouter(deps: RouterDeps): () => void {
  const { dispatcher, bus, windows, log } = deps;

  /** The caller's context, or a reason to refuse it: only the main frame of one of our windows, on our origin. */
  function admit(event: IpcMainEvent | IpcMainInvokeEvent): HandlerContext | string {
    const entry = windows.bySender(event.sender);
    if (!entry) return 'unknown webContents';
    const frame = event.senderFrame;
    if (!frame || entry.win.webContents.mainFrame !== frame) return 'not the main frame';
    if (!deps.isTrustedUrl(frame.url)) return `untrusted origin ${frame.url.slice(0, 120)}`;
    return { host: 'desktop', clientId: entry.clientId, projectDir: entry.projectDir };
  }

  for (const channel of invokeChannels) {
    ipcMain.handle(channel, async (event, payload: unknown) => {
      const ctx = admit(event);
      if (typeof ctx === 'string') {
        log.warn(`ipc: refused ${channel}: ${ctx}`);
        return FORBIDDEN;
      }
      return dispatcher.invoke(channel, payload, ctx);
    });
  }

  // A looping window must not flood the log or the disk: each window's log:write lines are bounded.
  const limiters = new Map<string, LogLimiter>();
  const mayLog = (clientId: string, payload: unknown): boolean => {
    let limiter = limiters.get(clientId);
    if (!limiter) {
      limiter = createLogLimiter(deps.logLimit ?? DEFAULT_LOG_LIMIT, (lines, bytes) => log.warn(`renderer[${clientId}]: dropped ${lines} log lines (${bytes} bytes) over the limit`));
      limiters.set(clientId, limiter);
    }
    const m = (payload as { message?: unknown } | null)?.message;
    return limiter.allow(typeof m === 'string' ? m : '');
  };

  const sendListeners = sendChannels.map((channel) => {
    const listener = (event: IpcMainEvent, payload: unknown) => {
      const ctx = admit(event);
      if (typeof ctx === 'string') {
        log.warn(`ipc: refused ${channel}: ${ctx}`);
        return;
      }
      if (channel === 'log:write' && !mayLog(ctx.clientId, payload)) return;
      // The dispatcher validates and logs; a bad message is dropped, never thrown back.
      dispatcher.send(channel, payload, ctx);
    };
    ipcMain.on(channel, listener);
    return { channel, listener };
  });

  const unsubscribe = bus.subscribe((channel, payload, scope) => {
    for (const entry of windows.all()) {
      if (scope.projectDir !== null && entry.projectDir !== scope.projectDir) continue;
      if (scope.clientId !== undefined && entry.clientId !== scope.clientId) continue;
      const contents = entry.win.webContents;
      if (entry.win.isDestroyed() || contents.isDestroyed()) continue;
      try {
        contents.send(channel, payload);
      } catch (err) {
        log.warn(`ipc: could not deliver ${channel} to ${entry.clientId}`, err);
      }
    }
  });

  return () => {
    for (const channel of invokeChannels) ipcMain.removeHandler(channel);
    for (const { channel, listener } of sendListeners) ipcMain.removeListener(channel, listener);
    for (const limiter of limiters.values()) limiter.close();
    unsubscribe();
  };
}
