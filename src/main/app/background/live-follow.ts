// Following running tasks live (issue 18, a task watched as it works): each host reads the events of its
// running tasks' sessions as they are logged and publishes them as the same `session:event`s a
// conversation of this process sends, so a window showing the task's conversation streams its text,
// calls and output like any other. It also keeps each one folded (live-view.ts) for a window that opens
// the conversation meanwhile. Its status is the task's: running while the task runs, idle once the task
// has ended and its conversation is the windows' to continue — never the worker's own idle, which comes
// a moment before the task's record says it ended. Requests are not relayed: the approvals file is
// their truth (service.ts).
import type { SessionEvent } from '../../../shared/session-events';
import type { SessionStatus } from '../../../shared/transcript';
import { isEnded, type BackgroundTaskView } from '../../../shared/background-tasks';
import type { Logger } from '../../base/log';
import type { EventBus } from '../ports';
import { emptyLiveView, foldLive, type LiveView } from './live-view';

export interface FollowedTask {
  task: BackgroundTaskView;
  view: LiveView;
}

export interface TaskFollowerOptions {
  bus: EventBus;
  log: Logger;
  /** The task's events from a cursor on (its host's reader). */
  read(task: BackgroundTaskView, from: number): Promise<{ events: SessionEvent[]; next: number }>;
  /** A task ended: its conversation is the windows' again (drop any copy read while it ran). */
  released?(projectDir: string, sessionId: string): Promise<void> | void;
}

export interface TaskFollower {
  /** After each look at the tasks: follows the running ones, reads what is new, lets go of ended ones. `quiet`: fold without publishing (a host's first look). */
  update(tasks: BackgroundTaskView[], quiet?: boolean): Promise<void>;
  /** Reads what is new for one task now (its events changed). */
  poke(taskId: string): Promise<void>;
  /** The followed task working in this conversation, with its folded view. */
  bySession(sessionId: string): FollowedTask | null;
  /** Tells the task's windows it is stopping. */
  stopping(taskId: string): void;
}

const NOT_RELAYED = new Set<SessionEvent['type']>(['permission_request', 'permission_resolved', 'status']);

interface Followed extends FollowedTask {
  sessionId: string;
  cursor: number;
  /** Reads of this task, one after another. */
  chain: Promise<void>;
}

export function createTaskFollower(opts: TaskFollowerOptions): TaskFollower {
  const { bus, log } = opts;
  const followed = new Map<string, Followed>();

  const status = (f: Followed, s: SessionStatus) => bus.publish('session:event', { type: 'status', sessionId: f.sessionId, status: s }, { projectDir: f.task.projectDir });

  async function readNew(f: Followed, quiet: boolean): Promise<void> {
    for (;;) {
      const from = f.cursor;
      const { events, next } = await opts.read(f.task, from);
      f.cursor = next;
      // Until the log is read to its end (a long one comes in pieces); a reader that does not move on ends it.
      if (events.length === 0 || next === from) return;
      for (const ev of events) {
        if (ev.sessionId !== f.sessionId) continue;
        foldLive(f.view, ev);
        if (!quiet && !NOT_RELAYED.has(ev.type)) bus.publish('session:event', ev, { projectDir: f.task.projectDir });
      }
    }
  }

  /** Runs `step` after the task's earlier reads; a failure is logged, never thrown. */
  const queue = (f: Followed, step: () => Promise<void>): Promise<void> => {
    f.chain = f.chain.then(step).catch((err: unknown) => log.warn(`background task ${f.task.id}: could not follow its events`, err));
    return f.chain;
  };

  return {
    async update(tasks, quiet = false) {
      const work: Promise<void>[] = [];
      for (const t of tasks) {
        const f = followed.get(t.id);
        if (!f) {
          if (isEnded(t.status) || !t.sessionId) continue;
          const fresh: Followed = { task: t, sessionId: t.sessionId, view: emptyLiveView(), cursor: 0, chain: Promise.resolve() };
          followed.set(t.id, fresh);
          status(fresh, 'running');
          work.push(queue(fresh, () => readNew(fresh, quiet)));
          continue;
        }
        f.task = t;
        if (!isEnded(t.status)) {
          work.push(queue(f, () => readNew(f, false)));
          continue;
        }
        // Its last events first, then the conversation is handed back.
        work.push(
          queue(f, async () => {
            await readNew(f, false);
            followed.delete(t.id);
            await opts.released?.(t.projectDir, f.sessionId);
            status(f, 'idle');
          }),
        );
      }
      await Promise.all(work);
    },
    async poke(taskId) {
      const f = followed.get(taskId);
      if (f) await queue(f, () => readNew(f, false));
    },
    bySession(sessionId) {
      for (const f of followed.values()) if (f.sessionId === sessionId) return f;
      return null;
    },
    stopping(taskId) {
      const f = followed.get(taskId);
      if (f) status(f, 'stopping');
    },
  };
}
