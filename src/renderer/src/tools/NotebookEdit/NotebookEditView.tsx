// NotebookEdit's view: "Edit notebook analysis.ipynb", which cell and how (replace / insert / delete),
// and the cell's new source highlighted in the notebook's language (a diff when it replaced one).
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { diffTexts } from '../../diff/compute';
import { CodeView } from '../../diff/CodeView';
import { DiffView } from '../../diff/DiffView';
import { languageForWord } from '../../highlight/languages';
import { FileFacts } from '../shared/FileFacts';
import { displayPath } from '../shared/paths';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv, type ViewEnv } from '../view-env';
import { notebookEditWords, notebookInput, notebookOutput } from './notebook-facts';

const subject = (call: ToolCallView, env?: ViewEnv): string => displayPath(notebookInput(call.input).notebookPath, env?.projectDir) || 'a notebook';

function NotebookUse({ call }: ToolViewProps): ReactNode {
  return <FileFacts>{notebookEditWords(call)}</FileFacts>;
}

function NotebookResult({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const out = notebookOutput(call);
  const input = notebookInput(call.input);
  const cellType = out?.cellType ?? input.cellType ?? 'code';
  const lang = cellType === 'markdown' ? 'markdown' : cellType === 'code' ? languageForWord(out?.language ?? 'python') : null;
  const name = `cell ${out?.cellId ?? input.cellId ?? ''} of ${subject(call, env)}`;
  if (out?.editMode === 'delete') {
    return out.oldSource !== undefined ? <DiffView hunks={diffTexts(out.oldSource, '')} path="" lang={lang} label={`Deleted ${name}`} /> : null;
  }
  if (out?.editMode === 'replace' && out.oldSource !== undefined) {
    return <DiffView hunks={diffTexts(out.oldSource, out.newSource)} path="" lang={lang} label={`Changes to ${name}`} emptyText="The cell’s source did not change." />;
  }
  return <CodeView text={out?.newSource ?? input.newSource} lang={lang} label={`New source of ${name}`} added={out?.editMode === 'insert'} />;
}

export const notebookEditView: ToolViewParts = {
  subject,
  title: (call, env) => `Edit notebook ${subject(call, env)}`,
  Use: NotebookUse,
  Result: NotebookResult,
  hasOutput: ({ call }) => call.state === 'succeeded',
};
