// The tray icon (DK3): "New Task…" and "Open Agent Desk"; the background tasks with their progress and
// each one's Show and Stop; how many approvals wait (also in the tooltip) and the way to them; open a
// project, recent projects, quit. setTasks and setWaiting rebuild the menu; the wiring is task-tray.ts.
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import { isEnded, taskBudgetWords, taskProgressWords, type BackgroundTaskStatus, type BackgroundTaskView } from '../../shared/background-tasks';
import { formatDuration } from '../../shared/format-duration';
import type { ProjectInfo } from '../../shared/ipc/contract';

export const TRAY_TOOLTIP = 'Agent Desk';
/** Tasks listed at most: every running one first, then the latest ended ones. */
export const TRAY_TASKS_MAX = 8;
const ENDED_SHOWN = 3;

/** "Agent Desk", or "Agent Desk — 3 approvals waiting". */
export function trayTooltip(waiting: number): string {
  const n = countOf(waiting);
  if (n === 0) return TRAY_TOOLTIP;
  return `${TRAY_TOOLTIP} — ${n} approval${n === 1 ? '' : 's'} waiting`;
}

const countOf = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

export interface TrayActions {
  recent(): ProjectInfo[];
  openProject(): void;
  openRecent(dir: string): void;
  /** The new-task dialog, in a window of the app. */
  newTask(): void;
  /** Brings a window forward (the current one, or a new one). */
  openApp(): void;
  /** The task's conversation, or its approval when it waits on one. */
  showTask(id: string): void;
  stopTask(id: string): void;
  /** The approvals waiting, in the window of the project they belong to. */
  reviewApprovals(): void;
  quit(): void;
  now?(): number;
}

export interface AppTray {
  /** Rebuild the menu (e.g. after the recent list changed). */
  refresh(): void;
  setTasks(tasks: readonly BackgroundTaskView[]): void;
  /** How many permission requests wait for a person, across projects (tooltip and menu). */
  setWaiting(count: number): void;
  destroy(): void;
}

const MARK: Record<BackgroundTaskStatus, string> = {
  starting: '▶',
  running: '▶',
  'needs-approval': '⚠',
  done: '✓',
  failed: '✗',
  stopped: '■',
};

/** "nightly deps — Running npm test · $0.04", "nightly deps — needs your approval", "nightly deps — finished · $0.12". */
export function trayTaskLabel(t: BackgroundTaskView): string {
  const what =
    t.status === 'needs-approval'
      ? 'needs your approval'
      : t.status === 'running' || t.status === 'starting'
        ? (t.activity ?? 'running')
        : { done: 'finished', failed: 'failed', stopped: 'stopped' }[t.status];
  // What it cost so far stays in sight: a long activity is cut, never the money.
  const cost = t.usage?.costUsd != null ? ` · $${t.usage.costUsd.toFixed(2)}` : '';
  const line = `${MARK[t.status]} ${t.name} — ${what}`;
  const room = 70 - cost.length;
  return `${line.length > room ? `${line.slice(0, room - 1)}…` : line}${cost}`;
}

/** Running ones first (newest first), then the latest few that ended. */
export function trayTasks(tasks: readonly BackgroundTaskView[]): BackgroundTaskView[] {
  const live = tasks.filter((t) => !isEnded(t.status));
  const ended = tasks.filter((t) => isEnded(t.status)).slice(0, ENDED_SHOWN);
  return [...live, ...ended].slice(0, TRAY_TASKS_MAX);
}

function taskItem(a: TrayActions, t: BackgroundTaskView, now: number): MenuItemConstructorOptions {
  const elapsed = formatDuration(Math.max(0, (t.endedAt ?? now) - t.createdAt));
  return {
    label: trayTaskLabel(t),
    submenu: [
      { label: `${t.where} · ${elapsed} · ${taskProgressWords(t)}`, enabled: false },
      ...(t.budgetUsd !== undefined ? [{ label: taskBudgetWords(t), enabled: false }] : []),
      ...(t.outcome && isEnded(t.status) ? [{ label: t.outcome.split('\n')[0]!.slice(0, 80), enabled: false }] : []),
      { type: 'separator' },
      { label: t.status === 'needs-approval' ? 'Review Approval…' : 'Show Conversation', click: () => a.showTask(t.id) },
      { label: 'Stop Task', enabled: !isEnded(t.status), click: () => a.stopTask(t.id) },
    ],
  };
}

export function trayMenuTemplate(a: TrayActions, tasks: readonly BackgroundTaskView[], waiting = 0): MenuItemConstructorOptions[] {
  const recent = a.recent();
  const now = a.now?.() ?? Date.now();
  const shown = trayTasks(tasks);
  const n = countOf(waiting);
  return [
    { label: 'New Task…', click: () => a.newTask() },
    { label: 'Open Agent Desk', click: () => a.openApp() },
    { type: 'separator' },
    ...(shown.length
      ? [{ label: 'Background Tasks', enabled: false }, ...shown.map((t) => taskItem(a, t, now)), { type: 'separator' as const }]
      : []),
    n > 0 ? { label: `${n} Approval${n === 1 ? '' : 's'} Waiting…`, click: () => a.reviewApprovals() } : { label: 'No Approvals Waiting', enabled: false },
    { type: 'separator' },
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
  let tasks: readonly BackgroundTaskView[] = [];
  let waiting = 0;
  const rebuild = () => tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(actions, tasks, waiting)));
  rebuild();
  return {
    refresh: rebuild,
    setTasks(next) {
      tasks = [...next];
      rebuild();
    },
    setWaiting(count) {
      tray.setToolTip(trayTooltip(count));
      if (countOf(count) === waiting) return;
      waiting = countOf(count);
      rebuild();
    },
    destroy: () => tray.destroy(),
  };
}
