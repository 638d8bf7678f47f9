// The Changes selector, pure: every file the session changed (Write, Edit and NotebookEdit calls that
// succeeded), each with its cumulative change — its content before the session's first change and
// after the latest one — rebuilt from the tools' structured outputs in the order the writes finished.
import { EDIT_TOOL_NAME, EditOutput } from '../../../shared/tools/edit';
import { NOTEBOOK_EDIT_TOOL_NAME, NotebookEditOutput } from '../../../shared/tools/notebook-edit';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { WRITE_TOOL_NAME, WriteOutput } from '../../../shared/tools/write';
import { applyHunks } from '../diff/compute';

/** Calls the selector reads: succeeded calls of the file-changing tools (kind 'edit'). */
export function isFileChange(call: ToolCallView): boolean {
  return call.state === 'succeeded' && call.kind === 'edit';
}

export interface CellChange {
  cellId: string;
  cellType: 'code' | 'markdown' | 'raw';
  /** null = the cell did not exist before / does not exist now. */
  before: string | null;
  after: string | null;
}

interface Base {
  /** Absolute path. */
  path: string;
  /** The calls that changed it, in the order they finished. */
  callIds: string[];
}

export type FileChange =
  | (Base & {
      type: 'text';
      /** Content before the session first changed it; null when the session created it. */
      before: string | null;
      after: string;
      /** Set when a later change could not be replayed: `after` is then the last content known. */
      incomplete?: boolean;
    })
  | (Base & { type: 'notebook'; language?: string; cells: CellChange[] });

interface Step {
  call: ToolCallView;
  order: number;
}

/** The order writes happened: by end time, ties (and calls without one) in the order given. */
function inWriteOrder(calls: readonly ToolCallView[]): ToolCallView[] {
  const steps: Step[] = calls.map((call, order) => ({ call, order }));
  steps.sort((a, b) => (a.call.endedAt ?? Infinity) - (b.call.endedAt ?? Infinity) || a.order - b.order);
  return steps.map((s) => s.call);
}

export function collectChanges(calls: readonly ToolCallView[]): FileChange[] {
  const files = new Map<string, FileChange>();
  for (const call of inWriteOrder(calls.filter(isFileChange))) {
    if (call.name === EDIT_TOOL_NAME) {
      const parsed = EditOutput.safeParse(call.result?.data);
      if (!parsed.success) continue;
      const out = parsed.data;
      const after = applyHunks(out.originalFile ?? '', out.structuredPatch);
      addText(files, call.id, out.filePath, out.originalFile, after);
    } else if (call.name === WRITE_TOOL_NAME) {
      const parsed = WriteOutput.safeParse(call.result?.data);
      if (!parsed.success) continue;
      addText(files, call.id, parsed.data.filePath, parsed.data.originalFile, parsed.data.content);
    } else {
      const parsed = NotebookEditOutput.safeParse(call.result?.data);
      if (!parsed.success) continue;
      addCell(files, call.id, parsed.data);
    }
  }
  // Cells inserted and then deleted again leave nothing to show.
  return [...files.values()].filter((f) => f.type === 'text' || f.cells.length > 0);
}

function addText(files: Map<string, FileChange>, callId: string, path: string, before: string | null, after: string | null): void {
  const known = files.get(path);
  if (!known || known.type !== 'text') {
    // A notebook first changed by NotebookEdit and then rewritten by Write: the text view takes over.
    files.set(path, { type: 'text', path, callIds: [...(known?.callIds ?? []), callId], before, after: after ?? before ?? '', ...(after === null ? { incomplete: true } : {}) });
    return;
  }
  known.callIds.push(callId);
  if (after === null) known.incomplete = true;
  else known.after = after;
}

function addCell(files: Map<string, FileChange>, callId: string, out: NotebookEditOutput): void {
  let file = files.get(out.notebookPath);
  if (!file || file.type !== 'notebook') {
    if (file) {
      // Written as text before: keep the text view, just count the call.
      file.callIds.push(callId);
      return;
    }
    file = { type: 'notebook', path: out.notebookPath, callIds: [], cells: [], ...(out.language ? { language: out.language } : {}) };
    files.set(out.notebookPath, file);
  }
  file.callIds.push(callId);
  const after = out.editMode === 'delete' ? null : out.newSource;
  const cell = file.cells.find((c) => c.cellId === out.cellId);
  if (cell) {
    cell.after = after;
    cell.cellType = out.cellType;
  } else {
    const before = out.editMode === 'insert' ? null : (out.oldSource ?? null);
    file.cells.push({ cellId: out.cellId, cellType: out.cellType, before, after });
  }
  file.cells = file.cells.filter((c) => !(c.before === null && c.after === null));
}
