// Desktop composition root: one app instance, a hardened session, the core, the IPC router, one
// window per project, the menu, the tray and the approval signals (notification, badge). Everything
// else in this folder is a part wired here.
import { join } from 'node:path';
import { app, dialog, safeStorage, session, shell } from 'electron';
import { IpcFailure } from '../../shared/ipc/errors';
import { createCore as defaultCreateCore, type Notice } from '../app/core';
import { createLogger } from '../base/log';
import { defaultDataDir } from '../base/data-paths';
import { APP_VERSION } from '../app/version';
import type { Logger } from '../base/log';
import { createApprovalNotifier, type ApprovalNotifier } from './approval-notifier';
import { projectArg } from './argv';
import { contentSecurityPolicy } from './csp';
import { createDesktopProjects, type DesktopProjects } from './host-port';
import { installAppMenu } from './menu';
import { backgroundWorkerCommand, preloadPath, rendererIndexPath, resourcePath } from './paths';
import { createRevealer } from './reveal';
import { connectTaskTray, type TaskTray } from './task-tray';
import { createRecentProjects } from './recent-projects';
import { isDevLocation, isTrustedRendererUrl, rendererLocation } from './renderer-location';
import { registerIpcRouter } from './router';
import { createSafeStorageSecretStore } from './secrets';
import { createMcpSecretFile } from './mcp-secrets';
import { hardenSession } from './session-hardening';
import { createAppTray, type AppTray } from './tray';
import { createHardenedWindow } from './window';
import { createProjectWindows, type ProjectWindows } from './windows';
import { isHttps } from './navigation';

/** How long quitting waits for the core to stop sessions and flush transcripts. */
const DISPOSE_TIMEOUT_MS = 5_000;

export interface DesktopOptions {
  createCore?: typeof defaultCreateCore;
  argv?: readonly string[];
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  log?: Logger;
}

/** The running desktop host (returned for tests and for later features such as tray tasks). */
export interface DesktopRuntime {
  windows: ProjectWindows;
  projects: DesktopProjects;
  tray: AppTray | null;
  /** Permission requests waiting across projects: badge, tray tooltip, notifications (issue 5 item 6). */
  approvals: ApprovalNotifier;
  /** Background tasks in the tray: progress, Show and Stop, notifications, the question at quit (DK3). */
  tasks: TaskTray | null;
  /** Opens the folder named on a command line, or brings a window forward when none is named. */
  openFromCommandLine(dir: string | null): void;
}

/**
 * Starts the desktop app. Resolves with the runtime once the first window is open, or null when
 * another instance already runs (this one hands its folder over and quits) or start-up failed.
 */
export function startDesktop(opts: DesktopOptions = {}): Promise<DesktopRuntime | null> {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const argv = opts.argv ?? process.argv;
  const log = opts.log ?? createLogger({ level: env['AGENT_DESK_LOG'] ?? 'info', prefix: 'agent-desk:desktop' });
  const createCore = opts.createCore ?? defaultCreateCore;
  const defaultApp = Boolean(process.defaultApp);

  if (!app.requestSingleInstanceLock()) {
    // The first instance receives our argv through its 'second-instance' event.
    log.info('desktop: another instance is running; handing over to it');
    app.quit();
    return Promise.resolve(null);
  }

  let runtime: DesktopRuntime | null = null;
  const pending: (string | null)[] = [];
  app.on('second-instance', (_event, secondArgv, workingDirectory) => {
    const dir = projectArg(secondArgv, { defaultApp, cwd: workingDirectory });
    if (runtime) runtime.openFromCommandLine(dir);
    else pending.push(dir);
  });

  // macOS: a folder dropped on the Dock icon (or opened with the app), possibly before ready.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (runtime) runtime.openFromCommandLine(path);
    else pending.push(path);
  });

  let dispose: (() => Promise<void>) | null = null;
  let shutdown: 'running' | 'asking' | 'disposing' | 'done' = 'running';
  /** The person already chose what happens to running tasks (asked once per quit). */
  let tasksSettled = false;
  app.on('before-quit', (event) => {
    if (shutdown === 'done' || !dispose) return;
    // Hold the quit until the core has stopped its sessions (a repeated Quit waits too), then quit for real.
    event.preventDefault();
    if (shutdown === 'disposing' || shutdown === 'asking') return;
    // Background tasks still running: the person chooses to leave them, stop them, or not quit (DK3).
    const go = tasksSettled ? true : (runtime?.tasks?.confirmQuit() ?? true);
    if (go !== true) {
      shutdown = 'asking';
      void go
        .catch((err: unknown) => {
          log.warn('desktop: asking about running tasks failed; quitting', err);
          return true;
        })
        .then((yes) => {
          shutdown = 'running';
          if (yes) {
            tasksSettled = true;
            app.quit();
          }
        });
      return;
    }
    shutdown = 'disposing';
    void withTimeout(dispose(), DISPOSE_TIMEOUT_MS)
      .catch((err: unknown) => log.error('desktop: shutdown failed', err))
      .finally(() => {
        shutdown = 'done';
        app.quit();
      });
  });

  // Decision: closing the last window does not quit while the tray exists (DK3: background tasks
  // outlive windows; the tray's "Quit Agent Desk" ends the app). macOS keeps running as usual.
  // Without a tray (it failed to appear) there is no way back in, so the app quits.
  app.on('window-all-closed', () => {
    if (platform === 'darwin' || runtime?.tray) return;
    app.quit();
  });
  app.on('activate', () => {
    if (runtime && runtime.windows.all().length === 0) runtime.windows.openWelcome();
  });

  return app
    .whenReady()
    .then(async () => {
      const booted = await boot({ env, platform, log, createCore });
      dispose = booted.dispose;
      runtime = booted.runtime;
      const initial = projectArg(argv, { defaultApp, cwd: process.cwd() });
      const queued = pending.splice(0);
      // A folder that arrived before ready (Dock drop, second instance) replaces the welcome window.
      if (initial || !queued.some((d) => d !== null)) runtime.openFromCommandLine(initial);
      for (const dir of queued) runtime.openFromCommandLine(dir);
      return runtime;
    })
    .catch((err: unknown) => {
      log.error('desktop: could not start', err);
      dialog.showErrorBox('Agent Desk could not start', err instanceof Error ? err.message : String(err));
      app.exit(1);
      return null;
    });
}

async function boot(o: {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  log: Logger;
  createCore: typeof defaultCreateCore;
}): Promise<{ runtime: DesktopRuntime; dispose: () => Promise<void> }> {
  const { env, platform, log } = o;
  const packaged = app.isPackaged;
  const location = rendererLocation({ packaged, env, indexFile: rendererIndexPath() });
  const dev = isDevLocation(location);
  const resources = { packaged, resourcesPath: process.resourcesPath };
  hardenSession(session.defaultSession, { csp: contentSecurityPolicy(dev), log });
  app.setAboutPanelOptions({ applicationName: 'Agent Desk', applicationVersion: APP_VERSION });

  // Passed to the core explicitly so the desktop's own files sit beside the sessions it stores.
  const dataDir = defaultDataDir({ env, platform });
  const recent = createRecentProjects({ file: join(dataDir, 'recent-projects.json'), log });

  // The window factory and the project actions refer to each other (a drop opens a project).
  let projects: DesktopProjects | null = null;
  // Start-up notices (a broken settings file…) were published before any window existed: each
  // window gets them once its page has loaded (again after a reload, which clears the page).
  let notices: readonly Notice[] = [];
  // Set once the core exists; no window closes before then.
  let clientClosed: ((clientId: string) => Promise<void>) | undefined;
  const windows = createProjectWindows({
    log,
    onClosed: (clientId) => void clientClosed?.(clientId).catch((err: unknown) => log.warn(`desktop: cleaning up after ${clientId} failed`, err)),
    create: () => {
      const win = createHardenedWindow(
        {
          location,
          dev,
          preload: preloadPath(),
          icon: resourcePath('icon.png', resources),
          // Only web pages reach the system browser, whatever asks (an allow-list of schemes, DK5).
          openExternal: (url) => {
            if (!isHttps(url)) return log.warn('desktop: refused to open a non-https address outside the app');
            void shell.openExternal(url).catch((err: unknown) => log.warn('desktop: openExternal failed', err));
          },
          onFolderDropped: (dir) => projects?.openFromShell(dir),
          log,
        },
        'Agent Desk',
      );
      win.webContents.on('did-finish-load', () => {
        for (const n of notices) if (!win.isDestroyed()) win.webContents.send('app:notice', n);
      });
      return win;
    },
  });

  let tray: AppTray | null = null;
  const refreshMenus = (): void => {
    installAppMenu({
      isMac: platform === 'darwin',
      dev,
      recent: recent.list(),
      openFolder: () => void projects?.chooseFromShell(),
      openRecent: (dir) => void projects?.openFromShell(dir),
      clearRecent: () => {
        recent.clear();
        app.clearRecentDocuments();
        refreshMenus();
      },
    });
    tray?.refresh();
  };

  const desktopProjects = createDesktopProjects({
    version: APP_VERSION,
    windows,
    recent,
    showOpenDialog: (parent, options) => (parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options)),
    addRecentDocument: (dir) => app.addRecentDocument(dir),
    onRecentChanged: refreshMenus,
    log,
  });
  projects = desktopProjects;

  const secrets = createSafeStorageSecretStore({ safeStorage, dataDir, log });
  const mcpCredentials = createMcpSecretFile({ safeStorage, dataDir, log });
  const core = await o.createCore({ host: desktopProjects.hostPort, env, dataDir, secrets, mcpCredentials, log, backgroundWorker: backgroundWorkerCommand({ execPath: process.execPath, defaultApp: Boolean(process.defaultApp), appArg: process.argv[1] }) });
  notices = core.notices;
  clientClosed = core.clientClosed?.bind(core);
  const disposeRouter = registerIpcRouter({
    dispatcher: core.dispatcher,
    bus: core.bus,
    windows,
    isTrustedUrl: (url) => isTrustedRendererUrl(url, location),
    log,
  });

  const revealer = createRevealer({
    windows,
    openProject: (dir) => {
      const r = desktopProjects.openFromShell(dir);
      if (r instanceof IpcFailure) dialog.showErrorBox('Cannot open folder', r.message);
      return !(r instanceof IpcFailure);
    },
    log,
  });
  let tasks: TaskTray | null = null;
  let approvals: ApprovalNotifier | null = null;
  tray = tryCreateTray(platform, resources, log, {
    recent: () => recent.list(),
    openProject: () => void desktopProjects.chooseFromShell(),
    openRecent: (dir) => void desktopProjects.openFromShell(dir),
    newTask: () => revealer.newTask(),
    openApp: () => {
      const current = windows.current();
      if (current) windows.focus(current);
      else windows.openWelcome();
    },
    showTask: (id) => tasks?.show(id),
    stopTask: (id) => void tasks?.stop(id),
    reviewApprovals: () => {
      const first = approvals?.firstWaiting();
      if (first) revealer.reveal(first.projectDir, { requestId: first.requestId });
    },
    quit: () => app.quit(),
  });
  refreshMenus();

  approvals = createApprovalNotifier({
    bus: core.bus,
    windows,
    // An open window is only brought forward (opening it again would reorder the recent list).
    showProject: (dir, requestId) => {
      if (requestId) return revealer.reveal(dir, { requestId });
      const open = windows.forProject(dir);
      if (open) windows.focus(open);
      else desktopProjects.openFromShell(dir);
    },
    tray: () => tray,
    log,
  });
  tasks = core.background ? connectTaskTray({ background: core.background, tray: () => tray, reveal: revealer.reveal, log }) : null;

  const runtime: DesktopRuntime = {
    windows,
    projects: desktopProjects,
    tray,
    approvals,
    tasks,
    openFromCommandLine(dir) {
      if (!dir) {
        const current = windows.current();
        if (current) windows.focus(current);
        else windows.openWelcome();
        return;
      }
      const result = desktopProjects.openFromShell(dir);
      if (result instanceof IpcFailure) {
        dialog.showErrorBox('Cannot open folder', result.message);
        if (windows.all().length === 0) windows.openWelcome();
      }
    },
  };

  return {
    runtime,
    dispose: async () => {
      tasks?.dispose();
      approvals?.dispose();
      disposeRouter();
      tray?.destroy();
      await core.dispose();
    },
  };
}

function tryCreateTray(
  platform: NodeJS.Platform,
  resources: { packaged: boolean; resourcesPath?: string },
  log: Logger,
  actions: Parameters<typeof createAppTray>[1],
): AppTray | null {
  // macOS menu bars want a monochrome template image; elsewhere the coloured mark reads better.
  const icon = resourcePath(platform === 'darwin' ? 'trayTemplate.png' : 'tray.png', resources);
  try {
    return createAppTray(icon, actions);
  } catch (err) {
    log.warn('desktop: no tray icon on this system', err);
    return null;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | void> {
  return Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.())]);
}
