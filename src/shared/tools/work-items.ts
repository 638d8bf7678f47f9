// The task list's work items as Claude Code's Task tools keep them (id, subject, description,
// activeForm, owner, status, blocks/blockedBy, metadata), shared by the tools in main, their cards and
// the task list panel; plus the pure reading of a list: open blockers, progress, what is current.
import { z } from 'zod';

export const WORK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export const WorkStatus = z.enum(WORK_STATUSES);
export type WorkStatus = z.infer<typeof WorkStatus>;

export const WorkItem = z.object({
  /** "1", "2", … in creation order; never reused in a list, even after a deletion. */
  id: z.string(),
  subject: z.string(),
  description: z.string(),
  /** Shown while it is in progress ("Running tests"). */
  activeForm: z.string().optional(),
  /** The agent working on it, when one took it. */
  owner: z.string().optional(),
  status: WorkStatus,
  /** Tasks that cannot start until this one is completed. */
  blocks: z.array(z.string()),
  /** Tasks that must be completed before this one can start. */
  blockedBy: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type WorkItem = z.infer<typeof WorkItem>;

/** Claude Code hides tasks whose metadata says `_internal` from TaskList (and so does the panel). */
export function isVisible(item: WorkItem): boolean {
  return !item.metadata?._internal;
}

/** The ids in `item.blockedBy` that are still open (not completed, and still in the list). */
export function openBlockers(item: WorkItem, items: readonly WorkItem[]): string[] {
  const open = new Set(items.filter((t) => t.status !== 'completed').map((t) => t.id));
  return item.blockedBy.filter((id) => open.has(id));
}

export interface WorkProgress {
  done: number;
  total: number;
  /** The item being worked on (the first in progress), if any. */
  current: WorkItem | null;
}

export function workProgress(items: readonly WorkItem[]): WorkProgress {
  const shown = items.filter(isVisible);
  return {
    done: shown.filter((t) => t.status === 'completed').length,
    total: shown.length,
    current: shown.find((t) => t.status === 'in_progress') ?? null,
  };
}

/** Numeric ids in numeric order ("2" before "10"); others after, by text. */
export function byId(a: WorkItem, b: WorkItem): number {
  const na = Number(a.id);
  const nb = Number(b.id);
  if (Number.isInteger(na) && Number.isInteger(nb)) return na - nb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
