// The request kind for changing files (Edit, Write, NotebookEdit; DK4 diff-first approval): what will
// change in one sentence, then the change itself before anything is written — a diff (red/green,
// line numbers, one column or side by side), a new file's content, a notebook cell's new source —
// and a plain warning when a whole file is replaced.
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { FileEditIcon } from '../../components/icons';
import { CodeView } from '../../diff/CodeView';
import { DiffView } from '../../diff/DiffView';
import { editHunks } from '../../tools/Edit/edit-facts';
import { notebookInput } from '../../tools/NotebookEdit/notebook-facts';
import { baseName, displayPath } from '../../tools/shared/paths';
import { useViewEnv } from '../../tools/view-env';
import type { RequestKind } from '../types';
import { editQuestion, editRuleWords, editSummary, proposedChange } from './edit-request-words';
import './EditRequest.css';

function Preview({ request, name }: { request: PermissionRequestView; name: string }): ReactNode {
  const change = proposedChange(request);
  const preview = change.preview!;
  const offset = (preview.firstLine ?? 1) - 1;
  const diff =
    change.action === 'create' ? (
      <CodeView text={preview.newContent} path={change.path} label={`Content of the new file ${name}`} added />
    ) : (
      <DiffView hunks={change.hunks} path={change.path} offset={offset} label={`Proposed changes to ${name}`} emptyText="The file would stay exactly as it is." legend />
    );
  if (request.toolName !== 'NotebookEdit') return diff;
  // A notebook is JSON underneath: the cell's new source first, the file's own diff on request.
  const input = notebookInput(request.input);
  return (
    <>
      {input.editMode !== 'delete' && <CodeView text={input.newSource} lang={input.cellType === 'markdown' ? 'markdown' : 'python'} label={`New source of the cell in ${name}`} />}
      <details className="edit-request__raw">
        <summary>Show the change to the notebook file itself</summary>
        {diff}
      </details>
    </>
  );
}

/** Without a preview: the input's own text (Edit: old → new; Write: the content; NotebookEdit: the source). */
function FromInput({ request, name }: { request: PermissionRequestView; name: string }): ReactNode {
  const path = proposedChange(request).path;
  if (request.toolName === 'Edit') {
    const call = { id: request.toolUseId, name: 'Edit', userFacingName: 'Edit', messageId: '', input: request.input, state: 'awaiting_permission' as const };
    return <DiffView hunks={editHunks(call).hunks} path={path} label={`Proposed change to ${name}`} legend />;
  }
  const r = (typeof request.input === 'object' && request.input !== null ? request.input : {}) as Record<string, unknown>;
  const text = typeof r.content === 'string' ? r.content : typeof r.new_source === 'string' ? r.new_source : '';
  return <CodeView text={text} path={path} label={`New content for ${name}`} />;
}

function EditDetails({ request }: { request: PermissionRequestView }): ReactNode {
  const env = useViewEnv();
  const change = proposedChange(request);
  const name = displayPath(change.path, env.projectDir) || 'the file';
  const replaceAll = (request.input as { replace_all?: unknown } | null)?.replace_all === true;
  return (
    <div className="edit-request">
      <div className="edit-request__file">
        <span className="approval__label">File</span> <code className="edit-request__path">{name}</code>
      </div>
      {change.action === 'overwrite' && (
        <p className="edit-request__overwrite">
          Everything in <strong>{baseName(change.path)}</strong> will be replaced by the new content. Lines in red disappear from the file.
        </p>
      )}
      {replaceAll && <p className="approval__muted">Every place where the text appears is changed.</p>}
      {change.preview ? <Preview request={request} name={name} /> : <FromInput request={request} name={name} />}
      {change.preview?.truncated && <p className="approval__muted">The change is too large to show here in full; this is its beginning.</p>}
      {!change.preview && <p className="approval__muted">The exact change could not be worked out ahead of time; this is what the assistant sent.</p>}
      <p className="approval__muted">Nothing has been written yet.</p>
    </div>
  );
}

export const editRequest: RequestKind = {
  question: editQuestion,
  summary: editSummary,
  purpose: () => null,
  why: () => 'Changing files can break things or lose work, so Agent Desk shows you the change before anything is written.',
  Details: EditDetails,
  ruleWords: editRuleWords,
  Icon: FileEditIcon,
};
