// The desktop side of the approval inbox (issue 5 item 6, DK3): counts the permission requests waiting
// across projects (dock/taskbar badge and tray tooltip) and, when nobody is looking — no window
// focused, or the request's project has no window — shows a native notification that opens it.
import { app, Notification } from 'electron';
import type { PermissionRequestView } from '../../shared/permissions/request';
import type { SessionEvent } from '../../shared/session-events';
import type { EventBus } from '../app/ports';
import type { Logger } from '../base/log';
import { approvalBody, NOTIFICATION_TITLE } from './approval-text';
import type { AppTray } from './tray';
import type { ProjectWindows } from './windows';

export interface ApprovalNotifierDeps {
  bus: EventBus;
  windows: ProjectWindows;
  /**
   * Brings the project's window forward, opening one if it has none (a click on the notification);
   * with a background task's request, that request opens in the window to be answered (DK3).
   */
  showProject(projectDir: string, requestId?: string): void;
  /** The tray, once it exists (null when the system has none). */
  tray(): AppTray | null;
  log: Logger;
}

export interface ApprovalNotifier {
  /** Requests waiting for a person, across projects. */
  waiting(): number;
  /** The oldest request waiting, and its project (the tray's "Approvals Waiting…"). */
  firstWaiting(): { projectDir: string; requestId: string } | null;
  dispose(): void;
}

type Waiting = { projectDir: string; request: PermissionRequestView };

export function createApprovalNotifier(deps: ApprovalNotifierDeps): ApprovalNotifier {
  const { windows, log } = deps;
  const waiting = new Map<string, Waiting>();
  /** One notification per project at a time: a new request replaces it, so seven reads are not seven popups. */
  const shown = new Map<string, Notification>();
  let lastCount = -1;

  const inProject = (projectDir: string) => [...waiting.values()].filter((w) => w.projectDir === projectDir).length;

  function showCount(): void {
    const n = waiting.size;
    if (n === lastCount) return;
    lastCount = n;
    try {
      app.setBadgeCount(n);
    } catch (err) {
      log.debug('desktop: no badge count on this system', err);
    }
    deps.tray()?.setWaiting(n);
  }

  function nobodyLooking(projectDir: string): boolean {
    const all = windows.all();
    return !all.some((e) => e.win.isFocused()) || !windows.forProject(projectDir);
  }

  function close(projectDir: string): void {
    const n = shown.get(projectDir);
    if (!n) return;
    shown.delete(projectDir);
    try {
      n.close();
    } catch (err) {
      log.debug('desktop: could not close a notification', err);
    }
  }

  function notify(projectDir: string, request: PermissionRequestView): void {
    try {
      if (!Notification.isSupported()) return;
      close(projectDir);
      const n = new Notification({ title: NOTIFICATION_TITLE, body: approvalBody(request, projectDir, inProject(projectDir)) });
      n.on('click', () => {
        close(projectDir);
        // A conversation's request is shown by its window anyway; a task's has no conversation on screen.
        if (request.origin?.kind === 'task' && waiting.has(request.requestId)) deps.showProject(projectDir, request.requestId);
        else deps.showProject(projectDir);
      });
      // Dismissed by the person or the system: forget it (the map also keeps it from being collected).
      n.on('close', () => {
        if (shown.get(projectDir) === n) shown.delete(projectDir);
      });
      shown.set(projectDir, n);
      n.show();
    } catch (err) {
      log.warn('desktop: could not show an approval notification', err);
    }
  }

  const unsubscribe = deps.bus.subscribe((channel, payload, scope) => {
    if (channel !== 'session:event' || scope.projectDir === null) return;
    const ev = payload as SessionEvent;
    if (ev.type === 'permission_request') {
      waiting.set(ev.request.requestId, { projectDir: scope.projectDir, request: ev.request });
      showCount();
      if (nobodyLooking(scope.projectDir)) notify(scope.projectDir, ev.request);
    } else if (ev.type === 'permission_resolved') {
      const w = waiting.get(ev.requestId);
      if (!w) return;
      waiting.delete(ev.requestId);
      showCount();
      if (inProject(w.projectDir) === 0) close(w.projectDir);
    }
  });

  return {
    waiting: () => waiting.size,
    firstWaiting() {
      const first = [...waiting.values()].sort((a, b) => (a.request.createdAt ?? 0) - (b.request.createdAt ?? 0))[0];
      return first ? { projectDir: first.projectDir, requestId: first.request.requestId } : null;
    },
    dispose() {
      unsubscribe();
      for (const dir of [...shown.keys()]) close(dir);
    },
  };
}
