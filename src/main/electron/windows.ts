// One window per project (DK1): the registry of open windows and the project each one shows, so
// the router can build a caller's context and events reach only that project's windows.
import { basename } from 'node:path';
import type { BrowserWindow, WebContents } from 'electron';
import type { Logger } from '../base/log';

export interface WindowEntry {
  win: BrowserWindow;
  clientId: string;
  /** The project folder this window shows; null for the welcome window. */
  projectDir: string | null;
}

export interface ProjectWindows {
  /**
   * Shows `projectDir` in a window. Already open → that window is focused. Else, when `callerId`
   * names a welcome window, that window adopts the project (the caller's renderer reads the answer);
   * without a caller (menu, tray, drop, second instance) a welcome window adopts it and reloads.
   * Otherwise a new window opens.
   */
  openProject(projectDir: string, callerId?: string): WindowEntry;
  /** A window without a project, e.g. at start without a folder. Reuses an existing one. */
  openWelcome(): WindowEntry;
  byClientId(clientId: string): WindowEntry | undefined;
  bySender(contents: WebContents): WindowEntry | undefined;
  forProject(projectDir: string): WindowEntry | undefined;
  all(): WindowEntry[];
  /** The focused window, or the most recently opened one. */
  current(): WindowEntry | undefined;
  /** Brings a window to the front (restoring it when minimised). */
  focus(entry: WindowEntry): WindowEntry;
}

export function windowTitle(projectDir: string | null): string {
  return projectDir ? `${basename(projectDir) || projectDir} — Agent Desk` : 'Agent Desk';
}

export function createProjectWindows(deps: {
  create(projectDir: string | null): BrowserWindow;
  log: Logger;
  /** A window closed for good (not a reload): what it alone owned (its terminals) ends. */
  onClosed?(clientId: string): void;
}): ProjectWindows {
  const entries = new Map<string, WindowEntry>();
  let lastFocused: string | null = null;

  const live = (): WindowEntry[] => [...entries.values()].filter((e) => !e.win.isDestroyed());

  function add(projectDir: string | null): WindowEntry {
    const win = deps.create(projectDir);
    const entry: WindowEntry = { win, clientId: `win-${win.id}`, projectDir };
    entries.set(entry.clientId, entry);
    win.setTitle(windowTitle(projectDir));
    win.on('focus', () => (lastFocused = entry.clientId));
    win.on('closed', () => {
      entries.delete(entry.clientId);
      if (lastFocused === entry.clientId) lastFocused = null;
      deps.onClosed?.(entry.clientId);
    });
    lastFocused = entry.clientId;
    return entry;
  }

  function focus(entry: WindowEntry): WindowEntry {
    if (entry.win.isMinimized()) entry.win.restore();
    entry.win.show();
    entry.win.focus();
    lastFocused = entry.clientId;
    return entry;
  }

  function adopt(entry: WindowEntry, projectDir: string, reload: boolean): WindowEntry {
    entry.projectDir = projectDir;
    entry.win.setTitle(windowTitle(projectDir));
    if (reload) entry.win.webContents.reload();
    deps.log.info(`desktop: ${entry.clientId} now shows ${projectDir}`);
    return focus(entry);
  }

  const api: ProjectWindows = {
    openProject(projectDir, callerId) {
      const caller = callerId ? api.byClientId(callerId) : undefined;
      const existing = api.forProject(projectDir);
      if (existing) {
        // The empty welcome window that asked has nothing left to show.
        if (caller && caller !== existing && caller.projectDir === null) caller.win.close();
        return focus(existing);
      }
      if (caller) {
        return caller.projectDir === null ? adopt(caller, projectDir, false) : focus(add(projectDir));
      }
      const welcome = live().find((e) => e.projectDir === null);
      return welcome ? adopt(welcome, projectDir, true) : focus(add(projectDir));
    },
    openWelcome() {
      const welcome = live().find((e) => e.projectDir === null);
      return focus(welcome ?? add(null));
    },
    byClientId(clientId) {
      const e = entries.get(clientId);
      return e && !e.win.isDestroyed() ? e : undefined;
    },
    bySender(contents) {
      return live().find((e) => e.win.webContents === contents);
    },
    forProject(projectDir) {
      return live().find((e) => e.projectDir === projectDir);
    },
    all: live,
    focus,
    current() {
      const focused = lastFocused ? api.byClientId(lastFocused) : undefined;
      return focused ?? live().at(-1);
    },
  };
  return api;
}
