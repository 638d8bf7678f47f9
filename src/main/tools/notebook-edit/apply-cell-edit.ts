// One NotebookEdit on the parsed notebook: replace a cell's source (a replaced code cell loses its
// outputs and execution count), insert a cell after `cell_id` (or first), or delete one. Cells keep
// the notebook's own conventions: source as a list of lines or a string, sorted keys, ids from nbformat 4.5.
import type { NotebookEditInput } from '../../../shared/tools/notebook-edit';
import { cellIdOf, findCellIndex, notebookLanguage, sourceText, type NotebookCellJson, type NotebookJson } from '../fs-common/notebook-model';

export const NOTEBOOK_EDIT_ERROR = {
  notNotebook: 1,
  cellTypeRequired: 2,
  notFound: 3,
  invalidNotebook: 4,
  notRead: 6,
  modified: 7,
  cellNotFound: 8,
  cellIdRequired: 9,
  notAFile: 10,
} as const;

export type CellEditResult =
  | {
      ok: true;
      notebook: NotebookJson;
      editMode: 'replace' | 'insert' | 'delete';
      cellId: string;
      cellType: 'code' | 'markdown' | 'raw';
      newSource: string;
      oldSource?: string;
      language?: string;
    }
  | { ok: false; message: string; errorCode: number };

/** nbformat on disk: a list of lines, each but the last keeping its "\n". */
function toLines(source: string): string[] {
  return source.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function sourceLike(example: unknown, text: string): string | string[] {
  return typeof example === 'string' ? text : toLines(text);
}

function keysSorted(o: object): boolean {
  const k = Object.keys(o);
  return k.every((key, i) => i === 0 || k[i - 1]! <= key);
}

function sortKeys<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as T;
}

function usesIds(nb: NotebookJson): boolean {
  return nb.cells.some((c) => typeof c.id === 'string') || (nb.nbformat ?? 0) > 4 || (nb.nbformat === 4 && (nb.nbformat_minor ?? 0) >= 5);
}

function asType(t: unknown): 'code' | 'markdown' | 'raw' {
  return t === 'markdown' || t === 'raw' ? t : 'code';
}

function withType(cell: NotebookCellJson, type: 'code' | 'markdown' | 'raw', source: string | string[]): NotebookCellJson {
  const next: NotebookCellJson = { ...cell, cell_type: type, source };
  if (type === 'code') {
    next.outputs = [];
    next.execution_count = null;
  } else {
    delete next.outputs;
    delete next.execution_count;
  }
  return keysSorted(cell) ? sortKeys(next) : next;
}

export function applyCellEdit(nb: NotebookJson, input: NotebookEditInput, newId: () => string): CellEditResult {
  const mode = input.edit_mode ?? 'replace';
  const language = notebookLanguage(nb);
  const lang = language ? { language } : {};
  if (mode === 'insert' && !input.cell_type) {
    return { ok: false, errorCode: NOTEBOOK_EDIT_ERROR.cellTypeRequired, message: 'Cell type is required when using edit_mode=insert.' };
  }
  if (mode !== 'insert' && !input.cell_id) {
    return { ok: false, errorCode: NOTEBOOK_EDIT_ERROR.cellIdRequired, message: 'Cell ID must be specified when not inserting a new cell.' };
  }
  const index = input.cell_id ? findCellIndex(nb, input.cell_id) : -1;
  if (input.cell_id && index === -1) {
    const ids = nb.cells.slice(0, 20).map((c, i) => cellIdOf(c, i));
    return {
      ok: false,
      errorCode: NOTEBOOK_EDIT_ERROR.cellNotFound,
      message: `Cell with ID "${input.cell_id}" not found in notebook. Cell IDs: ${ids.join(', ') || '(the notebook has no cells)'}${nb.cells.length > 20 ? ', …' : ''}.`,
    };
  }
  const cells = [...nb.cells];
  const example = cells.find((c) => c.source !== undefined)?.source ?? [];

  if (mode === 'delete') {
    const [gone] = cells.splice(index, 1);
    return { ok: true, notebook: { ...nb, cells }, editMode: mode, cellId: cellIdOf(gone!, index), cellType: asType(gone!.cell_type), newSource: '', oldSource: sourceText(gone!.source), ...lang };
  }
  if (mode === 'insert') {
    const type = input.cell_type!;
    const at = input.cell_id ? index + 1 : 0;
    const taken = new Set(cells.map((c) => c.id));
    let id = newId();
    while (taken.has(id)) id = newId();
    const cell: NotebookCellJson = sortKeys({
      cell_type: type,
      ...(type === 'code' ? { execution_count: null, outputs: [] } : {}),
      ...(usesIds(nb) ? { id } : {}),
      metadata: {},
      source: sourceLike(example, input.new_source),
    });
    cells.splice(at, 0, cell);
    return { ok: true, notebook: { ...nb, cells }, editMode: mode, cellId: cellIdOf(cell, at), cellType: type, newSource: input.new_source, ...lang };
  }
  const old = cells[index]!;
  const type = input.cell_type ?? asType(old.cell_type);
  cells[index] = withType(old, type, sourceLike(old.source, input.new_source));
  return { ok: true, notebook: { ...nb, cells }, editMode: mode, cellId: cellIdOf(old, index), cellType: type, newSource: input.new_source, oldSource: sourceText(old.source), ...lang };
}
