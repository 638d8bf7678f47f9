// TaskUpdate's card (issue 18 items 3, 4): what changed on the to-do list in one line — "Started #1 Read
// the parser", "Finished #1 …", "Removed #2", "Updated #3 · waits for #1" — and, when it was refused,
// why (the task does not exist, the dependency would go round in a circle).
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { CHANGE_VERBS, TASK_LIST_GROUP_KEY, updateFacts } from '../shared/task-list-facts';
import { TaskListGrouped } from '../shared/TaskListGrouped';
import type { ToolViewParts } from '../types';

function TaskUpdateUse(): ReactNode {
  return null;
}

function title(call: ToolCallView): string {
  const f = updateFacts(call);
  const verb = CHANGE_VERBS[f.change][call.state === 'succeeded' ? 1 : 0];
  const links = [f.waitsFor.length ? `waits for ${f.waitsFor.map((x) => `#${x}`).join(', ')}` : '', f.holdsUp.length ? `holds up ${f.holdsUp.map((x) => `#${x}`).join(', ')}` : ''].filter(Boolean);
  return `${verb} #${f.id}${f.subject ? ` ${f.subject}` : ''}${links.length ? ` · ${links.join(', ')}` : ''}`;
}

export const taskUpdateView: ToolViewParts = {
  subject: (call) => {
    const f = updateFacts(call);
    return `#${f.id}${f.subject ? ` ${f.subject}` : ''}`;
  },
  title,
  Use: TaskUpdateUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Saved' : null),
  // A refusal's reason is the result text, shown as the card's problem; nothing else to unfold.
  hasOutput: ({ call }) => call.result?.isError === true,
  groupKey: TASK_LIST_GROUP_KEY,
  Grouped: TaskListGrouped,
};
