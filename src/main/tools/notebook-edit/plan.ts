// Works out what a NotebookEdit would do without touching the disk: a .ipynb that exists, was read
// whole and has not changed (codes 6, 7), parses, and has the cell; then the new JSON text, formatted
// as the file was. Used by validateInput, by call (again, right before writing) and by describeChange.
import path from 'node:path';
import type { NotebookEditInput } from '../../../shared/tools/notebook-edit';
import type { ToolUseContext } from '../core/tool';
import { checkFreshness } from '../file-state/freshness';
import { encodeWithFormat } from '../fs-common/encoding';
import { sha256 } from '../fs-common/hash';
import { parseNotebook } from '../fs-common/notebook-model';
import { expandPath } from '../fs-common/paths';
import { loadForPlan, type LoadedTextFile } from '../fs-common/text-file';
import { applyCellEdit, NOTEBOOK_EDIT_ERROR, type CellEditResult } from './apply-cell-edit';
import { detectJsonFormat, formatJson } from './json-format';

export type NotebookEditPlan =
  | { ok: false; message: string; errorCode: number }
  | { ok: true; abs: string; existing: LoadedTextFile; bytes: Buffer; newTextLF: string; edit: Extract<CellEditResult, { ok: true }> };

/**
 * nbformat's id style (8 hex characters), derived from the notebook and the edit rather than random,
 * so the approval modal's preview and the write produce the same id.
 */
export function stableCellIds(seed: string): () => string {
  let n = 0;
  return () => sha256(Buffer.from(`${seed}:${n++}`)).slice(0, 8);
}

const fail = (errorCode: number, message: string): NotebookEditPlan => ({ ok: false, errorCode, message });

export async function planNotebookEdit(input: NotebookEditInput, ctx: ToolUseContext, newId?: () => string): Promise<NotebookEditPlan> {
  const abs = expandPath(input.notebook_path, ctx);
  if (path.extname(abs).toLowerCase() !== '.ipynb') {
    return fail(NOTEBOOK_EDIT_ERROR.notNotebook, 'File must be a Jupyter notebook (.ipynb file). For editing other file types, use the Edit tool.');
  }
  const loaded = await loadForPlan(abs);
  if (!loaded.ok) return loaded;
  const existing = loaded.file;
  if (!existing) return fail(NOTEBOOK_EDIT_ERROR.notFound, `Notebook file does not exist: ${abs}`);
  const fresh = checkFreshness(ctx.fileState, abs, existing);
  if (!fresh.ok) return fail(fresh.errorCode, fresh.message);
  let nb;
  try {
    nb = parseNotebook(existing.textLF);
  } catch (e) {
    return fail(NOTEBOOK_EDIT_ERROR.invalidNotebook, (e as Error).message);
  }
  const edit = applyCellEdit(nb, input, newId ?? stableCellIds(`${existing.hash}:${input.cell_id ?? ''}:${input.new_source}`));
  if (!edit.ok) return edit;
  const newTextLF = formatJson(edit.notebook, detectJsonFormat(existing.textLF));
  return { ok: true, abs, existing, bytes: encodeWithFormat(newTextLF, existing.format), newTextLF, edit };
}
