// DK1/DK3: the application menu (open folder, recent, dev-only tools) and the tray (open project,
// recent projects, quit; a task section once tasks exist).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeTray, resetElectronStub } from '../../../test/electron-stub';
import { appMenuTemplate, installAppMenu, type AppMenuOptions } from './menu';
import { createAppTray, TRAY_TOOLTIP, trayTooltip, type TrayActions } from './tray';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

type Item = { label?: string; role?: string; type?: string; accelerator?: string; enabled?: boolean; submenu?: Item[]; click?: () => void };

const recent = [
  { dir: '/p/a', name: 'a' },
  { dir: '/p/b', name: 'b' },
];
function menuOptions(over: Partial<AppMenuOptions> = {}): AppMenuOptions {
  return { isMac: false, dev: false, recent, openFolder: vi.fn(), openRecent: vi.fn(), clearRecent: vi.fn(), ...over };
}
const find = (items: Item[], label: string) => items.find((i) => i.label === label);
const roles = (items: Item[]): string[] => items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);

beforeEach(() => resetElectronStub());

describe('application menu', () => {
  test('File has Open Folder… (CmdOrCtrl+O), Open Recent and Close Window', () => {
    const o = menuOptions();
    const file = find(appMenuTemplate(o) as Item[], 'File')!.submenu!;
    const open = find(file, 'Open Folder…')!;
    expect(open.accelerator).toBe('CmdOrCtrl+O');
    open.click!();
    expect(o.openFolder).toHaveBeenCalled();
    const recentMenu = find(file, 'Open Recent')!.submenu!;
    expect(recentMenu.filter((i) => i.type !== 'separator').map((i) => i.label)).toEqual(['a', 'b', 'Clear Recent']);
    find(recentMenu, 'b')!.click!();
    expect(o.openRecent).toHaveBeenCalledWith('/p/b');
    expect(find(file, 'Close Window')?.role).toBe('close');
  });

  test('no recent projects shows a disabled placeholder', () => {
    const file = find(appMenuTemplate(menuOptions({ recent: [] })) as Item[], 'File')!.submenu!;
    expect(find(file, 'Open Recent')!.submenu).toEqual([{ label: 'No Recent Projects', enabled: false }]);
  });

  test('reload and dev tools only in dev; zoom always; Edit/Window/Help present', () => {
    const prod = roles(appMenuTemplate(menuOptions({ dev: false })) as Item[]);
    expect(prod).not.toContain('toggleDevTools');
    expect(prod).not.toContain('reload');
    expect(prod).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'editMenu', 'windowMenu', 'help', 'about']));
    const dev = roles(appMenuTemplate(menuOptions({ dev: true })) as Item[]);
    expect(dev).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  test('macOS gets the app menu first', () => {
    expect((appMenuTemplate(menuOptions({ isMac: true }))[0] as Item).role).toBe('appMenu');
  });

  test('installAppMenu sets the application menu', () => {
    installAppMenu(menuOptions());
    expect(electron.Menu.state.applicationMenu?.items.map((i: Item) => i.label ?? i.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
  });
});

describe('tray (DK3)', () => {
  function actions(list = recent): TrayActions {
    return { recent: () => list, openProject: vi.fn(), openRecent: vi.fn(), quit: vi.fn() };
  }
  const items = (t: FakeTray) => t.menu!.items as Item[];

  test('tooltip and the three items: Open Project…, Recent Projects ▸, Quit Agent Desk', () => {
    const a = actions();
    createAppTray('/res/tray.png', a);
    const tray = FakeTray.created[0]!;
    expect(tray.tooltip).toBe(TRAY_TOOLTIP);
    expect(TRAY_TOOLTIP).toBe('Agent Desk');
    expect(items(tray).map((i) => i.label ?? i.type)).toEqual(['Open Project…', 'Recent Projects', 'separator', 'Quit Agent Desk']);
    find(items(tray), 'Open Project…')!.click!();
    expect(a.openProject).toHaveBeenCalled();
    find(find(items(tray), 'Recent Projects')!.submenu!, 'a')!.click!();
    expect(a.openRecent).toHaveBeenCalledWith('/p/a');
    find(items(tray), 'Quit Agent Desk')!.click!();
    expect(a.quit).toHaveBeenCalled();
  });

  test('refresh picks up a changed recent list', () => {
    const list = [...recent];
    const t = createAppTray('/res/tray.png', actions(list));
    list.unshift({ dir: '/p/c', name: 'c' });
    t.refresh();
    expect(find(items(FakeTray.created[0]!), 'Recent Projects')!.submenu!.map((i) => i.label)).toEqual(['c', 'a', 'b']);
  });

  test('setTasks(tasks) rebuilds the menu with a task section; empty restores the three items', () => {
    const t = createAppTray('/res/tray.png', actions());
    t.setTasks([{ id: 't1', label: 'Refactor auth', status: 'needs-approval' }]);
    const labels = items(FakeTray.created[0]!).map((i) => i.label ?? i.type);
    expect(labels.slice(0, 2)).toEqual(['Tasks', '⚠ Refactor auth']);
    expect(labels.slice(-4)).toEqual(['Open Project…', 'Recent Projects', 'separator', 'Quit Agent Desk']);
    t.setTasks([]);
    expect(items(FakeTray.created[0]!).map((i) => i.label ?? i.type)).toEqual(['Open Project…', 'Recent Projects', 'separator', 'Quit Agent Desk']);
  });
});

describe('tray: approvals waiting (issue 5 item 6, DK3)', () => {
  const actions = (): TrayActions => ({ recent: () => [], openProject: vi.fn(), openRecent: vi.fn(), quit: vi.fn() });

  test('trayTooltip words the count: none, one, several', () => {
    expect(trayTooltip(0)).toBe('Agent Desk');
    expect(trayTooltip(1)).toBe('Agent Desk — 1 approval waiting');
    expect(trayTooltip(3)).toBe('Agent Desk — 3 approvals waiting');
    expect(trayTooltip(-2)).toBe('Agent Desk');
    expect(trayTooltip(Number.NaN)).toBe('Agent Desk');
  });

  test('setWaiting(n) sets the tooltip and back to plain at 0; the menu is untouched', () => {
    const t = createAppTray('/res/tray.png', actions());
    const tray = FakeTray.created[0]!;
    const menu = tray.menu;
    t.setWaiting(3);
    expect(tray.tooltip).toBe('Agent Desk — 3 approvals waiting');
    t.setWaiting(0);
    expect(tray.tooltip).toBe('Agent Desk');
    expect(tray.menu).toBe(menu);
  });
});
