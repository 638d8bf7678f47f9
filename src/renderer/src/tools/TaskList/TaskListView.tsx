// TaskList's card (issue 18 items 3, 4): "Looked at the to-do list", its answer folded behind Show
// output (the panel shows the list itself).
import type { ReactNode } from 'react';
import { TASK_LIST_GROUP_KEY } from '../shared/task-list-facts';
import { TaskListGrouped } from '../shared/TaskListGrouped';
import type { ToolViewParts } from '../types';

function TaskListUse(): ReactNode {
  return null;
}

export const taskListView: ToolViewParts = {
  subject: () => 'the to-do list',
  title: (call) => (call.state === 'succeeded' ? 'Looked at the to-do list' : 'Look at the to-do list'),
  Use: TaskListUse,
  startsFolded: () => true,
  groupKey: TASK_LIST_GROUP_KEY,
  Grouped: TaskListGrouped,
};
