// Where our renderer lives (the dev server, or the built index.html) and whether a URL is ours:
// the IPC router and the navigation guard both trust only this origin.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RendererLocation {
  /** The Vite dev server (electron-vite dev), or null when loading the built files. */
  devUrl: string | null;
  /** Absolute path of the built renderer index.html. */
  indexFile: string;
}

/** Dev mode: an unpackaged app started by electron-vite dev, which sets ELECTRON_RENDERER_URL. */
export function rendererLocation(opts: { packaged: boolean; env: NodeJS.ProcessEnv; indexFile: string }): RendererLocation {
  const url = opts.env['ELECTRON_RENDERER_URL'];
  const devUrl = !opts.packaged && url && isHttpUrl(url) ? url : null;
  return { devUrl, indexFile: opts.indexFile };
}

export function isDevLocation(loc: RendererLocation): boolean {
  return loc.devUrl !== null;
}

/** True when `url` is our renderer: same origin as the dev server, or exactly our index.html file. */
export function isTrustedRendererUrl(url: string, loc: RendererLocation): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (loc.devUrl) return u.origin === new URL(loc.devUrl).origin;
  if (u.protocol !== 'file:' || (u.host !== '' && u.host !== 'localhost')) return false;
  try {
    return resolve(fileURLToPath(new URL(u.pathname, 'file://'))) === resolve(loc.indexFile);
  } catch {
    return false;
  }
}

function isHttpUrl(s: string): boolean {
  try {
    const p = new URL(s).protocol;
    return p === 'http:' || p === 'https:';
  } catch {
    return false;
  }
}
