// Bash's view: the description as the title, the command in monospace, output streaming live, how
// it ended in words ("Finished", "Failed (error 1)"), a failure's first error line above its output
// (which opens there; only a failed command's stderr is painted red), timeout/stop notes, where a
// large output was saved, and the exit code one click away. A line that only searches, reads or
// lists (BA12) is one line, "Searched: grep -rn TODO src", its output folded, and joins the searches.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { listOf, oneLine } from '../input-summary';
import { Disclosure } from '../shared/Disclosure';
import { OutputBox } from '../shared/OutputBox';
import { problemText } from '../problem-text';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { SEARCH_GROUP_KEY } from '../shared/SearchGrouped';
import { BashActions } from './BashActions';
import { ACTIVITY_WORDS, bashActivity, bashDetails, bashInput, bashNotes, bashOutput, bashProblem, bashStateWords, errorSpot, resultTextIsOutput, savedOutputPath, shownOutput } from './bash-facts';
import { useProcessesIfAny } from '../../stores/react';

const subject = (call: ToolCallView): string => oneLine(bashInput(call.input).command) || 'a command';

const activityOf = (call: ToolCallView) => bashActivity(bashInput(call.input).command);

function BashUse({ call }: ToolViewProps): ReactNode {
  const { command } = bashInput(call.input);
  // A look around says its command in the title already.
  if (activityOf(call)) return null;
  return (
    <pre className="bash-command" aria-label="Command">
      <span className="bash-command__prompt" aria-hidden="true">
        ${' '}
      </span>
      {command}
    </pre>
  );
}

function BashProgress({ call, progress }: ToolViewProps): ReactNode {
  const label = `Output of ${subject(call)}`;
  return (
    <>
      {progress && progress.chunks.length > 0 ? (
        <OutputBox chunks={progress.chunks} hiddenChars={progress.hiddenChars} label={label} live />
      ) : (
        <p className="tool-note">No output yet.</p>
      )}
      {progress?.status && <p className="tool-note">{progress.status}</p>}
    </>
  );
}

function BashResult({ call, progress }: ToolViewProps): ReactNode {
  const { chunks, hiddenChars } = shownOutput(call, progress);
  if (chunks.length === 0) return null;
  const failed = call.state === 'failed';
  const spot = failed ? errorSpot(chunks) : null;
  return <OutputBox chunks={chunks} hiddenChars={hiddenChars} label={`Output of ${subject(call)}`} stderrIsError={failed} marks={spot?.marks ?? []} />;
}

function BashNotes({ call, progress }: ToolViewProps): ReactNode {
  const silent = call.state === 'succeeded' && shownOutput(call, progress).chunks.length === 0;
  const saved = savedOutputPath(call);
  // A look that went well is one line: its exit code says nothing.
  const details = activityOf(call) && call.state === 'succeeded' ? [] : bashDetails(call);
  // A background command's note follows its task: stopped or finished, it no longer "keeps running".
  const taskId = bashOutput(call)?.backgroundTaskId;
  const task = useProcessesIfAny((s) => (taskId ? (s.tasks.find((t) => t.id === taskId) ?? null) : null), null);
  return (
    <>
      {silent && <p className="tool-note">The command printed nothing.</p>}
      {bashNotes(call, task).map((n) => (
        <p className="tool-note" key={n}>
          {n}
        </p>
      ))}
      {saved && (
        <p className="tool-note">
          The output was too long to keep here; all of it was saved to <code className="tool-path">{saved}</code>
        </p>
      )}
      {details.length > 0 && (
        <Disclosure what="technical details">
          {details.map((d) => (
            <p key={d}>{d}</p>
          ))}
        </Disclosure>
      )}
    </>
  );
}

function BashGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  return (
    <>
      {going ? 'Running' : 'Ran'} {calls.length} commands
      <span className="tool-group__list">: {listOf(calls.map(subject))}</span>
    </>
  );
}

export const bashView: ToolViewParts = {
  subject,
  title: (call) => {
    const activity = activityOf(call);
    if (activity) return `${ACTIVITY_WORDS[activity]}: ${subject(call)}`;
    return bashInput(call.input).description || 'Run a command';
  },
  startsFolded: (call) => activityOf(call) !== null,
  Use: BashUse,
  Progress: BashProgress,
  Result: BashResult,
  Notes: BashNotes,
  Actions: BashActions,
  stateWords: bashStateWords,
  // Once the command ran, its first error line (if it failed), output and notes tell what happened.
  problem: (call) => (bashOutput(call) || resultTextIsOutput(call) ? bashProblem(call) : problemText(call)),
  hasOutput: ({ call, progress }) => (isActive(call.state) ? call.state === 'running' : shownOutput(call, progress).chunks.length > 0),
  Grouped: BashGrouped,
  groupKey: (input) => (bashActivity(bashInput(input).command) ? SEARCH_GROUP_KEY : undefined),
};
