// Read's output → the model's tool_result content: numbered lines (`cat -n`), image blocks, PDF
// pages, notebook cells with their outputs, or the short `file_unchanged` stub.
import { FILE_UNCHANGED_STUB, type ReadNotebookFile, type ReadOutput, type ReadPdfFile, type ReadTextFile } from '../../../shared/tools/read';
import type { ToolResultContent } from '../core/tool';
import { formatNumberedLines } from '../fs-common/line-numbers';

type Block = Exclude<ToolResultContent, string>[number];

export const EMPTY_FILE_NOTE = 'The file exists but is empty.';

const reminder = (text: string) => `<system-reminder>${text}</system-reminder>`;

function textContent(file: ReadTextFile): string {
  if (file.totalLines === 0) return reminder(`Warning: ${EMPTY_FILE_NOTE}`);
  if (file.numLines === 0) {
    return reminder(
      `Warning: the file exists but is shorter than the provided offset (${file.startLine}). The file has ${file.totalLines} line${file.totalLines === 1 ? '' : 's'}.`,
    );
  }
  const body = formatNumberedLines(file.content.split('\n'), file.startLine);
  const last = file.startLine + file.numLines - 1;
  if (file.startLine === 1 && last >= file.totalLines) return body;
  const more = last < file.totalLines ? ` Use offset=${last + 1} to read on.` : '';
  return `${body}\n\n${reminder(`Showing lines ${file.startLine}-${last} of ${file.totalLines}.${more}`)}`;
}

function pdfContent(file: ReadPdfFile): string {
  return file.pages
    .map((p) => `--- Page ${p.page} of ${file.totalPages} ---\n${p.text || '(no text on this page; it may be a scanned image)'}`)
    .join('\n\n');
}

function notebookBlocks(file: ReadNotebookFile): Block[] {
  const blocks: Block[] = [];
  const text = (t: string) => {
    const last = blocks[blocks.length - 1];
    if (last && last.type === 'text') last.text += `\n${t}`;
    else blocks.push({ type: 'text', text: t });
  };
  for (const cell of file.cells) {
    const typeTag = cell.cellType === 'code' ? '' : `<cell_type>${cell.cellType}</cell_type>`;
    const lang = cell.cellType === 'code' && file.language && file.language !== 'python' ? `<language>${file.language}</language>` : '';
    text(`<cell id="${cell.cellId}">${typeTag}${lang}${cell.source}</cell id="${cell.cellId}">`);
    for (const out of cell.outputs) {
      if (out.type === 'text') text(out.text);
      else blocks.push({ type: 'image', source: { type: 'base64', media_type: out.mediaType, data: out.data } });
    }
  }
  if (blocks.length === 0) return [{ type: 'text', text: reminder('The notebook has no cells.') }];
  return blocks;
}

function withNotes(blocks: Block[], notes: string[] | undefined): Block[] {
  return notes && notes.length ? [...blocks, { type: 'text', text: reminder(notes.join('\n')) }] : blocks;
}

export function readResultContent(output: ReadOutput): ToolResultContent {
  switch (output.type) {
    case 'file_unchanged':
      return FILE_UNCHANGED_STUB;
    case 'text': {
      const text = textContent(output.file);
      return output.notes?.length ? `${text}\n\n${reminder(output.notes.join('\n'))}` : text;
    }
    case 'pdf':
      return withNotes([{ type: 'text', text: pdfContent(output.file) }], output.notes);
    case 'notebook':
      return withNotes(notebookBlocks(output.file), output.notes);
    case 'image': {
      const f = output.file;
      const notes = [...(output.notes ?? [])];
      if (f.resized) notes.push(`The image was downscaled from ${f.originalWidth}x${f.originalHeight} to ${f.width}x${f.height}.`);
      return withNotes([{ type: 'image', source: { type: 'base64', media_type: f.mediaType, data: f.base64 } }], notes);
    }
  }
}
