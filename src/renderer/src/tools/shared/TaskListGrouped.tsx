// The one line for a run of Task tool calls (UI1): "Updated the to-do list: added #1 Read the parser,
// added #2 Fix two-digit years, started #1".
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { listOf } from '../input-summary';
import { isActive } from '../state';
import { taskListShortWords } from './task-list-facts';

export function TaskListGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  return (
    <>
      {going ? 'Updating the to-do list' : 'Updated the to-do list'}
      <span className="tool-group__list">: {listOf(calls.map(taskListShortWords), 6)}</span>
    </>
  );
}
