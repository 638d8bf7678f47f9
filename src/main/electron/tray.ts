// The tray icon (DK3): open a project, recent projects, quit. Background tasks are not built yet;
// setTasks(tasks) is the seam they will use — it rebuilds the menu with a task section. The tooltip
// counts the approvals waiting across projects (issue 5 item 6).
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { ProjectInfo } from '../../shared/ipc/contract';

export const TRAY_TOOLTIP = 'Agent Desk';

/** "Agent Desk", or "Agent Desk — 3 approvals waiting". */
export function trayTooltip(waiting: number): string {
  const n = Number.isFinite(waiting) ? Math.max(0, Math.floor(waiting)) : 0;
  if (n === 0) return TRAY_TOOLTIP;
  return `${TRAY_TOOLTIP} — ${n} approval${n === 1 ? '' : 's'} waiting`;
}

/** What the tray shows of one background task (the task engine will fill this in). */
export interface TrayTask {
  id: string;
  label: string;
  status: 'running' | 'needs-approval' | 'done' | 'failed';
}

export interface TrayActions {
  recent(): ProjectInfo[];
  openProject(): void;
  openRecent(dir: string): void;
  showTask?(id: string): void;
  quit(): void;
}

export interface AppTray {
  /** Rebuild the menu (e.g. after the recent list changed). */
  refresh(): void;
  setTasks(tasks: TrayTask[]): void;
  /** How many permission requests wait for a person, across projects (shown in the tooltip). */
  setWaiting(count: number): void;
  destroy(): void;
}

const STATUS_MARK: Record<TrayTask['status'], string> = {
  running: '▶',
  'needs-approval': '⚠',
  done: '✓',
  failed: '✗',
};

export function trayMenuTemplate(a: TrayActions, tasks: TrayTask[]): MenuItemConstructorOptions[] {
  const recent = a.recent();
  const taskItems: MenuItemConstructorOptions[] = tasks.length
    ? [
        { label: 'Tasks', enabled: false },
        ...tasks.map((t): MenuItemConstructorOptions => ({
          label: `${STATUS_MARK[t.status]} ${t.label}`,
          click: () => a.showTask?.(t.id),
        })),
        { type: 'separator' },
      ]
    : [];
  return [
    ...taskItems,
    { label: 'Open Project…', click: () => a.openProject() },
    {
      label: 'Recent Projects',
      submenu: recent.length
        ? recent.map((p): MenuItemConstructorOptions => ({ label: p.name, toolTip: p.dir, click: () => a.openRecent(p.dir) }))
        : [{ label: 'No Recent Projects', enabled: false }],
    },
    { type: 'separator' },
    { label: 'Quit Agent Desk', click: () => a.quit() },
  ];
}

export function createAppTray(iconPath: string, actions: TrayActions): AppTray {
  const image = nativeImage.createFromPath(iconPath);
  if (process.platform === 'darwin') image.setTemplateImage(true);
  const tray = new Tray(image);
  tray.setToolTip(TRAY_TOOLTIP);
  let tasks: TrayTask[] = [];
  const rebuild = () => tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(actions, tasks)));
  rebuild();
  return {
    refresh: rebuild,
    setTasks(next) {
      tasks = [...next];
      rebuild();
    },
    setWaiting: (count) => tray.setToolTip(trayTooltip(count)),
    destroy: () => tray.destroy(),
  };
}
