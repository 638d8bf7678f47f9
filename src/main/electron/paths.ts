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
 * How the desktop runs a background task's worker: its own binary as plain Node (ELECTRON_RUN_AS_NODE)
 * on the CLI bundle beside index.js, which runs `task _worker ID` with no window (DK3).
 */
export function backgroundWorkerCommand(mainDir: string = __dirname, execPath: string = process.execPath): { command: string; args: string[]; env: Record<string, string> } {
  return { command: execPath, args: [join(mainDir, 'cli.js')], env: { ELECTRON_RUN_AS_NODE: '1' } };
}
