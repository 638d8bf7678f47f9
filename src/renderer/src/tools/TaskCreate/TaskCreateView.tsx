// TaskCreate's card (issue 18 items 3, 4): one line — "Added to the to-do list: #1 Read the parser" —
// since the list itself lives in the to-do panel beside the conversation.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { createdFacts, TASK_LIST_GROUP_KEY } from '../shared/task-list-facts';
import { TaskListGrouped } from '../shared/TaskListGrouped';
import type { ToolViewParts } from '../types';

function TaskCreateUse(): ReactNode {
  return null;
}

export const taskCreateView: ToolViewParts = {
  subject: (call) => createdFacts(call).subject,
  title: (call: ToolCallView) => {
    const f = createdFacts(call);
    return call.state === 'succeeded' ? `Added to the to-do list: ${f.id ? `#${f.id} ` : ''}${f.subject}` : `Add to the to-do list: ${f.subject}`;
  },
  Use: TaskCreateUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Added' : null),
  hasOutput: () => false,
  groupKey: TASK_LIST_GROUP_KEY,
  Grouped: TaskListGrouped,
};
