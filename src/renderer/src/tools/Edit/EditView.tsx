// Edit's view (UI2): "Edit src/app.ts" with what changed in words (+/− counts, how many places),
// the change as a diff (red/green, line numbers, highlighted; one column or side by side), and when
// it failed, what it looked for and the most similar places in the file with their line numbers.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { countChanges } from '../../diff/compute';
import { changedWords } from '../../diff/change-words';
import { CodeView } from '../../diff/CodeView';
import { DiffView } from '../../diff/DiffView';
import { problemText } from '../problem-text';
import { FileFacts } from '../shared/FileFacts';
import { baseName, displayPath, plural } from '../shared/paths';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv, type ViewEnv } from '../view-env';
import { editHunks, editInput, editOutput, editProblem, editProblemWords } from './edit-facts';

const subject = (call: ToolCallView, env?: ViewEnv): string => displayPath(editInput(call.input).filePath, env?.projectDir) || 'a file';

function EditUse({ call }: ToolViewProps): ReactNode {
  const out = editOutput(call);
  const input = editInput(call.input);
  if (!out) {
    if (call.state !== 'succeeded') return input.replaceAll ? <FileFacts>Replace every occurrence of a piece of text</FileFacts> : null;
    return null;
  }
  const count = countChanges(out.structuredPatch);
  const action = out.originalFile === null ? 'create' : 'edit';
  return (
    <FileFacts>
      {changedWords(action, count)}
      {out.replaceAll && out.replacements > 1 && <span className="file-facts__muted"> · in {plural(out.replacements, 'place')}</span>}
      {out.quoteNormalized && <span className="file-facts__muted"> · matched after treating curly and straight quotes alike</span>}
    </FileFacts>
  );
}

function EditResult({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const { hunks, fromFile } = editHunks(call);
  const name = subject(call, env);
  return (
    <>
      <DiffView hunks={hunks} path={editInput(call.input).filePath} label={`Changes to ${name}`} />
      {!fromFile && <p className="tool-note">Line numbers count from the start of the changed text; the file’s own numbers were not kept.</p>}
    </>
  );
}

function EditNotes({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const problem = editProblem(call);
  if (!problem || (problem.kind !== 'not_found' && problem.kind !== 'several')) return null;
  const path = editInput(call.input).filePath;
  const name = subject(call, env);
  return (
    <div className="edit-miss">
      <p className="edit-miss__label">The assistant looked for:</p>
      <CodeView text={problem.searched} path={path} label="The text the assistant looked for" collapseAfter={12} />
      {problem.kind === 'not_found' && problem.places.length > 0 && (
        <>
          <p className="edit-miss__label">
            {problem.places.length === 1 ? 'The most similar place' : `The ${problem.places.length} most similar places`} in {name}:
          </p>
          {problem.places.map((p) => (
            <CodeView key={p.line} text={p.lines.join('\n')} path={path} startLine={p.line} label={`Similar lines at line ${p.line}`} collapseAfter={0} />
          ))}
        </>
      )}
      {problem.kind === 'not_found' && problem.places.length === 0 && <p className="edit-miss__label">Nothing similar was found in the file.</p>}
    </div>
  );
}

function EditGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  const names = [...new Set(calls.map((c) => baseName(editInput(c.input).filePath) || 'a file'))];
  return (
    <>
      {going ? 'Making' : 'Made'} {plural(calls.length, 'edit')}
      {names.length > 1 && ` to ${plural(names.length, 'file')}`}
      <span className="tool-group__list">: {names.slice(0, 3).join(', ')}{names.length > 3 ? ', …' : ''}</span>
    </>
  );
}

export const editView: ToolViewParts = {
  subject,
  title: (call, env) => `${editInput(call.input).oldString === '' ? 'Create' : 'Edit'} ${subject(call, env)}`,
  Use: EditUse,
  Result: EditResult,
  Notes: EditNotes,
  problem: (call) => {
    const p = editProblem(call);
    return p ? editProblemWords(p, baseName(editInput(call.input).filePath) || 'the file') : problemText(call);
  },
  hasOutput: ({ call }) => call.state === 'succeeded' && editHunks(call).hunks.length > 0,
  Grouped: EditGrouped,
};
