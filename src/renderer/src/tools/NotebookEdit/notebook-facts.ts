// NotebookEdit's view data, pure: the input, the structured output (NotebookEditOutput in
// `result.data`, parsed, never trusted), and the edit in words ("Replaced code cell abc").
import { NotebookEditOutput } from '../../../../shared/tools/notebook-edit';
import type { ToolCallView } from '../../../../shared/tools/tool-call';

export interface NotebookInputView {
  notebookPath: string;
  cellId: string | null;
  newSource: string;
  cellType: 'code' | 'markdown' | null;
  editMode: 'replace' | 'insert' | 'delete';
}

export function notebookInput(input: unknown): NotebookInputView {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return {
    notebookPath: typeof r.notebook_path === 'string' ? r.notebook_path : '',
    cellId: typeof r.cell_id === 'string' && r.cell_id ? r.cell_id : null,
    newSource: typeof r.new_source === 'string' ? r.new_source : '',
    cellType: r.cell_type === 'code' || r.cell_type === 'markdown' ? r.cell_type : null,
    editMode: r.edit_mode === 'insert' || r.edit_mode === 'delete' ? r.edit_mode : 'replace',
  };
}

export function notebookOutput(call: ToolCallView): NotebookEditOutput | null {
  const parsed = NotebookEditOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

const KIND: Record<'code' | 'markdown' | 'raw', string> = { code: 'code cell', markdown: 'text cell', raw: 'raw cell' };

/** "Replaced code cell abc", "Added a text cell abc", "Deleted cell abc"; from the input until there is a result. */
export function notebookEditWords(call: ToolCallView): string {
  const out = notebookOutput(call);
  if (out) {
    const kind = KIND[out.cellType];
    if (out.editMode === 'insert') return `Added a ${kind} (${out.cellId})`;
    if (out.editMode === 'delete') return `Deleted ${kind} ${out.cellId}`;
    return `Replaced ${kind} ${out.cellId}`;
  }
  const input = notebookInput(call.input);
  const kind = input.cellType ? KIND[input.cellType] : 'cell';
  if (input.editMode === 'insert') return `Add a ${kind}${input.cellId ? ` after ${input.cellId}` : ' at the start'}`;
  if (input.editMode === 'delete') return `Delete ${kind} ${input.cellId ?? ''}`.trim();
  return `Replace ${kind} ${input.cellId ?? ''}`.trim();
}
