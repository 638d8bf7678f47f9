// What a Task tool call did, in the to-do panel's words (issue 18 items 3, 4), read from its input and
// result as plain data — live calls and calls rebuilt from a reopened transcript alike — and the one
// line for a run of them ("Updated the to-do list: added #1 Read the parser, started #1").
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { oneLine } from '../input-summary';

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const id = (v: unknown): string => str(v).trim().replace(/^#/, '');

/** Task tool calls group together (UI1): one line for a run of list changes. */
export const TASK_LIST_GROUP_KEY = 'task-list';

export function createdFacts(call: ToolCallView): { id: string; subject: string } {
  const task = record(record(call.result?.data).task);
  return { id: str(task.id), subject: str(record(call.input).subject) };
}

type Change = 'started' | 'finished' | 'removed' | 'reopened' | 'updated';
const CHANGE: Record<string, Change> = { in_progress: 'started', completed: 'finished', deleted: 'removed', pending: 'reopened' };
/** Verbs before (the call is asked for) and after (it succeeded). */
export const CHANGE_VERBS: Record<Change, [string, string]> = {
  started: ['Start', 'Started'],
  finished: ['Finish', 'Finished'],
  removed: ['Remove', 'Removed'],
  reopened: ['Put back', 'Put back'],
  updated: ['Update', 'Updated'],
};

export function updateFacts(call: ToolCallView): { id: string; change: Change; subject: string; waitsFor: string[]; holdsUp: string[] } {
  const input = record(call.input);
  const list = (v: unknown) => (Array.isArray(v) ? v.map(id).filter(Boolean) : []);
  return {
    id: id(input.taskId),
    change: CHANGE[str(input.status)] ?? 'updated',
    subject: str(record(call.result?.data).subject) || str(input.subject),
    waitsFor: list(input.addBlockedBy),
    holdsUp: list(input.addBlocks),
  };
}

/** Short words of one call for a group's line. */
const SHORT: Record<string, (call: ToolCallView) => string> = {
  TaskCreate: (c) => {
    const f = createdFacts(c);
    return `added ${f.id ? `#${f.id} ` : ''}${oneLine(f.subject, 40)}`;
  },
  TaskUpdate: (c) => {
    const f = updateFacts(c);
    return `${CHANGE_VERBS[f.change][1].toLowerCase()} #${f.id}`;
  },
  TaskList: () => 'looked at it',
  TaskGet: (c) => `read #${id(record(c.input).taskId)}`,
};

export function taskListShortWords(call: ToolCallView): string {
  return Object.hasOwn(SHORT, call.name) ? SHORT[call.name]!(call) : call.name;
}
