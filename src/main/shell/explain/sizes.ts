// How much is at a path a command would touch ("build/ — 214 files, 3.1 MB"), counted by a bounded
// walk that never follows links and gives up early on huge trees (the approval window must not wait).
import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';
import type { PathContents } from '../../../shared/permissions/command-explanation';

export interface SizeBudget {
  /** Entries looked at, over every path of one command line. */
  maxEntries: number;
  /** Wall time for the whole look. */
  maxMs: number;
}

export const DEFAULT_SIZE_BUDGET: SizeBudget = { maxEntries: 20_000, maxMs: 300 };

interface Walk {
  entries: number;
  deadline: number;
  budget: SizeBudget;
}

const spent = (w: Walk): boolean => w.entries >= w.budget.maxEntries || Date.now() >= w.deadline;

async function walkFolder(dir: string, w: Walk, into: PathContents): Promise<void> {
  const queue = [dir];
  while (queue.length > 0) {
    if (spent(w)) {
      into.more = true;
      return;
    }
    const folder = queue.shift()!;
    let handle;
    try {
      handle = await opendir(folder, { bufferSize: 256 });
    } catch {
      continue; // A folder it may not read: counted as empty, like a person's file manager would.
    }
    try {
      for await (const entry of handle) {
        w.entries++;
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) queue.push(full);
        else {
          into.files++;
          if (entry.isFile()) {
            try {
              into.bytes += (await lstat(full)).size;
            } catch {
              // Gone since it was listed.
            }
          }
        }
        if (spent(w)) {
          // Leaving the loop closes the handle.
          into.more = true;
          return;
        }
      }
    } catch {
      // Opened but not listable (some mounts refuse reading even to root): what was seen counts, and
      // the count says there may be more rather than failing the whole explanation.
      into.more = true;
    }
  }
}

/** What is at `target` now: null when it cannot be read, undefined when nothing is there. */
async function measureOne(target: string, w: Walk): Promise<PathContents | null | undefined> {
  let st;
  try {
    st = await lstat(target);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? undefined : null;
  }
  w.entries++;
  if (st.isFile()) return { kind: 'file', files: 1, bytes: st.size };
  if (!st.isDirectory()) return { kind: 'other', files: 0, bytes: 0 };
  const contents: PathContents = { kind: 'folder', files: 0, bytes: 0 };
  await walkFolder(target, w, contents);
  return contents;
}

/** Each target's contents, in order, within one shared budget. */
export async function measurePaths(targets: readonly string[], budget: SizeBudget = DEFAULT_SIZE_BUDGET): Promise<Array<PathContents | null | undefined>> {
  const w: Walk = { entries: 0, deadline: Date.now() + budget.maxMs, budget };
  const out: Array<PathContents | null | undefined> = [];
  for (const t of targets) out.push(await measureOne(t, w));
  return out;
}
