// The view of any tool without its own (unknown and MCP tools): name, input fields named in words
// ("File", not `file_path`, PX2), live output, the result text and the error. Also the base every
// tool's own view extends.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { inputSubject, listOf, plainEntries } from '../input-summary';
import { OutputBox } from '../shared/OutputBox';
import { problemText } from '../problem-text';
import { isActive } from '../state';
import { toolTitle } from '../tool-words';
import type { ToolView, ToolViewProps } from '../types';

function subject(call: ToolCallView): string {
  return call.summary?.trim() || inputSubject(call.input);
}

/** The result text unless it only repeats the error the card already shows, or the call never ran. */
function resultBody(call: ToolCallView): string {
  if (call.state === 'rejected') return '';
  const text = call.result?.text ?? '';
  return text.trim() && text !== call.error?.message ? text : '';
}

function GenericUse({ call }: ToolViewProps): ReactNode {
  const entries = plainEntries(call.input);
  if (entries.length === 0) return null;
  return (
    <dl className="tool-input">
      {entries.map(({ key, label, value }) => (
        <div className="tool-input__row" key={key || '_'}>
          {label && <dt>{label}</dt>}
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function GenericProgress({ call, progress }: ToolViewProps): ReactNode {
  return (
    <>
      {progress && progress.chunks.length > 0 && (
        <OutputBox chunks={progress.chunks} hiddenChars={progress.hiddenChars} label={`Output of ${call.userFacingName}`} live />
      )}
      {progress?.status && <p className="tool-note">{progress.status}</p>}
    </>
  );
}

function GenericResult({ call, progress }: ToolViewProps): ReactNode {
  const text = resultBody(call);
  const label = `Result of ${call.userFacingName}`;
  return (
    <>
      {text ? (
        <OutputBox chunks={[{ id: 0, stream: 'stdout', text }]} label={label} />
      ) : progress && progress.chunks.length > 0 ? (
        <OutputBox chunks={progress.chunks} hiddenChars={progress.hiddenChars} label={label} />
      ) : null}
      {call.result?.persistedPath && (
        <p className="tool-note">
          The full result was saved to <code>{call.result.persistedPath}</code>
        </p>
      )}
    </>
  );
}

function GenericGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const first = calls[0];
  const name = first?.userFacingName ?? 'a tool';
  const subjects = calls.map(subject).filter(Boolean);
  return (
    <>
      Used {name} {calls.length} times
      {subjects.length > 0 && <span className="tool-group__list">: {listOf(subjects)}</span>}
    </>
  );
}

export const genericView: ToolView = {
  subject,
  title: (call) => toolTitle(call.userFacingName || call.name),
  Use: GenericUse,
  Progress: GenericProgress,
  Result: GenericResult,
  problem: problemText,
  hasOutput: ({ call, progress }) =>
    isActive(call.state) ? Boolean(progress && (progress.chunks.length > 0 || progress.status)) : Boolean(resultBody(call) || call.result?.persistedPath || (progress && progress.chunks.length > 0)),
  Grouped: GenericGrouped,
};
