// Read's view data, pure: the input's path and range, the structured output (ReadOutput in
// `result.data`, parsed, never trusted) and what was read in words ("Lines 1–200 of 1,234").
import { ReadOutput } from '../../../../shared/tools/read';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { formatNumber, plural } from '../shared/paths';

export interface ReadInputView {
  filePath: string;
  offset: number | null;
  limit: number | null;
  pages: string | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null);

export function readInput(input: unknown): ReadInputView {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return {
    filePath: typeof r.file_path === 'string' ? r.file_path : '',
    offset: num(r.offset),
    limit: num(r.limit),
    pages: typeof r.pages === 'string' && r.pages.trim() ? r.pages.trim() : null,
  };
}

export function readOutput(call: ToolCallView): ReadOutput | null {
  const parsed = ReadOutput.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

const span = (from: number, to: number): string => (from === to ? formatNumber(from) : `${formatNumber(from)}–${formatNumber(to)}`);

/** What the input asks for, before there is a result: "lines 10–59", "from line 10", "pages 1-3". */
export function requestedRange(input: ReadInputView): string {
  if (input.pages) return `pages ${input.pages}`;
  if (input.offset !== null && input.limit !== null) return `lines ${span(Math.max(1, input.offset), Math.max(1, input.offset) + input.limit - 1)}`;
  if (input.offset !== null) return `from line ${formatNumber(Math.max(1, input.offset))}`;
  if (input.limit !== null) return `the first ${plural(input.limit, 'line')}`;
  return '';
}

/** What was read, in a few words. */
export function readFacts(out: ReadOutput): string {
  switch (out.type) {
    case 'text': {
      const f = out.file;
      if (f.totalLines === 0) return 'The file is empty';
      if (f.numLines === 0) return `Nothing past line ${formatNumber(f.totalLines)}: the file has ${plural(f.totalLines, 'line')}`;
      const end = f.startLine + f.numLines - 1;
      if (f.startLine === 1 && end >= f.totalLines) return `The whole file (${plural(f.totalLines, 'line')})`;
      return `${end === f.startLine ? 'Line' : 'Lines'} ${span(f.startLine, end)} of ${formatNumber(f.totalLines)}`;
    }
    case 'image': {
      const f = out.file;
      const kind = (f.mediaType.split('/')[1] ?? 'image').toUpperCase();
      const size = `${formatNumber(f.originalWidth)} × ${formatNumber(f.originalHeight)}`;
      return f.resized ? `${kind} picture, ${size} (sent smaller: ${formatNumber(f.width)} × ${formatNumber(f.height)})` : `${kind} picture, ${size}`;
    }
    case 'pdf': {
      const f = out.file;
      const pages = f.pages.map((p) => p.page);
      if (pages.length === 0) return `No pages read of ${plural(f.totalPages, 'page')}`;
      if (pages.length === f.totalPages) return `All ${plural(f.totalPages, 'page')} of the PDF`;
      const first = Math.min(...pages);
      const last = Math.max(...pages);
      return `${last - first + 1 === pages.length ? `Pages ${span(first, last)}` : plural(pages.length, 'page')} of ${formatNumber(f.totalPages)}`;
    }
    case 'notebook': {
      const f = out.file;
      const lang = f.language ? ` (${f.language})` : '';
      return `Notebook with ${plural(f.cells.length, 'cell')}${lang}`;
    }
    case 'file_unchanged':
      return 'Unchanged since the assistant read it earlier';
  }
}

/** Remarks worth showing under the result: long lines cut, the tool's notes. */
export function readNotes(out: ReadOutput | null): string[] {
  if (!out || out.type === 'file_unchanged') return [];
  const notes: string[] = [];
  if (out.type === 'text' && out.file.truncatedLines > 0) {
    notes.push(`${plural(out.file.truncatedLines, 'very long line was', 'very long lines were')} cut short.`);
  }
  return [...notes, ...(out.notes ?? [])];
}
