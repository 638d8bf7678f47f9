// TaskStop's view (BA10): one line — "Stopped “npm run dev”" — or why it could not stop the task.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { TaskStopData } from '../../../../shared/tools/task-stop';
import { taskIdOf, taskName } from '../TaskOutput/task-output-facts';
import type { ToolViewParts } from '../types';

const data = (call: ToolCallView): TaskStopData | null => {
  const parsed = TaskStopData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
};

function TaskStopUse(): ReactNode {
  return null;
}

function TaskStopGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Stopped {calls.length} background tasks</>;
}

export const taskStopView: ToolViewParts = {
  subject: (call) => {
    const d = data(call);
    return d ? taskName(d) : taskIdOf(call.input);
  },
  title: (call) => {
    const d = data(call);
    return d ? `Stopped “${taskName(d)}”` : `Stop background task ${taskIdOf(call.input)}`;
  },
  Use: TaskStopUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Stopped' : null),
  // Its result is one sentence the title already says.
  hasOutput: () => false,
  Grouped: TaskStopGrouped,
};
