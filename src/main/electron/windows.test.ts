// DK1: one window per project — opening an open project focuses it, a welcome window adopts the
// first project, and each window remembers its project (the router's context).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeBrowserWindow, resetElectronStub } from '../../../test/electron-stub';
import { createProjectWindows, windowTitle } from './windows';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const made: (string | null)[] = [];
function setup() {
  made.length = 0;
  return createProjectWindows({
    log,
    create: (projectDir) => {
      made.push(projectDir);
      return new FakeBrowserWindow({ title: 'Agent Desk' }) as never;
    },
  });
}
const fake = (w: unknown) => w as FakeBrowserWindow;

beforeEach(() => resetElectronStub());

describe('project windows (DK1)', () => {
  test('a welcome window has no project and a plain title', () => {
    const windows = setup();
    const e = windows.openWelcome();
    expect(e.projectDir).toBeNull();
    expect(e.clientId).toBe(`win-${e.win.id}`);
    expect(fake(e.win).title).toBe('Agent Desk');
    expect(windows.openWelcome()).toBe(e);
    expect(made).toEqual([null]);
  });

  test('opening an already-open project focuses its window instead of a second one', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    const focusedBefore = fake(a.win).focused;
    const again = windows.openProject('/p/a');
    expect(again).toBe(a);
    expect(fake(a.win).focused).toBe(focusedBefore + 1);
    expect(made).toEqual(['/p/a']);
  });

  test('a minimised project window is restored when focused', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    fake(a.win).minimized = true;
    windows.openProject('/p/a');
    expect(fake(a.win).minimized).toBe(false);
  });

  test('different projects get different windows with titled names', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    const b = windows.openProject('/p/b');
    expect(a.win).not.toBe(b.win);
    expect(fake(b.win).title).toBe(windowTitle('/p/b'));
    expect(windowTitle('/p/b')).toBe('b — Agent Desk');
    expect(windows.forProject('/p/a')).toBe(a);
    expect(windows.bySender(b.win.webContents)?.projectDir).toBe('/p/b');
  });

  test('a welcome window that asks (invoke) adopts the project without reloading', () => {
    const windows = setup();
    const w = windows.openWelcome();
    const e = windows.openProject('/p/a', w.clientId);
    expect(e).toBe(w);
    expect(w.projectDir).toBe('/p/a');
    expect(fake(w.win).webContents.reloads).toBe(0);
    expect(made).toEqual([null]);
  });

  test('from the shell (no caller) a welcome window adopts the project and reloads', () => {
    const windows = setup();
    const w = windows.openWelcome();
    windows.openProject('/p/a');
    expect(w.projectDir).toBe('/p/a');
    expect(fake(w.win).webContents.reloads).toBe(1);
  });

  test('a project window that asks for another project gets a new window; it keeps its own', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    const b = windows.openProject('/p/b', a.clientId);
    expect(b.win).not.toBe(a.win);
    expect(a.projectDir).toBe('/p/a');
  });

  test('a welcome window asking for a project already open elsewhere closes; the other is focused', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    const w = windows.openWelcome();
    const r = windows.openProject('/p/a', w.clientId);
    expect(r).toBe(a);
    expect(fake(w.win).destroyed).toBe(true);
    expect(windows.all().map((e) => e.projectDir)).toEqual(['/p/a']);
  });

  test('closed windows leave the registry', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    a.win.close();
    expect(windows.all()).toEqual([]);
    expect(windows.byClientId(a.clientId)).toBeUndefined();
    expect(windows.forProject('/p/a')).toBeUndefined();
    windows.openProject('/p/a');
    expect(made).toEqual(['/p/a', '/p/a']);
  });

  test('current() is the last focused window', () => {
    const windows = setup();
    const a = windows.openProject('/p/a');
    const b = windows.openProject('/p/b');
    expect(windows.current()).toBe(b);
    fake(a.win).emit('focus');
    expect(windows.current()).toBe(a);
  });
});
