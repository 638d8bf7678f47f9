// Watching the background-tasks folder instead of reading it over and over (issue 18): the folder itself
// tells of tasks that appear or go, each running task's own folder of its record, its requests and its
// events. Linux's fs.watch sees one folder deep, so a running task's folder is watched on its own while
// it runs. An idle app with no task running watches one folder and does nothing; a slow look (the
// service's) covers file systems where a watch misses changes.
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../base/log';

export interface TaskChange {
  /** The task whose folder changed; null when tasks appeared or went. */
  taskId: string | null;
  /** `events`: only its event log grew (a window following it reads on); `state`: its record or requests changed. */
  what: 'state' | 'events';
}

export interface TaskFolderWatch {
  /** Watches exactly these tasks' folders (the running ones) from now on. */
  follow(ids: readonly string[]): void;
  close(): void;
}

/** What a change of this file in a task's folder means; null for files that say nothing (temp files, the log, replies). */
export function changeOf(file: string | null): TaskChange['what'] | null {
  if (file === 'events.jsonl') return 'events';
  if (file === 'task.json' || file === 'approvals.json') return 'state';
  // Without a name (some systems) anything may have changed.
  return file === null ? 'state' : null;
}

/** Null when the folder cannot be watched at all (the caller looks more often instead). */
export function watchTaskFolders(root: string, onChange: (c: TaskChange) => void, log: Logger): TaskFolderWatch | null {
  const open = (dir: string, on: (file: string | null) => void): FSWatcher | null => {
    try {
      const w = watch(dir, { persistent: false }, (_kind, file) => on(file === null ? null : String(file)));
      w.on('error', (err) => log.debug(`background tasks: stopped watching ${dir}`, err));
      return w;
    } catch (err) {
      log.debug(`background tasks: cannot watch ${dir}`, err);
      return null;
    }
  };
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
  } catch (err) {
    log.debug(`background tasks: cannot make ${root}`, err);
  }
  const top = open(root, () => onChange({ taskId: null, what: 'state' }));
  if (!top) return null;
  const tasks = new Map<string, FSWatcher | null>();
  return {
    follow(ids) {
      const wanted = new Set(ids);
      for (const [id, w] of tasks) {
        if (wanted.has(id)) continue;
        w?.close();
        tasks.delete(id);
      }
      for (const id of wanted) {
        if (tasks.has(id)) continue;
        tasks.set(
          id,
          open(path.join(root, id), (file) => {
            const what = changeOf(file);
            if (what) onChange({ taskId: id, what });
          }),
        );
      }
    },
    close() {
      top.close();
      for (const w of tasks.values()) w?.close();
      tasks.clear();
    },
  };
}
