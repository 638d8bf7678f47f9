// Where the desktop host finds its built siblings and shipped files. All of main is bundled into
// out/main/index.js, so `__dirname` is out/main at run time; the preload and renderer sit beside it.
import { join } from 'node:path';

export function preloadPath(mainDir: string = __dirname): string {
  return join(mainDir, '../preload/index.js');
}

export function rendererIndexPath(mainDir: string = __dirname): string {
  return join(mainDir, '../renderer/index.html');
}

/**
 * A file from resources/: packaged builds copy the folder to <resources>/resources (electron-builder
 * extraResources, see build/electron-builder.yml); in dev it is the repo's resources/ folder.
 */
export function resourcePath(
  name: string,
  opts: { packaged: boolean; resourcesPath?: string; mainDir?: string },
): string {
  if (opts.packaged && opts.resourcesPath) return join(opts.resourcesPath, 'resources', name);
  return join(opts.mainDir ?? __dirname, '../../resources', name);
}

/**
 * How the desktop runs a background task's worker (DK3): its own executable again, which sees
 * `task _worker ID` (taskWorkerArg) and runs the task with no window. Not ELECTRON_RUN_AS_NODE: the
 * packaged app's fuses turn that off (DK5). `electron <app>` in development names the app first.
 */
export function backgroundWorkerCommand(opts: { execPath: string; defaultApp: boolean; appArg: string | undefined }): { command: string; args: string[] } {
  return { command: opts.execPath, args: opts.defaultApp && opts.appArg ? [opts.appArg] : [] };
}
