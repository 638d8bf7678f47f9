// The application menu: File (open folder, recent, close), Edit roles, View (zoom; reload and dev
// tools only in dev), Window, Help (About). Rebuilt whenever the recent-projects list changes.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { ProjectInfo } from '../../shared/ipc/contract';

export interface AppMenuOptions {
  isMac: boolean;
  dev: boolean;
  recent: ProjectInfo[];
  openFolder(): void;
  openRecent(dir: string): void;
  clearRecent(): void;
}

export function appMenuTemplate(o: AppMenuOptions): MenuItemConstructorOptions[] {
  const recentItems: MenuItemConstructorOptions[] = o.recent.length
    ? [
        ...o.recent.map((p): MenuItemConstructorOptions => ({ label: p.name, sublabel: p.dir, toolTip: p.dir, click: () => o.openRecent(p.dir) })),
        { type: 'separator' },
        { label: 'Clear Recent', click: () => o.clearRecent() },
      ]
    : [{ label: 'No Recent Projects', enabled: false }];

  const view: MenuItemConstructorOptions[] = [
    ...(o.dev ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const) : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];

  return [
    ...(o.isMac ? [{ role: 'appMenu' } as const] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => o.openFolder() },
        { label: 'Open Recent', submenu: recentItems },
        { type: 'separator' },
        { label: 'Close Window', role: 'close', accelerator: 'CmdOrCtrl+W' },
        ...(o.isMac ? [] : ([{ type: 'separator' }, { role: 'quit' }] as const)),
      ],
    },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about', label: 'About Agent Desk' }] },
  ];
}

export function installAppMenu(o: AppMenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(o)));
}
