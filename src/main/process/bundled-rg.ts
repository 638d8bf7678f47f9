// The rg the app ships in its own resources folder (put there for packaging by build/bundle-rg.mjs).
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `<resourcesDir>/bin/rg` (`rg.exe` on win32) when it is an executable regular file, else undefined:
 * a build packaged without it, or a checkout that never ran bundle-rg, then searches with the user's rg.
 */
export function bundledRipgrep(resourcesDir: string | undefined, platform: NodeJS.Platform = process.platform): string | undefined {
  // A relative folder would be resolved against the cwd rg starts in — the project's — and so run the project's own "rg".
  if (!resourcesDir || !path.isAbsolute(resourcesDir)) return undefined;
  const file = path.join(resourcesDir, 'bin', platform === 'win32' ? 'rg.exe' : 'rg');
  try {
    if (!statSync(file).isFile()) return undefined;
    // Windows has no execute bit (Node treats X_OK as F_OK there): the .exe name is what makes it runnable.
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}
