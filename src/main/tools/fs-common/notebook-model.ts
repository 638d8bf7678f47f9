// The slice of the Jupyter nbformat 4 JSON the file tools use, and the helpers Read and NotebookEdit
// share: a cell's id (its `id`, or `cell-N` by 0-based index like Claude Code), its source as text.

export interface NotebookCellJson {
  cell_type: 'code' | 'markdown' | 'raw' | string;
  id?: string;
  source: string | string[];
  metadata?: Record<string, unknown>;
  outputs?: NotebookOutputJson[];
  execution_count?: number | null;
  [k: string]: unknown;
}

export interface NotebookOutputJson {
  output_type: 'stream' | 'execute_result' | 'display_data' | 'error' | string;
  text?: string | string[];
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
  traceback?: string[];
  [k: string]: unknown;
}

export interface NotebookJson {
  cells: NotebookCellJson[];
  metadata?: { language_info?: { name?: string }; kernelspec?: { language?: string }; [k: string]: unknown };
  nbformat?: number;
  nbformat_minor?: number;
  [k: string]: unknown;
}

/** Parses and checks the shape; throws an Error with a plain message when it is not a notebook. */
export function parseNotebook(text: string): NotebookJson {
  let nb: unknown;
  try {
    nb = JSON.parse(text);
  } catch (e) {
    throw new Error(`The notebook is not valid JSON (${(e as Error).message}).`);
  }
  if (!nb || typeof nb !== 'object' || !Array.isArray((nb as NotebookJson).cells)) {
    throw new Error('The file is not a Jupyter notebook (no "cells" array).');
  }
  return nb as NotebookJson;
}

export function sourceText(source: unknown): string {
  if (Array.isArray(source)) return source.filter((s) => typeof s === 'string').join('');
  return typeof source === 'string' ? source : '';
}

export function cellIdOf(cell: NotebookCellJson, index: number): string {
  return typeof cell.id === 'string' && cell.id !== '' ? cell.id : `cell-${index}`;
}

/** The index of the cell `id` names: its real id first, then the `cell-N` form. -1 when none. */
export function findCellIndex(nb: NotebookJson, id: string): number {
  const byId = nb.cells.findIndex((c) => c.id === id);
  if (byId !== -1) return byId;
  const m = /^cell-(\d+)$/.exec(id);
  if (m) {
    const i = Number(m[1]);
    if (i < nb.cells.length) return i;
  }
  return -1;
}

export function notebookLanguage(nb: NotebookJson): string | undefined {
  const lang = nb.metadata?.language_info?.name ?? nb.metadata?.kernelspec?.language;
  return typeof lang === 'string' && lang ? lang : undefined;
}
