// TaskGet's card (issue 18 items 3, 4): "Read step #2 Fix two-digit years" (or the background command it
// asked about), what it read folded behind Show output.
import type { ReactNode } from 'react';
import { TaskGetData } from '../../../../shared/tools/task-get';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { TASK_LIST_GROUP_KEY } from '../shared/task-list-facts';
import { TaskListGrouped } from '../shared/TaskListGrouped';
import type { ToolViewParts } from '../types';

function subject(call: ToolCallView): string {
  const parsed = TaskGetData.safeParse(call.result?.data);
  const raw = typeof call.input === 'object' && call.input !== null ? (call.input as { taskId?: unknown }).taskId : undefined;
  const id = typeof raw === 'string' ? raw.replace(/^#/, '') : '';
  if (parsed.success && parsed.data.task) return `step #${parsed.data.task.id} ${parsed.data.task.subject}`;
  if (parsed.success && parsed.data.background) return `background ${parsed.data.background.kind === 'agent' ? 'agent' : 'command'} “${parsed.data.background.description ?? parsed.data.background.command}”`;
  return /^\d+$/.test(id) ? `step #${id}` : id;
}

function TaskGetUse(): ReactNode {
  return null;
}

export const taskGetView: ToolViewParts = {
  subject,
  title: (call) => `Read ${subject(call)}`,
  Use: TaskGetUse,
  startsFolded: () => true,
  groupKey: TASK_LIST_GROUP_KEY,
  Grouped: TaskListGrouped,
};
