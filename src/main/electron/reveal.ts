// Bringing a project's window forward to show something in it (a tray item or a notification was
// clicked): the window is opened when the project has none, and the message waits for its page to load.
import type { EventChannel, EventPayload } from '../../shared/ipc/contract';
import type { Logger } from '../base/log';
import type { Reveal } from './task-tray';
import type { WindowEntry, ProjectWindows } from './windows';

export interface RevealDeps {
  windows: ProjectWindows;
  /** Opens the project in a window (or focuses it); false when it cannot be opened (told to the person). */
  openProject(dir: string): boolean;
  log: Logger;
}

export interface Revealer {
  /** The project's window, showing a task's conversation or one request. */
  reveal(projectDir: string, what: Reveal): void;
  /** The current window (or a new one) with the new-task dialog open. */
  newTask(): void;
}

/** Sends an event to one window now, or once its page has loaded (a window just opened or reloaded). */
export function sendWhenLoaded<C extends EventChannel>(entry: WindowEntry, channel: C, payload: EventPayload<C>, log: Logger): void {
  const contents = entry.win.webContents;
  const send = () => {
    if (entry.win.isDestroyed()) return;
    try {
      contents.send(channel, payload);
    } catch (err) {
      log.warn(`desktop: could not send ${channel} to ${entry.clientId}`, err);
    }
  };
  if (contents.isLoading()) contents.once('did-finish-load', send);
  else send();
}

export function createRevealer(deps: RevealDeps): Revealer {
  const { windows, log } = deps;
  return {
    reveal(projectDir, what) {
      const open = windows.forProject(projectDir);
      if (open) windows.focus(open);
      else if (!deps.openProject(projectDir)) return;
      const entry = windows.forProject(projectDir);
      if (entry) sendWhenLoaded(entry, 'background:show', what, log);
    },
    newTask() {
      const current = windows.current();
      const entry = current ? windows.focus(current) : windows.openWelcome();
      sendWhenLoaded(entry, 'background:new-task', {}, log);
    },
  };
}
