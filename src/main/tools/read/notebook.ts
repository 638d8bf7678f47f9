// A notebook for Read: every cell with its source and outputs — text outputs as text (long ones cut,
// ANSI colours stripped from tracebacks), png/jpeg outputs as images.
import type { NotebookCellOutput, NotebookCellView, ReadNotebookFile } from '../../../shared/tools/read';
import { cellIdOf, notebookLanguage, parseNotebook, sourceText, type NotebookOutputJson } from '../fs-common/notebook-model';

/** One output's text beyond this is cut (a progress bar or a dataframe dump can be megabytes). */
export const MAX_OUTPUT_TEXT_CHARS = 10_000;

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

function cut(text: string): string {
  if (text.length <= MAX_OUTPUT_TEXT_CHARS) return text;
  return `${text.slice(0, MAX_OUTPUT_TEXT_CHARS)}\n… [output truncated: ${text.length} characters in all]`;
}

function outputsOf(raw: NotebookOutputJson): NotebookCellOutput[] {
  switch (raw.output_type) {
    case 'stream':
      return [{ type: 'text', text: cut(sourceText(raw.text)) }];
    case 'error': {
      const tb = Array.isArray(raw.traceback) ? raw.traceback.join('\n').replace(ANSI, '') : '';
      return [{ type: 'text', text: cut(tb || `${raw.ename ?? 'Error'}: ${raw.evalue ?? ''}`) }];
    }
    case 'execute_result':
    case 'display_data': {
      const data = raw.data ?? {};
      const out: NotebookCellOutput[] = [];
      const plain = sourceText(data['text/plain']);
      if (plain) out.push({ type: 'text', text: cut(plain) });
      for (const mediaType of ['image/png', 'image/jpeg']) {
        const img = data[mediaType];
        const b64 = typeof img === 'string' ? img : Array.isArray(img) ? img.join('') : '';
        if (b64) out.push({ type: 'image', mediaType, data: b64.replace(/\s+/g, '') });
      }
      return out;
    }
    default:
      return [];
  }
}

export function readNotebook(filePath: string, text: string): ReadNotebookFile {
  const nb = parseNotebook(text);
  const language = notebookLanguage(nb);
  const cells: NotebookCellView[] = nb.cells.map((cell, i) => {
    const cellType = cell.cell_type === 'markdown' || cell.cell_type === 'raw' ? cell.cell_type : 'code';
    const view: NotebookCellView = {
      cellId: cellIdOf(cell, i),
      cellType,
      source: sourceText(cell.source),
      outputs: cellType === 'code' && Array.isArray(cell.outputs) ? cell.outputs.flatMap(outputsOf) : [],
    };
    if (cellType === 'code') view.executionCount = typeof cell.execution_count === 'number' ? cell.execution_count : null;
    return view;
  });
  return language ? { filePath, language, cells } : { filePath, cells };
}
