// The desktop's HostPort (DK1): choose a folder with the native dialog, open a project in its own
// window, remember recent projects, open a changed file in the system's editor (PX6). Also the same
// actions for the menu, tray, drops and argv.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { shell, type BrowserWindow, type OpenDialogOptions } from 'electron';
import type { ProjectInfo } from '../../shared/ipc/contract';
import { IpcFailure } from '../../shared/ipc/errors';
import { projectInfo } from '../app/handlers';
import type { HostPort } from '../app/ports';
import type { HandlerContext } from '../ipc/context';
import type { Logger } from '../base/log';
import type { RecentProjects } from './recent-projects';
import type { ProjectWindows } from './windows';
import { isHttps, isLocalHttp } from './navigation';

export interface DesktopProjectsDeps {
  version: string;
  windows: ProjectWindows;
  recent: RecentProjects;
  showOpenDialog(parent: BrowserWindow | undefined, options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  /** The OS recent-documents list (macOS dock, Windows jump list). */
  addRecentDocument(dir: string): void;
  /** Called after the recent list changed, so menus can be rebuilt. */
  onRecentChanged(): void;
  log: Logger;
}

export interface DesktopProjects {
  hostPort: HostPort;
  /** Menu/tray/drop/second instance: open a folder, showing errors as a return value. */
  openFromShell(dir: string): ProjectInfo | IpcFailure;
  /** Menu/tray "Open Folder…": the dialog, then open. */
  chooseFromShell(): Promise<ProjectInfo | null>;
}

const DIALOG: OpenDialogOptions = {
  title: 'Open Project Folder',
  buttonLabel: 'Open',
  properties: ['openDirectory', 'createDirectory'],
};

/** An existing directory's canonical path, or a typed failure saying what is wrong with `dir`. */
export function resolveProjectDir(dir: string): string {
  if (!isAbsolute(dir)) {
    throw new IpcFailure({ code: 'invalid_input', message: `Not an absolute folder path: ${dir}`, issues: [{ path: 'dir', message: 'must be an absolute path' }] });
  }
  let real: string;
  try {
    real = realpathSync(resolve(dir));
  } catch {
    throw new IpcFailure({ code: 'not_found', message: `No such folder: ${dir}` });
  }
  if (!statSync(real).isDirectory()) throw new IpcFailure({ code: 'not_found', message: `Not a folder: ${dir}` });
  return real;
}

export function createDesktopProjects(deps: DesktopProjectsDeps): DesktopProjects {
  const { windows, recent, log } = deps;

  function open(dir: string, callerId?: string): ProjectInfo {
    const real = resolveProjectDir(dir);
    windows.openProject(real, callerId);
    recent.add(real);
    deps.addRecentDocument(real);
    deps.onRecentChanged();
    return projectInfo(real);
  }

  async function choose(parent: BrowserWindow | undefined): Promise<string | null> {
    const res = await deps.showOpenDialog(parent, DIALOG);
    const picked = res.filePaths[0];
    return res.canceled || !picked ? null : picked;
  }

  const hostPort: HostPort = {
    kind: 'desktop',
    version: deps.version,
    async chooseProject(ctx: HandlerContext) {
      const dir = await choose(windows.byClientId(ctx.clientId)?.win);
      return dir ? open(dir, ctx.clientId) : null;
    },
    async openProject(dir: string, ctx: HandlerContext) {
      return open(dir, ctx.clientId);
    },
    recentProjects: () => recent.list(),
    async openPath(file: string) {
      // Electron answers an error message, '' on success.
      const problem = await shell.openPath(file);
      if (problem) throw new Error(problem);
    },
    showInFolder: (file: string) => shell.showItemInFolder(file),
    async openExternal(url: string) {
      // Web pages only (an authorization server on this computer may be plain http).
      if (!isHttps(url) && !isLocalHttp(url)) throw new Error('only web pages are opened in the browser');
      await shell.openExternal(url);
    },
  };

  function openFromShell(dir: string): ProjectInfo | IpcFailure {
    try {
      return open(dir);
    } catch (err) {
      const failure = err instanceof IpcFailure ? err : new IpcFailure({ code: 'internal', message: String(err) });
      log.warn(`desktop: could not open ${dir}: ${failure.message}`);
      return failure;
    }
  }

  return {
    hostPort,
    openFromShell,
    async chooseFromShell() {
      const dir = await choose(windows.current()?.win);
      if (!dir) return null;
      const r = openFromShell(dir);
      return r instanceof IpcFailure ? null : r;
    },
  };
}
