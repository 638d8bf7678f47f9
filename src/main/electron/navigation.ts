// Navigation guard for one window (DK5, DK1): the page never leaves our renderer, never opens
// windows or webviews; https links — and http ones to this computer (a running program's "Listening on
// port 5173", issue 15 item 4) — go to the system browser; a folder dropped on it opens as a project.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WebContents } from 'electron';
import type { Logger } from '../base/log';

export interface NavigationGuardDeps {
  isTrusted(url: string): boolean;
  openExternal(url: string): void;
  /** Chromium navigates to file:///dir when a folder is dropped on a page that ignores the drop. */
  onFolderDropped(dir: string): void;
  log: Logger;
}

export function guardNavigation(contents: WebContents, deps: NavigationGuardDeps): void {
  const { log } = deps;
  contents.on('will-navigate', (event) => {
    const url = event.url;
    if (url === contents.getURL()) return;
    event.preventDefault();
    const dir = droppedFolder(url);
    if (dir) {
      deps.onFolderDropped(dir);
      return;
    }
    log.warn(`desktop: blocked navigation to ${truncate(url)}`);
  });
  // Subframes (none are expected) may not wander off our origin either.
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame || deps.isTrusted(event.url)) return;
    event.preventDefault();
    log.warn(`desktop: blocked frame navigation to ${truncate(event.url)}`);
  });
  contents.on('will-redirect', (event) => {
    if (deps.isTrusted(event.url)) return;
    event.preventDefault();
    log.warn(`desktop: blocked redirect to ${truncate(event.url)}`);
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isHttps(url) || isLocalHttp(url)) deps.openExternal(url);
    else log.warn(`desktop: denied window.open of ${truncate(url)}`);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('desktop: blocked a <webview>');
  });
}

/** The directory a file:// URL points at, or null when it is not a local directory. */
export function droppedFolder(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'file:') return null;
    const p = fileURLToPath(u);
    return statSync(p).isDirectory() ? p.replace(/(.)[\\/]+$/, '$1') : null;
  } catch {
    return null;
  }
}

export function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** http to this computer only (a dev server the assistant started). */
export function isLocalHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname) && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

function truncate(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
