// The tray's background tasks (DK3), wired: every change of the tasks rebuilds the tray's task section; a
// task that finishes or fails shows a native notification whose click opens its conversation; Show and
// Stop act on one task; quitting while tasks run asks whether to leave them running or stop them.
// (A task's approval is notified like any other: approval-notifier.ts.)
import { dialog, Notification } from 'electron';
import { isEnded, type BackgroundTaskView } from '../../shared/background-tasks';
import type { BackgroundTasks } from '../app/background/service';
import type { Logger } from '../base/log';
import type { AppTray } from './tray';

/** What a window is asked to show: a task's conversation, or one request to review. */
export interface Reveal {
  taskId?: string;
  sessionId?: string;
  requestId?: string;
}

export interface TaskTrayDeps {
  background: BackgroundTasks;
  tray(): AppTray | null;
  /** Brings the project's window forward (opening one) and has it show `what`. */
  reveal(projectDir: string, what: Reveal): void;
  log: Logger;
}

export interface TaskTray {
  /** Tasks as last seen, newest first. */
  tasks(): BackgroundTaskView[];
  /** The task's approval when it waits on one, else its conversation. */
  show(id: string): void;
  stop(id: string): Promise<void>;
  /** Before quitting: true to go on at once (nothing runs), else the person's choice once asked. */
  confirmQuit(): true | Promise<boolean>;
  dispose(): void;
}

/** How long "Stop them and quit" waits for the tasks to end their turns. */
const STOP_ALL_TIMEOUT_MS = 15_000;
export const QUIT_BUTTONS = ['Leave Them Running and Quit', 'Stop Them and Quit', 'Cancel'] as const;

export function finishedBody(t: BackgroundTaskView): string {
  const outcome = (t.outcome ?? '').split('\n')[0]!.trim();
  const clipped = outcome.length > 120 ? `${outcome.slice(0, 119)}…` : outcome;
  return `“${t.name}” in ${t.where}${clipped ? `\n${clipped}` : ''}`;
}

export function connectTaskTray(deps: TaskTrayDeps): TaskTray {
  const { background, log } = deps;
  let tasks: BackgroundTaskView[] = [];
  /** Kept so a notification is not collected before its click. */
  const shown = new Set<Notification>();

  function notify(t: BackgroundTaskView): void {
    try {
      if (!Notification.isSupported()) return;
      const n = new Notification({ title: t.status === 'done' ? 'Background task finished' : 'Background task failed', body: finishedBody(t) });
      n.on('click', () => {
        shown.delete(n);
        deps.reveal(t.projectDir, { taskId: t.id, ...(t.sessionId ? { sessionId: t.sessionId } : {}) });
      });
      n.on('close', () => shown.delete(n));
      shown.add(n);
      n.show();
    } catch (err) {
      log.warn('desktop: could not show a task notification', err);
    }
  }

  const off = background.subscribe((next) => {
    const before = new Map(tasks.map((t) => [t.id, t.status]));
    tasks = next;
    deps.tray()?.setTasks(next);
    for (const t of next) {
      const was = before.get(t.id);
      // Seen running and now ended on its own: a Stop the person chose needs no notice.
      if (was !== undefined && !isEnded(was) && (t.status === 'done' || t.status === 'failed')) notify(t);
    }
  });
  void background.refresh();

  const running = () => tasks.filter((t) => !isEnded(t.status));
  const stop = async (id: string) => {
    try {
      await background.stop(id);
    } catch (err) {
      log.warn(`desktop: could not stop background task ${id}`, err);
    }
  };

  return {
    tasks: () => tasks,
    show(id) {
      const t = tasks.find((x) => x.id === id);
      if (!t) return;
      if (t.status !== 'needs-approval') return deps.reveal(t.projectDir, { taskId: t.id, ...(t.sessionId ? { sessionId: t.sessionId } : {}) });
      void background.pending(t.projectDir).then((reqs) => {
        const first = reqs.find((r) => r.sessionId === t.sessionId);
        deps.reveal(t.projectDir, { taskId: t.id, ...(first ? { requestId: first.requestId } : t.sessionId ? { sessionId: t.sessionId } : {}) });
      });
    },
    stop,
    confirmQuit() {
      const live = running();
      if (live.length === 0) return true;
      const n = live.length;
      return dialog
        .showMessageBox({
          type: 'question',
          message: n === 1 ? `The background task “${live[0]!.name}” is still running.` : `${n} background tasks are still running.`,
          detail:
            'They can go on after Agent Desk quits. While Agent Desk is closed nobody sees their requests for approval, so those are denied when their time runs out.',
          buttons: [...QUIT_BUTTONS],
          defaultId: 0,
          cancelId: 2,
          noLink: true,
        })
        .then(async ({ response }) => {
          if (response === 2) return false;
          if (response === 1) await Promise.race([Promise.all(live.map((t) => stop(t.id))), new Promise((r) => setTimeout(r, STOP_ALL_TIMEOUT_MS))]);
          return true;
        });
    },
    dispose() {
      off();
      for (const n of shown) n.close();
      shown.clear();
    },
  };
}
