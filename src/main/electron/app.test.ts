// The desktop composition root against the stand-in electron: single instance, argv and second
// instance opening projects, the router and session hardening wired, tray/quit behaviour, shutdown.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeBrowserWindow, FakeEvent, FakeNotification, FakeTray, resetElectronStub } from '../../../test/electron-stub';
import { invokeChannels } from '../../shared/ipc/contract';
import type { SessionEvent } from '../../shared/session-events';
import type { Core, CoreOptions } from '../app/core';
import { createEventBus } from '../app/event-bus';
import { createDispatcher } from '../ipc/dispatch';
import { startDesktop, type DesktopOptions } from './app';
import { CREDENTIALS_FILE } from './secrets';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

let tmp: string;
let project: string;
let coreOpts: CoreOptions | null;
let core: Core & { dispose: ReturnType<typeof vi.fn> };
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function fakeCore(): typeof core {
  const bus = createEventBus();
  const dispatcher = createDispatcher({
    invoke: new Proxy({}, { get: () => async () => ({}) }) as never,
    send: new Proxy({}, { get: () => () => {} }) as never,
    log,
  });
  return { dispatcher, bus, sessions: {} as never, auth: {} as never, dataDir: tmp, notices: [], dispose: vi.fn(async () => {}) };
}

function start(over: Partial<DesktopOptions> = {}) {
  return startDesktop({
    argv: ['agent-desk'],
    env: { AGENT_DESK_HOME: join(tmp, 'data') },
    platform: 'linux',
    log,
    createCore: (async (opts: CoreOptions) => {
      coreOpts = opts;
      return core;
    }) as never,
    ...over,
  });
}
const windows = () => FakeBrowserWindow.getAllWindows();

beforeEach(() => {
  resetElectronStub();
  vi.clearAllMocks();
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'agent-desk-app-')));
  project = join(tmp, 'proj');
  mkdirSync(project);
  coreOpts = null;
  core = fakeCore();
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('start-up', () => {
  test('without the single-instance lock it quits and wires nothing', async () => {
    electron.app.singleInstanceLock = false;
    expect(await start({ argv: ['agent-desk', project] })).toBeNull();
    expect(electron.app.quitCalls).toBe(1);
    expect(windows()).toEqual([]);
    expect(electron.ipcMain.handlers.size).toBe(0);
  });

  test('without a folder: a welcome window, the router, the hardened session, menu and tray', async () => {
    const rt = await start();
    expect(rt).not.toBeNull();
    expect(windows()).toHaveLength(1);
    expect(rt!.windows.all()[0]!.projectDir).toBeNull();
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...invokeChannels].sort());
    expect(electron.session.defaultSession.headersListener).not.toBeNull();
    expect(electron.session.defaultSession.permissionRequestHandler).not.toBeNull();
    expect(electron.Menu.state.applicationMenu).not.toBeNull();
    expect(FakeTray.created).toHaveLength(1);
  });

  test('the core gets the desktop host port, the data dir and the safeStorage secret store', async () => {
    await start();
    expect(coreOpts!.host.kind).toBe('desktop');
    expect(typeof coreOpts!.host.chooseProject).toBe('function');
    expect(coreOpts!.dataDir).toBe(join(tmp, 'data'));
    await coreOpts!.secrets!.save('sk-ant-0123456789abcdef');
    expect(electron.safeStorage.state.encryptCalls).toBe(1);
    expect(await coreOpts!.secrets!.load()).toBe('sk-ant-0123456789abcdef');
    expect(realpathSync(join(tmp, 'data', CREDENTIALS_FILE))).toBeTruthy();
  });

  test('`agent-desk DIR` opens that project in its window and remembers it', async () => {
    const rt = await start({ argv: ['agent-desk', project] });
    expect(rt!.windows.all().map((e) => e.projectDir)).toEqual([project]);
    expect(windows()[0]!.title).toBe('proj — Agent Desk');
    expect(coreOpts!.host.recentProjects()).toEqual([{ dir: project, name: 'proj' }]);
    expect(electron.app.recentDocuments).toEqual([project]);
  });

  test('a missing DIR shows an error and falls back to the welcome window', async () => {
    const rt = await start({ argv: ['agent-desk', join(tmp, 'missing')] });
    expect(electron.dialog.state.errorBoxes).toEqual([{ title: 'Cannot open folder', content: expect.stringContaining('No such folder') }]);
    expect(rt!.windows.all().map((e) => e.projectDir)).toEqual([null]);
  });

  test('a core that fails to start shows an error box and exits 1', async () => {
    expect(
      await start({
        createCore: (async () => {
          throw new Error('settings are broken');
        }) as never,
      }),
    ).toBeNull();
    expect(electron.dialog.state.errorBoxes[0]).toEqual({ title: 'Agent Desk could not start', content: 'settings are broken' });
    expect(electron.app.exitCode).toBe(1);
  });

  test('start-up notices reach each window once its page has loaded', async () => {
    core.notices.push({ level: 'warn', message: 'settings.json is not valid JSON' });
    await start({ argv: ['agent-desk', project] });
    const w = windows()[0]!;
    expect(w.webContents.sent).toEqual([]);
    w.webContents.emit('did-finish-load');
    expect(w.webContents.sent).toEqual([{ channel: 'app:notice', payload: { level: 'warn', message: 'settings.json is not valid JSON' } }]);
  });
});

describe('single instance (DK1)', () => {
  test('a second instance with a folder opens that project (the welcome window adopts it)', async () => {
    const rt = await start();
    electron.app.emit('second-instance', new FakeEvent(), ['agent-desk', 'proj'], tmp, {});
    expect(rt!.windows.all().map((e) => e.projectDir)).toEqual([project]);
    expect(windows()).toHaveLength(1);
  });

  test('a second instance with an already-open project focuses its window', async () => {
    const rt = await start({ argv: ['agent-desk', project] });
    const w = windows()[0]!;
    const before = w.focused;
    electron.app.emit('second-instance', new FakeEvent(), ['agent-desk', project], '/', {});
    expect(windows()).toHaveLength(1);
    expect(w.focused).toBe(before + 1);
    expect(rt!.windows.all()).toHaveLength(1);
  });

  test('a second instance without a folder brings the current window forward', async () => {
    await start({ argv: ['agent-desk', project] });
    const w = windows()[0]!;
    w.minimized = true;
    electron.app.emit('second-instance', new FakeEvent(), ['agent-desk'], '/', {});
    expect(w.minimized).toBe(false);
    expect(windows()).toHaveLength(1);
  });
});

describe('drag and drop (DK1)', () => {
  test('macOS: a folder dropped on the Dock icon before start-up opens once ready', async () => {
    const p = start({ platform: 'darwin' });
    const ev = new FakeEvent();
    electron.app.emit('open-file', ev, project);
    expect(ev.defaultPrevented).toBe(true);
    const rt = await p;
    expect(rt!.windows.all().map((e) => e.projectDir)).toEqual([project]);
    // Opened directly, not via a welcome window that then had to reload.
    expect(windows()[0]!.webContents.reloads).toBe(0);
  });

  test('a folder dropped on the welcome window opens there', async () => {
    const rt = await start();
    const w = windows()[0]!;
    const ev = w.webContents.fire('will-navigate', { url: pathToFileURL(project).href });
    expect(ev.defaultPrevented).toBe(true);
    expect(rt!.windows.all().map((e) => e.projectDir)).toEqual([project]);
  });
});

describe('windows closing and quitting', () => {
  test('with a tray, closing the last window keeps the app running (background tasks, DK3)', async () => {
    await start();
    windows()[0]!.close();
    electron.app.emit('window-all-closed');
    expect(electron.app.quitCalls).toBe(0);
  });

  test('without a tray, closing the last window quits', async () => {
    FakeTray.failToCreate = true;
    const rt = await start();
    expect(rt!.tray).toBeNull();
    electron.app.emit('window-all-closed');
    expect(electron.app.quitCalls).toBe(1);
  });

  test('macOS keeps running without windows; activate opens a welcome window', async () => {
    FakeTray.failToCreate = true;
    await start({ platform: 'darwin' });
    windows()[0]!.close();
    electron.app.emit('window-all-closed');
    expect(electron.app.quitCalls).toBe(0);
    electron.app.emit('activate');
    expect(windows()).toHaveLength(1);
  });

  test('quitting waits for the core to dispose, once, then quits for real', async () => {
    await start();
    let release!: () => void;
    core.dispose.mockImplementation(() => new Promise<void>((r) => (release = r)));
    const first = new FakeEvent();
    electron.app.emit('before-quit', first);
    expect(first.defaultPrevented).toBe(true);
    expect(core.dispose).toHaveBeenCalledTimes(1);
    // Quit pressed again while the core is still stopping: still held, not disposed twice.
    const impatient = new FakeEvent();
    electron.app.emit('before-quit', impatient);
    expect(impatient.defaultPrevented).toBe(true);
    expect(core.dispose).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1));
    // The repeated quit passes through without disposing again.
    const second = new FakeEvent();
    electron.app.emit('before-quit', second);
    expect(second.defaultPrevented).toBe(false);
    expect(core.dispose).toHaveBeenCalledTimes(1);
    expect(electron.ipcMain.handlers.size).toBe(0);
  });

  test('the tray "Quit Agent Desk" quits the app', async () => {
    await start();
    const quit = (FakeTray.created[0]!.menu!.items as { label?: string; click?: () => void }[]).find((i) => i.label === 'Quit Agent Desk')!;
    quit.click!();
    expect(electron.app.quitCalls).toBe(1);
    expect(core.dispose).toHaveBeenCalledTimes(1);
  });
});

describe('approval signals (issue 5 item 6, DK3)', () => {
  const request = (requestId: string): SessionEvent =>
    ({
      type: 'permission_request',
      sessionId: 's1',
      request: { requestId, sessionId: 's1', toolUseId: 't', toolName: 'Bash', input: { command: 'make' }, message: 'm', suggestions: [], destructive: false, origin: { kind: 'task', label: 'Nightly' } },
    }) as SessionEvent;

  test('a request while no window is focused: badge, tray tooltip and a notification whose click focuses the project window', async () => {
    const rt = await start({ argv: ['agent-desk', project] });
    const win = windows()[0]!;
    win.blur();
    core.bus.publish('session:event', request('r1'), { projectDir: project });
    expect(rt!.approvals.waiting()).toBe(1);
    expect(electron.app.badgeCount).toBe(1);
    expect(FakeTray.created[0]!.tooltip).toBe('Agent Desk — 1 approval waiting');
    const n = FakeNotification.created[0]!;
    expect(n.shown).toBe(true);
    expect(n.title).toBe('Agent Desk needs your OK');
    expect(n.body).toBe('Run a command: make\nBackground task “Nightly” in proj');
    const focusedBefore = win.focused;
    n.click();
    expect(win.focused).toBe(focusedBefore + 1);
    expect(windows()).toHaveLength(1);
    core.bus.publish('session:event', { type: 'permission_resolved', sessionId: 's1', requestId: 'r1', decision: 'deny' }, { projectDir: project });
    expect(electron.app.badgeCount).toBe(0);
    expect(FakeTray.created[0]!.tooltip).toBe('Agent Desk');
  });

  test('a click for a project without a window opens one for it', async () => {
    await start();
    core.bus.publish('session:event', request('r1'), { projectDir: project });
    FakeNotification.created[0]!.click();
    expect(windows().map((w) => w.title)).toEqual(['proj — Agent Desk']);
  });
});

describe('background tasks in the desktop (issue 18 item 5, DK3)', () => {
  const running = { id: 't1', name: 'nightly deps', projectDir: '', where: '~/proj', prompt: 'p', mode: 'default', status: 'running', activity: 'Running npm test', turns: 1, createdAt: 1, waiting: 0, usage: null, host: 'local', sessionId: 's1' } as const;
  function withTasks(tasks: object[]) {
    const stop = vi.fn(async () => ({ outcome: 'stopped' }));
    core.background = {
      subscribe: (l: (t: never[]) => void) => (queueMicrotask(() => l(tasks.map((t) => ({ ...running, projectDir: project, ...t })) as never[])), () => undefined),
      refresh: async () => undefined,
      stop,
      pending: async () => [],
      list: async () => [],
    } as never;
    return { stop };
  }
  const trayItem = (label: string) => (FakeTray.created[0]!.menu!.items as { label?: string; click?: () => void }[]).find((i) => i.label === label)!;

  test('the core is told how to run a worker: this same executable (the app), which sees `task _worker ID`', async () => {
    await start();
    expect(coreOpts!.backgroundWorker).toEqual({ command: process.execPath, args: process.defaultApp ? [process.argv[1]] : [] });
  });

  test('the tray lists the running task; closing the last window keeps it (and the app) running', async () => {
    withTasks([{}]);
    const rt = await start({ argv: ['agent-desk', project] });
    await vi.waitFor(() => expect(trayItem('▶ nightly deps — Running npm test')).toBeDefined());
    windows()[0]!.close();
    electron.app.emit('window-all-closed');
    expect(electron.app.quitCalls).toBe(0);
    expect(rt!.tasks!.tasks()).toHaveLength(1);
  });

  test('"New Task…" opens the dialog in a window, once its page has loaded', async () => {
    await start({ argv: ['agent-desk', project] });
    const win = windows()[0]!;
    win.webContents.loading = true;
    trayItem('New Task…').click!();
    expect(win.webContents.sent.filter((s) => s.channel === 'background:new-task')).toHaveLength(0);
    win.webContents.loading = false;
    win.webContents.emit('did-finish-load');
    expect(win.webContents.sent.filter((s) => s.channel === 'background:new-task')).toEqual([{ channel: 'background:new-task', payload: {} }]);
  });

  test('a task’s approval notification, clicked, opens that request in the project’s window', async () => {
    await start({ argv: ['agent-desk', project] });
    const win = windows()[0]!;
    win.blur();
    core.bus.publish(
      'session:event',
      { type: 'permission_request', sessionId: 's1', request: { requestId: 'r7', sessionId: 's1', toolUseId: 't', toolName: 'Bash', input: { command: 'make' }, message: 'm', suggestions: [], destructive: false, origin: { kind: 'task', label: 'nightly deps' } } },
      { projectDir: project },
    );
    FakeNotification.created[0]!.click();
    expect(win.webContents.sent).toContainEqual({ channel: 'background:show', payload: { requestId: 'r7' } });
    // The tray's "1 Approval Waiting…" goes to the same request.
    win.webContents.sent.length = 0;
    trayItem('1 Approval Waiting…').click!();
    expect(win.webContents.sent).toEqual([{ channel: 'background:show', payload: { requestId: 'r7' } }]);
  });

  test('quitting while a task runs asks; Cancel keeps the app; "Leave Them Running and Quit" quits without stopping it', async () => {
    const { stop } = withTasks([{}]);
    await start();
    await vi.waitFor(() => expect(trayItem('▶ nightly deps — Running npm test')).toBeDefined());
    electron.dialog.state.nextMessageBoxResponse = 2;
    trayItem('Quit Agent Desk').click!();
    await vi.waitFor(() => expect(electron.dialog.state.messageBoxes).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(core.dispose).not.toHaveBeenCalled();
    electron.dialog.state.nextMessageBoxResponse = 0;
    trayItem('Quit Agent Desk').click!();
    await vi.waitFor(() => expect(core.dispose).toHaveBeenCalledTimes(1));
    expect(electron.dialog.state.messageBoxes).toHaveLength(2);
    expect(stop).not.toHaveBeenCalled();
  });

  test('"Stop Them and Quit" stops each running task first', async () => {
    const { stop } = withTasks([{}, { id: 't2', name: 'second' }]);
    await start();
    await vi.waitFor(() => expect(trayItem('▶ second — Running npm test')).toBeDefined());
    electron.dialog.state.nextMessageBoxResponse = 1;
    electron.app.quit();
    await vi.waitFor(() => expect(core.dispose).toHaveBeenCalledTimes(1));
    expect(stop.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['t1', 't2']);
  });
});
