// TaskUpdate's rules as a pure function of the list and the input: which fields change (only real
// changes count, as in Claude Code), metadata merged (null deletes a key), `deleted` removes the task
// and every reference to it, and dependencies added on both sides — refused whole, with the reason,
// when they name a task that does not exist, the task itself, or would close a cycle.
import type { TaskUpdateData, TaskUpdateInput } from '../../../shared/tools/task-update';
import type { WorkItem } from '../../../shared/tools/work-items';
import type { WorkListState } from '../../tasks/work-list';

export const normalizeId = (id: string): string => id.trim().replace(/^#/, '');

type Outcome = { state?: WorkListState; result: TaskUpdateData };

const failed = (taskId: string, error: string): Outcome => ({ result: { success: false, taskId, updatedFields: [], error } });

/** The chain from `start` along `blocks` edges to `goal`, if there is one. */
function pathAlongBlocks(byId: Map<string, WorkItem>, start: string, goal: string): string[] | null {
  const seen = new Set<string>();
  const stack: string[][] = [[start]];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const at = path[path.length - 1]!;
    if (at === goal) return path;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const next of byId.get(at)?.blocks ?? []) stack.push([...path, next]);
  }
  return null;
}

/** Adds "from blocks to" on both sides; an error sentence when it cannot be added. */
function addEdge(byId: Map<string, WorkItem>, from: string, to: string): string | null {
  if (from === to) return `Task #${from} cannot block itself.`;
  const a = byId.get(from);
  const b = byId.get(to);
  if (!a) return `Task #${from} not found.`;
  if (!b) return `Task #${to} not found.`;
  const cycle = pathAlongBlocks(byId, to, from);
  if (cycle) return `Task #${from} cannot block #${to}: that would make a cycle (${[from, ...cycle].map((id) => `#${id}`).join(' → ')}).`;
  if (!a.blocks.includes(to)) byId.set(from, { ...a, blocks: [...a.blocks, to] });
  if (!b.blockedBy.includes(from)) byId.set(to, { ...byId.get(to)!, blockedBy: [...b.blockedBy, from] });
  return null;
}

export function applyUpdate(state: WorkListState, input: TaskUpdateInput): Outcome {
  const taskId = normalizeId(input.taskId);
  const existing = state.items.find((t) => t.id === taskId);
  if (!existing) return failed(taskId, 'Task not found');

  if (input.status === 'deleted') {
    const items = state.items
      .filter((t) => t.id !== taskId)
      .map((t) =>
        t.blocks.includes(taskId) || t.blockedBy.includes(taskId)
          ? { ...t, blocks: t.blocks.filter((id) => id !== taskId), blockedBy: t.blockedBy.filter((id) => id !== taskId) }
          : t,
      );
    return {
      state: { ...state, items },
      result: { success: true, taskId, updatedFields: ['deleted'], statusChange: { from: existing.status, to: 'deleted' } },
    };
  }

  const updated: WorkItem = { ...existing };
  const fields: string[] = [];
  const set = <K extends 'subject' | 'description' | 'activeForm' | 'owner'>(key: K, value: WorkItem[K] | undefined) => {
    if (value === undefined || value === existing[key]) return;
    updated[key] = value;
    fields.push(key);
  };
  set('subject', input.subject);
  set('description', input.description);
  set('activeForm', input.activeForm);
  set('owner', input.owner);
  if (input.metadata !== undefined) {
    const merged: Record<string, unknown> = { ...(existing.metadata ?? {}) };
    for (const [key, value] of Object.entries(input.metadata)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    updated.metadata = merged;
    fields.push('metadata');
  }
  let statusChange: TaskUpdateData['statusChange'];
  if (input.status !== undefined && input.status !== existing.status) {
    updated.status = input.status;
    fields.push('status');
    statusChange = { from: existing.status, to: input.status };
  }

  const byId = new Map(state.items.map((t) => [t.id, t]));
  byId.set(taskId, updated);
  const blocksBefore = updated.blocks.length;
  for (const target of (input.addBlocks ?? []).map(normalizeId)) {
    const error = addEdge(byId, taskId, target);
    if (error) return failed(taskId, error);
  }
  if (byId.get(taskId)!.blocks.length > blocksBefore) fields.push('blocks');
  const blockedByBefore = updated.blockedBy.length;
  for (const blocker of (input.addBlockedBy ?? []).map(normalizeId)) {
    const error = addEdge(byId, blocker, taskId);
    if (error) return failed(taskId, error);
  }
  if (byId.get(taskId)!.blockedBy.length > blockedByBefore) fields.push('blockedBy');

  const after = byId.get(taskId)!;
  const result: TaskUpdateData = { success: true, taskId, updatedFields: fields, ...(statusChange ? { statusChange } : {}), subject: after.subject };
  if (fields.length === 0) return { result };
  return { state: { ...state, items: state.items.map((t) => byId.get(t.id)!) }, result };
}
