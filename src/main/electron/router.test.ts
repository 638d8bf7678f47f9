// DK2: the desktop router registers every contract channel (derived, not hand-listed), admits only
// our windows' main frames on our origin, turns malformed payloads into typed errors, and routes
// bus events to the windows of the matching project only.
import { beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { electron, FakeBrowserWindow, FakeFrame, ipcEventFrom, resetElectronStub } from '../../../test/electron-stub';
import { invokeChannels, sendChannels } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import { createEventBus } from '../app/event-bus';
import { createHandlers } from '../app/handlers';
import type { AuthService, HostPort, SessionService } from '../app/ports';
import { createDispatcher, type Dispatcher } from '../ipc/dispatch';
import { malformedCases } from '../ipc/malformed-payloads';
import { isTrustedRendererUrl, rendererLocation } from './renderer-location';
import { registerIpcRouter } from './router';
import { createProjectWindows, type ProjectWindows, type WindowEntry } from './windows';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

const INDEX = '/app/out/renderer/index.html';
const location = rendererLocation({ packaged: true, env: {}, indexFile: INDEX });

const sessions: SessionService = {
  list: vi.fn(async () => []),
  create: vi.fn(async () => ({ id: 's1', title: 't', createdAt: 0, updatedAt: 0 }) as never),
  open: vi.fn(async () => {
    throw new Error('unused');
  }),
  send: vi.fn(async () => {}),
  retry: vi.fn(async () => {}),
  stop: vi.fn(async () => false),
  replyPermission: vi.fn(async () => false),
};
const auth: AuthService = {
  status: () => ({ configured: false, source: null, canStoreKey: true }),
  model: () => 'test-model',
};
const host: HostPort = { kind: 'desktop', version: '9.9.9', recentProjects: () => [] };

let log: Record<'debug' | 'info' | 'warn' | 'error', Mock<(msg: string, extra?: unknown) => void>>;
let windows: ProjectWindows;
let dispatcher: Dispatcher;
let bus: ReturnType<typeof createEventBus>;
let dispose: () => void;

function openWindow(projectDir: string | null): WindowEntry {
  const e = projectDir ? windows.openProject(projectDir) : windows.openWelcome();
  return e;
}
const fake = (e: WindowEntry) => e.win as unknown as FakeBrowserWindow;
const invoke = (channel: string, event: unknown, payload?: unknown) =>
  electron.ipcMain.invokeFrom(channel, event, payload) as Promise<IpcResult<any>>;

beforeEach(() => {
  resetElectronStub();
  log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  windows = createProjectWindows({
    log,
    create: () => {
      const w = new FakeBrowserWindow({});
      void w.loadFile(INDEX);
      return w as never;
    },
  });
  const handlers = createHandlers({ sessions, auth, host, log });
  dispatcher = createDispatcher({ ...handlers, log });
  bus = createEventBus();
  dispose = registerIpcRouter({ dispatcher, bus, windows, isTrustedUrl: (u) => isTrustedRendererUrl(u, location), log });
});

describe('registration (DK2)', () => {
  test('every invoke channel of the contract has exactly one handle() registration', () => {
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...invokeChannels].sort());
  });

  test('every send channel of the contract has an on() listener', () => {
    for (const ch of sendChannels) expect(electron.ipcMain.listenerCount(ch)).toBe(1);
    const listened = electron.ipcMain.eventNames().map(String).sort();
    expect(listened).toEqual([...sendChannels].sort());
  });

  test('dispose removes every registration', () => {
    dispose();
    expect(electron.ipcMain.handlers.size).toBe(0);
    expect(electron.ipcMain.eventNames()).toEqual([]);
  });
});

describe('sender checks (DK2)', () => {
  test("our window's main frame gets the handler's answer with its own project as context", async () => {
    const a = openWindow('/p/a');
    const r = await invoke('app:init', ipcEventFrom(fake(a)), {});
    expect(r.ok).toBe(true);
    expect(r.ok && r.value).toMatchObject({ host: 'desktop', version: '9.9.9', project: { dir: '/p/a', name: 'a' } });
  });

  test('the welcome window calls with no project', async () => {
    const w = openWindow(null);
    const r = await invoke('session:list', ipcEventFrom(fake(w)), {});
    expect(r).toMatchObject({ ok: false, error: { code: 'no_project' } });
  });

  test('an unknown webContents is forbidden', async () => {
    openWindow('/p/a');
    const stranger = new FakeBrowserWindow({});
    await stranger.loadFile(INDEX);
    const r = await invoke('app:init', ipcEventFrom(stranger), {});
    expect(r).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('refused app:init'));
  });

  test('a subframe of our window is forbidden', async () => {
    const a = openWindow('/p/a');
    const sub = new FakeFrame(fake(a).webContents.getURL(), false);
    const r = await invoke('app:init', ipcEventFrom(fake(a), { senderFrame: sub }), {});
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  test('a main frame showing another origin is forbidden', async () => {
    const a = openWindow('/p/a');
    fake(a).webContents.mainFrame.url = 'https://evil.example/';
    const r = await invoke('project:open', ipcEventFrom(fake(a)), { dir: '/etc' });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  test('another file:// page is not our origin', async () => {
    const a = openWindow('/p/a');
    fake(a).webContents.mainFrame.url = 'file:///tmp/index.html';
    expect(await invoke('app:init', ipcEventFrom(fake(a)), {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  test('a destroyed frame (senderFrame null) is forbidden', async () => {
    const a = openWindow('/p/a');
    expect(await invoke('app:init', ipcEventFrom(fake(a), { senderFrame: null }), {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  test('sends from a foreign sender are dropped and logged, never dispatched', () => {
    const a = openWindow('/p/a');
    const spy = vi.spyOn(dispatcher, 'send');
    const sub = new FakeFrame(fake(a).webContents.getURL(), false);
    expect(() =>
      electron.ipcMain.emit('log:write', ipcEventFrom(fake(a), { senderFrame: sub }), { level: 'info', message: 'x' }),
    ).not.toThrow();
    expect(spy).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('refused log:write'));
  });

  test('a valid send from our window reaches its handler with the window as client', () => {
    const a = openWindow('/p/a');
    electron.ipcMain.emit('log:write', ipcEventFrom(fake(a)), { level: 'error', message: 'boom' });
    expect(log.error).toHaveBeenCalledWith(`renderer[${a.clientId}]: boom`);
  });

  test('PX8 issue 16: a window that logs in a loop reaches the log only up to its limit; another window is not affected', () => {
    dispose();
    dispose = registerIpcRouter({ dispatcher, bus, windows, isTrustedUrl: (u) => isTrustedRendererUrl(u, location), log, logLimit: { lines: 5, bytes: 10_000, windowMs: 60_000 } });
    const a = openWindow('/p/a');
    const b = openWindow('/p/b');
    for (let i = 0; i < 1000; i++) electron.ipcMain.emit('log:write', ipcEventFrom(fake(a)), { level: 'error', message: `loop ${i}` });
    electron.ipcMain.emit('log:write', ipcEventFrom(fake(b)), { level: 'error', message: 'from b' });
    const lines = log.error.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.startsWith(`renderer[${a.clientId}]: loop`))).toHaveLength(5);
    expect(lines).toContain(`renderer[${b.clientId}]: from b`);
    dispose(); // closing says what was dropped
    const droppedBytes = Array.from({ length: 995 }, (_, k) => `loop ${k + 5}`.length).reduce((x, y) => x + y, 0);
    expect(log.warn).toHaveBeenCalledWith(`renderer[${a.clientId}]: dropped 995 log lines (${droppedBytes} bytes) over the limit`);
  });
});

describe('malformed payloads through the router (DK2)', () => {
  const cases = malformedCases();

  test('the generated table covers every channel of the contract', () => {
    expect(new Set(cases.filter((c) => c.kind === 'invoke').map((c) => c.channel))).toEqual(new Set(invokeChannels));
    expect(new Set(cases.filter((c) => c.kind === 'send').map((c) => c.channel))).toEqual(new Set(sendChannels));
  });

  test.each(cases.filter((c) => c.kind === 'invoke').map((c) => [c.channel, c.label, c] as const))(
    'invoke %s with %s → invalid_input',
    async (_ch, _label, c) => {
      const a = openWindow('/p/a');
      const r = await invoke(c.channel, ipcEventFrom(fake(a)), c.payload);
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    },
  );

  test.each(cases.filter((c) => c.kind === 'send').map((c) => [c.channel, c.label, c] as const))(
    'send %s with %s → logged, dropped, no throw',
    (_ch, _label, c) => {
      const a = openWindow('/p/a');
      expect(() => electron.ipcMain.emit(c.channel, ipcEventFrom(fake(a)), c.payload)).not.toThrow();
      expect(log.warn).toHaveBeenCalledWith(expect.stringContaining(`invalid input on ${c.channel}`), expect.anything());
      expect(log.error).not.toHaveBeenCalled();
      expect(log.info).not.toHaveBeenCalledWith(expect.stringContaining('renderer['));
    },
  );
});

describe('event routing (DK2)', () => {
  test("a project's events reach only that project's windows", () => {
    const a = openWindow('/p/a');
    const b = openWindow('/p/b');
    const w = openWindow(null);
    bus.publish('app:notice', { level: 'info', message: 'for a' }, { projectDir: '/p/a' });
    expect(fake(a).webContents.sent).toEqual([{ channel: 'app:notice', payload: { level: 'info', message: 'for a' } }]);
    expect(fake(b).webContents.sent).toEqual([]);
    expect(fake(w).webContents.sent).toEqual([]);
  });

  test('events with a null scope reach every window', () => {
    const a = openWindow('/p/a');
    const w = openWindow(null);
    bus.publish('app:notice', { level: 'warn', message: 'all' }, { projectDir: null });
    expect(fake(a).webContents.sent).toHaveLength(1);
    expect(fake(w).webContents.sent).toHaveLength(1);
  });

  test('issue 15 item 5: an event scoped to one window (its terminal’s output) reaches that window only', () => {
    const a = openWindow('/p/a');
    const w = openWindow(null);
    bus.publish('terminal:data', { terminalId: 'term-1', data: 'ls output' }, { projectDir: null, clientId: a.clientId });
    expect(fake(a).webContents.sent).toEqual([{ channel: 'terminal:data', payload: { terminalId: 'term-1', data: 'ls output' } }]);
    expect(fake(w).webContents.sent).toEqual([]);
  });

  test('destroyed windows are skipped, not thrown at', () => {
    const a = openWindow('/p/a');
    const a2 = new FakeBrowserWindow({});
    // A window whose contents died while the window object lingers.
    fake(a).webContents.destroyed = true;
    expect(() => bus.publish('app:notice', { level: 'info', message: 'x' }, { projectDir: '/p/a' })).not.toThrow();
    expect(fake(a).webContents.sent).toEqual([]);
    expect(a2.webContents.sent).toEqual([]);
  });

  test('after dispose, events are no longer forwarded', () => {
    const a = openWindow('/p/a');
    dispose();
    bus.publish('app:notice', { level: 'info', message: 'x' }, { projectDir: null });
    expect(fake(a).webContents.sent).toEqual([]);
  });
});
