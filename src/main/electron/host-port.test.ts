// DK1: the desktop HostPort — the native folder dialog, opening a project in its window, validation
// with typed errors, and the recent list (also handed to the OS).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeBrowserWindow, resetElectronStub } from '../../../test/electron-stub';
import { IpcFailure } from '../../shared/ipc/errors';
import type { HandlerContext } from '../ipc/context';
import { createDesktopProjects } from './host-port';
import { createRecentProjects } from './recent-projects';
import { createProjectWindows } from './windows';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

let tmp: string;
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function setup(dialogResult: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] }) {
  const windows = createProjectWindows({ log, create: () => new FakeBrowserWindow({}) as never });
  const recent = createRecentProjects({ file: join(tmp, 'data', 'recent-projects.json'), log });
  const showOpenDialog = vi.fn(async () => dialogResult);
  const addRecentDocument = vi.fn();
  const onRecentChanged = vi.fn();
  const projects = createDesktopProjects({ version: '1.2.3', windows, recent, showOpenDialog, addRecentDocument, onRecentChanged, log });
  return { windows, recent, showOpenDialog, addRecentDocument, onRecentChanged, projects, host: projects.hostPort };
}
const ctxOf = (clientId: string, projectDir: string | null = null): HandlerContext => ({ host: 'desktop', clientId, projectDir });

beforeEach(() => {
  resetElectronStub();
  vi.clearAllMocks();
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'agent-desk-host-')));
  mkdirSync(join(tmp, 'proj'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('desktop HostPort (DK1)', () => {
  test('kind and version', () => {
    const { host } = setup();
    expect(host.kind).toBe('desktop');
    expect(host.version).toBe('1.2.3');
  });

  test('chooseProject shows a directory dialog (with folder creation) over the caller, then opens the choice', async () => {
    const s = setup({ canceled: false, filePaths: [join(tmp, 'proj')] });
    const welcome = s.windows.openWelcome();
    const project = await s.host.chooseProject!(ctxOf(welcome.clientId));
    expect(s.showOpenDialog).toHaveBeenCalledWith(welcome.win, expect.objectContaining({ properties: ['openDirectory', 'createDirectory'] }));
    expect(project).toEqual({ dir: join(tmp, 'proj'), name: 'proj' });
    expect(welcome.projectDir).toBe(join(tmp, 'proj'));
    expect(s.recent.list()).toEqual([project]);
    expect(s.addRecentDocument).toHaveBeenCalledWith(join(tmp, 'proj'));
    expect(s.onRecentChanged).toHaveBeenCalled();
  });

  test('a cancelled dialog answers null and opens nothing', async () => {
    const s = setup({ canceled: true, filePaths: [] });
    const welcome = s.windows.openWelcome();
    expect(await s.host.chooseProject!(ctxOf(welcome.clientId))).toBeNull();
    expect(welcome.projectDir).toBeNull();
    expect(s.recent.list()).toEqual([]);
  });

  test('openProject opens a new window for a second project and focuses an open one', async () => {
    const s = setup();
    mkdirSync(join(tmp, 'other'));
    const a = s.windows.openProject(join(tmp, 'proj'));
    await s.host.openProject!(join(tmp, 'other'), ctxOf(a.clientId, a.projectDir));
    expect(s.windows.all().map((e) => e.projectDir)).toEqual([join(tmp, 'proj'), join(tmp, 'other')]);
    await s.host.openProject!(join(tmp, 'proj'), ctxOf(a.clientId, a.projectDir));
    expect(s.windows.all()).toHaveLength(2);
    expect(s.recent.list().map((p) => p.name)).toEqual(['proj', 'other']);
  });

  test('a missing folder is not_found; a file is not_found; a relative path is invalid_input', async () => {
    const s = setup();
    writeFileSync(join(tmp, 'file.txt'), 'x');
    const ctx = ctxOf('win-0');
    await expect(s.host.openProject!(join(tmp, 'nope'), ctx)).rejects.toMatchObject({ code: 'not_found' });
    await expect(s.host.openProject!(join(tmp, 'file.txt'), ctx)).rejects.toMatchObject({ code: 'not_found' });
    await expect(s.host.openProject!('relative/dir', ctx)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(s.windows.all()).toEqual([]);
    expect(s.recent.list()).toEqual([]);
  });

  test('paths are canonical: a symlink or trailing slash opens the same window', async () => {
    const s = setup();
    const { symlinkSync } = await import('node:fs');
    symlinkSync(join(tmp, 'proj'), join(tmp, 'link'));
    await s.host.openProject!(join(tmp, 'proj') + '/', ctxOf('x'));
    await s.host.openProject!(join(tmp, 'link'), ctxOf('x'));
    expect(s.windows.all()).toHaveLength(1);
  });

  test('openFromShell returns the typed failure instead of throwing', () => {
    const s = setup();
    const r = s.projects.openFromShell(join(tmp, 'nope'));
    expect(r).toBeInstanceOf(IpcFailure);
    expect((r as IpcFailure).code).toBe('not_found');
  });

  test('chooseFromShell (menu, tray) uses the dialog and opens the folder', async () => {
    const s = setup({ canceled: false, filePaths: [join(tmp, 'proj')] });
    expect(await s.projects.chooseFromShell()).toEqual({ dir: join(tmp, 'proj'), name: 'proj' });
    expect(s.showOpenDialog).toHaveBeenCalledWith(undefined, expect.anything());
    expect(s.windows.forProject(join(tmp, 'proj'))).toBeDefined();
  });

  test('recentProjects comes from the recent file', () => {
    const s = setup();
    s.recent.add(join(tmp, 'proj'));
    expect(s.host.recentProjects()).toEqual([{ dir: join(tmp, 'proj'), name: 'proj' }]);
  });
});

describe('desktop HostPort: opening a changed file (PX6)', () => {
  test('openPath hands the file to shell.openPath; the system’s error message becomes a rejection', async () => {
    const { host } = setup();
    const file = join(tmp, 'proj', 'a.ts');
    await host.openPath!(file);
    expect(electron.shell.state.openedPaths).toEqual([file]);
    electron.shell.state.nextOpenPathError = 'Failed to open path';
    await expect(host.openPath!(file)).rejects.toThrow('Failed to open path');
  });

  test('showInFolder hands the file to shell.showItemInFolder', () => {
    const { host } = setup();
    host.showInFolder!(join(tmp, 'proj', 'run.sh'));
    expect(electron.shell.state.shownInFolder).toEqual([join(tmp, 'proj', 'run.sh')]);
    expect(electron.shell.state.openedPaths).toEqual([]);
  });

  test('openExternal opens web pages only in the system browser (an MCP sign-in page, issue 17 item 4)', async () => {
    const { host } = setup();
    await host.openExternal!('https://login.example.com/authorize?client_id=c');
    await host.openExternal!('http://127.0.0.1:4100/authorize');
    await expect(host.openExternal!('file:///etc/passwd')).rejects.toThrow('only web pages');
    await expect(host.openExternal!('http://example.com/authorize')).rejects.toThrow('only web pages');
    expect(electron.shell.state.opened).toEqual(['https://login.example.com/authorize?client_id=c', 'http://127.0.0.1:4100/authorize']);
  });
});
