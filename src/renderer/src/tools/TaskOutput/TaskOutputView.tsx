// TaskOutput's view (BA10): one line — "Read the output of “npm run dev”", "Still running, 12 new
// lines" — that opens to the new output in its terminal colours, with a note when only its newest
// part is shown and where the whole of it is.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { formatBytes } from '../../../../shared/format-bytes';
import { OutputBox } from '../shared/OutputBox';
import type { ToolViewParts, ToolViewProps } from '../types';
import { taskIdOf, taskName, taskOutputData, taskOutputStateWords } from './task-output-facts';

function subject(call: ToolCallView): string {
  const d = taskOutputData(call);
  return d ? taskName(d) : taskIdOf(call.input);
}

function TaskOutputUse(): ReactNode {
  return null;
}

function TaskOutputResult({ call }: ToolViewProps): ReactNode {
  const d = taskOutputData(call);
  if (!d || d.output === '') return null;
  return <OutputBox chunks={[{ id: 0, stream: 'stdout', text: d.output }]} label={`Output of ${taskName(d)}`} />;
}

function TaskOutputNotes({ call }: ToolViewProps): ReactNode {
  const d = taskOutputData(call);
  if (!d) return null;
  return (
    <>
      {d.output === '' && <p className="tool-note">It printed nothing new since the last look.</p>}
      {d.omittedBytes > 0 && (
        <p className="tool-note">
          Only the newest part is shown; {formatBytes(d.omittedBytes)} before it were left out. All of it is in{' '}
          <code className="tool-path">{d.outputFile}</code>
        </p>
      )}
    </>
  );
}

function TaskOutputGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Checked on background tasks {calls.length} times</>;
}

export const taskOutputView: ToolViewParts = {
  subject,
  title: (call) => {
    const d = taskOutputData(call);
    return d ? `Read the output of “${taskName(d)}”` : `Check on background task ${taskIdOf(call.input)}`;
  },
  startsFolded: () => true,
  Use: TaskOutputUse,
  Result: TaskOutputResult,
  Notes: TaskOutputNotes,
  stateWords: taskOutputStateWords,
  hasOutput: ({ call }) => (taskOutputData(call)?.output ?? '') !== '',
  Grouped: TaskOutputGrouped,
};
