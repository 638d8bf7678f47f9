// A task list (the work items of Claude Code's Task tools) kept in one JSON file: read again when another
// process changed it, changed one step at a time (a queue, so two calls never interleave), written
// atomically, and announced to subscribers after each change. A file it cannot read is moved aside
// (kept, never overwritten) with a log line, and the list starts again empty.
import { rename, stat, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { WorkItem } from '../../shared/tools/work-items';
import type { Logger } from '../base/log';
import { writeFileAtomic } from '../fs/atomic-write';

/** A list holds at most this many items (PX8): creating more is refused with a clear error. */
export const WORK_LIST_MAX_ITEMS = 1000;

export interface WorkListState {
  /** The next id to give: ids are never reused, even after a deletion (as in Claude Code). */
  nextId: number;
  items: WorkItem[];
}

const FileShape = z.object({ version: z.literal(1), nextId: z.number().int().positive(), items: z.array(z.unknown()) });

export interface WorkListStore {
  readonly file: string;
  read(): Promise<WorkListState>;
  /** Runs `fn` on the current state; a returned `state` (a new object) is saved and announced. */
  change<T>(fn: (state: WorkListState) => { state?: WorkListState; result: T }): Promise<T>;
  /** Called with the items after every change; returns an unsubscribe function. */
  subscribe(listener: (items: WorkItem[]) => void): () => void;
}

const EMPTY: WorkListState = { nextId: 1, items: [] };

export function createWorkListStore(file: string, log: Logger): WorkListStore {
  // Every write replaces the file (a new inode), so inode, size and time tell whether anyone wrote since.
  let cached: { state: WorkListState; ino: number; mtimeMs: number; size: number } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(items: WorkItem[]) => void>();

  async function moveAside(why: string): Promise<void> {
    const aside = `${file}.unreadable-${Date.now()}`;
    await rename(file, aside).catch(() => undefined);
    log.warn(`task list ${file}: ${why}; it was kept as ${aside} and the list starts again empty`);
  }

  async function load(): Promise<WorkListState> {
    let st;
    try {
      st = await stat(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      cached = null;
      return EMPTY;
    }
    if (cached && cached.ino === st.ino && cached.mtimeMs === st.mtimeMs && cached.size === st.size) return cached.state;
    let parsed: z.infer<typeof FileShape>;
    try {
      parsed = FileShape.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      await moveAside('it is not a task list Agent Desk can read');
      cached = null;
      return EMPTY;
    }
    const items: WorkItem[] = [];
    for (const raw of parsed.items) {
      const r = WorkItem.safeParse(raw);
      if (r.success) items.push(r.data);
    }
    if (items.length !== parsed.items.length) {
      // Keep the whole file before the next write drops what could not be read.
      await moveAside(`${parsed.items.length - items.length} of its tasks could not be read`);
      const state = { nextId: parsed.nextId, items };
      await save(state);
      return state;
    }
    const state = { nextId: parsed.nextId, items };
    cached = { state, ino: st.ino, mtimeMs: st.mtimeMs, size: st.size };
    return state;
  }

  async function save(state: WorkListState): Promise<void> {
    const text = `${JSON.stringify({ version: 1, nextId: state.nextId, items: state.items }, null, 2)}\n`;
    await writeFileAtomic(file, new TextEncoder().encode(text));
    const st = await stat(file);
    cached = { state, ino: st.ino, mtimeMs: st.mtimeMs, size: st.size };
  }

  function announce(items: WorkItem[]): void {
    for (const l of listeners) {
      try {
        l(items);
      } catch (err) {
        log.warn('a task list listener failed', err);
      }
    }
  }

  // One step at a time: each starts after the previous one settled, whatever its outcome.
  function serial<T>(step: () => Promise<T>): Promise<T> {
    const run = queue.then(step, step);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    file,
    read: () => serial(load),
    change: (fn) =>
      serial(async () => {
        const before = await load();
        const { state, result } = fn(before);
        if (state && state !== before) {
          await save(state);
          announce(state.items);
        }
        return result;
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The context's task list; a clear error where there is none (a context that was given no list). */
export function requireWorkList(holder: { workList?: WorkListStore }): WorkListStore {
  if (!holder.workList) throw new Error('This conversation has no task list.');
  return holder.workList;
}
