// DK1/DK3: the application menu (open folder, recent, dev-only tools) and the tray (new task, open the
// app, the background tasks with their progress, Show and Stop, the approvals waiting, open project,
// recent projects, quit).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeTray, resetElectronStub } from '../../../test/electron-stub';
import { appMenuTemplate, installAppMenu, type AppMenuOptions } from './menu';
import { createAppTray, TRAY_TASKS_MAX, TRAY_TOOLTIP, trayTaskLabel, trayTasks, trayTooltip, type TrayActions } from './tray';
import type { BackgroundTaskView } from '../../shared/background-tasks';

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
const bgTask = (over: Partial<BackgroundTaskView>): BackgroundTaskView => ({
  id: 't', name: 'task', projectDir: '/home/me/proj', where: '~/proj', prompt: 'p', mode: 'default', status: 'running', activity: null,
  turns: 0, createdAt: 100_000, waiting: 0, usage: null, host: 'local', ...over,
});
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
    return { recent: () => list, openProject: vi.fn(), openRecent: vi.fn(), newTask: vi.fn(), openApp: vi.fn(), showTask: vi.fn(), stopTask: vi.fn(), reviewApprovals: vi.fn(), quit: vi.fn(), now: () => 200_000 };
  }
  const items = (t: FakeTray) => t.menu!.items as Item[];
  const labels = (t: FakeTray) => items(t).map((i) => i.label ?? i.type);
  const BASE = ['New Task…', 'Open Agent Desk', 'separator', 'No Approvals Waiting', 'separator', 'Open Project…', 'Recent Projects', 'separator', 'Quit Agent Desk'];

  test('tooltip and the items: New Task…, Open Agent Desk, the approvals, Open Project…, Recent Projects ▸, Quit', () => {
    const a = actions();
    createAppTray('/res/tray.png', a);
    const tray = FakeTray.created[0]!;
    expect(tray.tooltip).toBe(TRAY_TOOLTIP);
    expect(TRAY_TOOLTIP).toBe('Agent Desk');
    expect(labels(tray)).toEqual(BASE);
    expect(find(items(tray), 'No Approvals Waiting')!.enabled).toBe(false);
    find(items(tray), 'New Task…')!.click!();
    expect(a.newTask).toHaveBeenCalled();
    find(items(tray), 'Open Agent Desk')!.click!();
    expect(a.openApp).toHaveBeenCalled();
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

  test('setTasks(tasks): a task section with progress, each with Show and Stop; empty restores the base items', () => {
    const a = actions();
    const t = createAppTray('/res/tray.png', a);
    t.setTasks([
      bgTask({ id: 't1', name: 'Refactor auth', status: 'needs-approval', waiting: 1, activity: 'Waiting for your approval: 1 request' }),
      bgTask({ id: 't2', name: 'nightly deps', status: 'running', activity: 'Running npm test', turns: 3, budgetUsd: 0.5, usage: { inputTokens: 9000, outputTokens: 3400, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.04 } }),
      bgTask({ id: 't3', name: 'Docs pass', status: 'done', endedAt: 150_000, outcome: 'Updated the README.' }),
    ]);
    const tray = FakeTray.created[0]!;
    expect(labels(tray).slice(0, 8)).toEqual([
      'New Task…', 'Open Agent Desk', 'separator', 'Background Tasks',
      // What each costs so far is on its line (item 5); one that has used nothing shows no money.
      '⚠ Refactor auth — needs your approval', '▶ nightly deps — Running npm test · $0.04', '✓ Docs pass — finished', 'separator',
    ]);
    const running = find(items(tray), '▶ nightly deps — Running npm test · $0.04')!.submenu!;
    expect(running.map((i) => i.label ?? i.type)).toEqual(['~/proj · 1m 40s · 3 turns · 12.4k tokens · $0.04', '$0.04 of its $0.50 budget used (8 %)', 'separator', 'Show Conversation', 'Stop Task']);
    find(running, 'Stop Task')!.click!();
    expect(a.stopTask).toHaveBeenCalledWith('t2');
    find(running, 'Show Conversation')!.click!();
    expect(a.showTask).toHaveBeenCalledWith('t2');
    const asking = find(items(tray), '⚠ Refactor auth — needs your approval')!.submenu!;
    find(asking, 'Review Approval…')!.click!();
    expect(a.showTask).toHaveBeenLastCalledWith('t1');
    const ended = find(items(tray), '✓ Docs pass — finished')!.submenu!;
    expect(ended.map((i) => i.label ?? i.type)).toEqual(['~/proj · 50s · 0 turns', 'Updated the README.', 'separator', 'Show Conversation', 'Stop Task']);
    expect(find(ended, 'Stop Task')!.enabled).toBe(false);
    t.setTasks([]);
    expect(labels(tray)).toEqual(BASE);
  });

  test('running tasks first, then the three latest that ended; at most TRAY_TASKS_MAX', () => {
    const ended = [1, 2, 3, 4].map((i) => bgTask({ id: `e${i}`, name: `ended ${i}`, status: 'failed' }));
    const live = Array.from({ length: 7 }, (_, i) => bgTask({ id: `r${i}`, name: `run ${i}`, status: 'running' }));
    const shown = trayTasks([...ended, ...live]);
    expect(shown.map((t) => t.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'e1']);
    expect(shown).toHaveLength(TRAY_TASKS_MAX);
    expect(trayTaskLabel(bgTask({ name: 'x'.repeat(100), status: 'stopped' }))).toHaveLength(70);
    // A long one is cut before its cost, never the cost.
    const costly = trayTaskLabel(bgTask({ name: 'x'.repeat(100), status: 'done', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 12.345 } }));
    expect(costly).toHaveLength(70);
    expect(costly.endsWith('… · $12.35')).toBe(true);
  });
});

describe('tray: approvals waiting (issue 5 item 6, DK3)', () => {
  const actions = (): TrayActions => ({ recent: () => [], openProject: vi.fn(), openRecent: vi.fn(), newTask: vi.fn(), openApp: vi.fn(), showTask: vi.fn(), stopTask: vi.fn(), reviewApprovals: vi.fn(), quit: vi.fn() });

  test('trayTooltip words the count: none, one, several', () => {
    expect(trayTooltip(0)).toBe('Agent Desk');
    expect(trayTooltip(1)).toBe('Agent Desk — 1 approval waiting');
    expect(trayTooltip(3)).toBe('Agent Desk — 3 approvals waiting');
    expect(trayTooltip(-2)).toBe('Agent Desk');
    expect(trayTooltip(Number.NaN)).toBe('Agent Desk');
  });

  test('setWaiting(n) sets the tooltip and the menu’s count, whose click reviews them; back to plain at 0', () => {
    const a = actions();
    const t = createAppTray('/res/tray.png', a);
    const tray = FakeTray.created[0]!;
    t.setWaiting(3);
    expect(tray.tooltip).toBe('Agent Desk — 3 approvals waiting');
    const item = find(tray.menu!.items as Item[], '3 Approvals Waiting…')!;
    item.click!();
    expect(a.reviewApprovals).toHaveBeenCalled();
    const menu = tray.menu;
    t.setWaiting(3);
    expect(tray.menu).toBe(menu);
    t.setWaiting(1);
    expect(find(tray.menu!.items as Item[], '1 Approval Waiting…')).toBeDefined();
    t.setWaiting(0);
    expect(tray.tooltip).toBe('Agent Desk');
    expect(find(tray.menu!.items as Item[], 'No Approvals Waiting')).toBeDefined();
  });
});
