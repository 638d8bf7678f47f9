// Which processes belong to a task: the root, its descendants by parent pid, and every member of its
// process group (a child whose parent died is re-parented away but stays in the group).
import type { ProcessEntry } from './process-table';

/** The task's processes, root first, then breadth first; zombies (already exited) are left out. */
export function processTree(entries: ReadonlyMap<number, ProcessEntry>, rootPid: number, groupId?: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const e of entries.values()) {
    const list = children.get(e.parentPid);
    if (list) list.push(e);
    else children.set(e.parentPid, [e]);
  }
  const seen = new Set<number>();
  const out: ProcessEntry[] = [];
  const queue: ProcessEntry[] = [];
  const root = entries.get(rootPid);
  if (root) queue.push(root);
  if (groupId !== undefined && groupId > 1) {
    for (const e of entries.values()) if (e.groupId === groupId && e.pid !== rootPid) queue.push(e);
  }
  while (queue.length > 0) {
    const e = queue.shift()!;
    if (seen.has(e.pid)) continue;
    seen.add(e.pid);
    if (!e.zombie) out.push(e);
    for (const c of children.get(e.pid) ?? []) if (!seen.has(c.pid)) queue.push(c);
  }
  return out;
}
