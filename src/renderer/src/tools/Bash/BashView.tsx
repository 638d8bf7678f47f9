// Bash's view: the description as the title, the command in monospace, output streaming live
// (stderr in a subtle red), the exit code, timeout/stop notes and where a large output was saved.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { listOf, oneLine } from '../input-summary';
import { OutputBox } from '../shared/OutputBox';
import { problemText } from '../problem-text';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { bashInput, bashNotes, bashOutput, exitBadge, resultTextIsOutput, savedOutputPath, shownOutput } from './bash-facts';

const subject = (call: ToolCallView): string => oneLine(bashInput(call.input).command) || 'a command';

function BashUse({ call }: ToolViewProps): ReactNode {
  const { command } = bashInput(call.input);
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
  return chunks.length > 0 ? <OutputBox chunks={chunks} hiddenChars={hiddenChars} label={`Output of ${subject(call)}`} /> : null;
}

function BashNotes({ call, progress }: ToolViewProps): ReactNode {
  const silent = call.state === 'succeeded' && shownOutput(call, progress).chunks.length === 0;
  const saved = savedOutputPath(call);
  return (
    <>
      {silent && <p className="tool-note">The command printed nothing.</p>}
      {bashNotes(call).map((n) => (
        <p className="tool-note" key={n}>
          {n}
        </p>
      ))}
      {saved && (
        <p className="tool-note">
          The output was too long to keep here; all of it was saved to <code className="tool-path">{saved}</code>
        </p>
      )}
    </>
  );
}

function BashBadges({ call }: ToolViewProps): ReactNode {
  const badge = exitBadge(call);
  if (!badge) return null;
  return (
    <span className={badge.ok ? 'badge badge--ok' : 'badge badge--error'} title="The number a command ends with: 0 means it went well; anything else usually means a problem.">
      {badge.text}
    </span>
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
  title: (call) => bashInput(call.input).description || 'Run a command',
  Use: BashUse,
  Progress: BashProgress,
  Result: BashResult,
  Notes: BashNotes,
  Badges: BashBadges,
  // Once the command ran, its output, exit code and notes tell what happened.
  problem: (call) => (bashOutput(call) || resultTextIsOutput(call) ? null : problemText(call)),
  hasOutput: ({ call, progress }) => (isActive(call.state) ? call.state === 'running' : shownOutput(call, progress).chunks.length > 0),
  Grouped: BashGrouped,
};
