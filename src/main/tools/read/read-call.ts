// What one Read does once validated and permitted: locate the file, answer a repeat with the
// `file_unchanged` stub (TL1), else read it by kind (image, PDF, notebook, text) and record it.
import { readFile } from 'node:fs/promises';
import { READ_DEFAULT_LINE_LIMIT, READ_MAX_LINE_CHARS, type ReadInput, type ReadOutput } from '../../../shared/tools/read';
import type { ToolUseContext } from '../core/tool';
import { recordTextRead, recordWholeRead } from '../file-state/record';
import { extensionOf } from '../fs-common/binary';
import { decodeText } from '../fs-common/encoding';
import { FileToolError } from '../fs-common/errors';
import { sha256 } from '../fs-common/hash';
import { expandPath } from '../fs-common/paths';
import { IMAGE_ERROR_CODE, IMAGE_EXTENSIONS, loadImage, MAX_IMAGE_FILE_BYTES } from './image';
import { locateFile } from './locate';
import { readNotebook } from './notebook';
import { parsePageRange } from './page-range';
import { MAX_PDF_BYTES, PDF_ERROR_CODE, readPdfText } from './pdf';
import { readTextRange } from './text-range';
import { binaryFileMessage, READ_ERROR } from './validate';

export interface ReadLimits {
  /** A file larger than this must be read in parts, with offset/limit (Claude Code's 256 KB). */
  maxFileBytesWithoutLimit: number;
  /** Text returned by one Read may not exceed this (kept under maxResultSizeChars: Read is never persisted). */
  maxOutputChars: number;
}

const kb = (n: number) => `${Math.round(n / 1024)} KB`;

export async function readForModel(input: ReadInput, ctx: ToolUseContext, limits: ReadLimits): Promise<ReadOutput> {
  const abs = expandPath(input.file_path, ctx);
  const found = await locateFile(abs, ctx.state.cwd, ctx.readDenied);
  const { path, stat } = found;
  const notes = found.note ? [found.note] : [];
  const withNotes = <T extends object>(o: T) => (notes.length ? { ...o, notes } : o);

  const prev = ctx.fileState?.get(path);
  if (
    prev?.kind === 'read' &&
    prev.offset === input.offset &&
    prev.limit === input.limit &&
    prev.pages === input.pages &&
    prev.mtimeMs === stat.mtimeMs &&
    prev.size === stat.size
  ) {
    return { type: 'file_unchanged', file: { filePath: path } };
  }
  const facts = (hash: string) => ({ hash, mtimeMs: stat.mtimeMs, size: stat.size });
  const args = { offset: input.offset, limit: input.limit, pages: input.pages };
  const ext = extensionOf(path);

  if (IMAGE_EXTENSIONS.has(ext)) {
    if (stat.size > MAX_IMAGE_FILE_BYTES) throw new FileToolError(`The image ${path} is too large to read (${kb(stat.size)}).`, IMAGE_ERROR_CODE);
    const bytes = await readFile(path);
    const file = await loadImage(path, bytes);
    recordWholeRead(ctx.fileState, path, facts(sha256(bytes)), args, true);
    return withNotes({ type: 'image' as const, file });
  }

  if (ext === 'pdf') {
    if (stat.size > MAX_PDF_BYTES) throw new FileToolError(`The PDF ${path} is too large to read (${kb(stat.size)}; the limit is ${kb(MAX_PDF_BYTES)}).`, PDF_ERROR_CODE);
    const bytes = await readFile(path);
    const spec = input.pages !== undefined ? parsePageRange(input.pages) : undefined;
    if (spec && !spec.ok) throw new FileToolError(spec.message, READ_ERROR.invalidPages);
    const pdf = await readPdfText(path, bytes, spec?.pages);
    const full = pdf.pages.length === pdf.totalPages;
    recordWholeRead(ctx.fileState, path, facts(sha256(bytes)), args, full);
    return withNotes({ type: 'pdf' as const, file: { filePath: path, totalPages: pdf.totalPages, pages: pdf.pages, originalSize: bytes.length } });
  }

  if (ext === 'ipynb') {
    if (stat.size > limits.maxOutputChars * 4) {
      throw new FileToolError(
        `Notebook content (${kb(stat.size)}) exceeds the maximum allowed size. Use Bash with jq to read specific portions: cat "${path}" | jq '.cells[:20]'`,
        READ_ERROR.tooLarge,
      );
    }
    const bytes = await readFile(path);
    let file;
    try {
      file = readNotebook(path, decodeText(bytes).text);
    } catch (e) {
      throw new FileToolError(`${(e as Error).message} (${path})`, READ_ERROR.notebook);
    }
    const textSize = file.cells.reduce((n, c) => n + c.source.length + c.outputs.reduce((m, o) => m + (o.type === 'text' ? o.text.length : 0), 0), 0);
    if (textSize > limits.maxOutputChars) {
      throw new FileToolError(
        `Notebook content (${textSize} characters) exceeds the maximum allowed size (${limits.maxOutputChars}). Use Bash with jq to read specific portions: cat "${path}" | jq '.cells[:20]'`,
        READ_ERROR.tooLarge,
      );
    }
    recordWholeRead(ctx.fileState, path, facts(sha256(bytes)), args, true);
    return withNotes({ type: 'notebook' as const, file });
  }

  // With an offset or a limit the model is already paging; the output cap below still applies.
  if (input.limit === undefined && input.offset === undefined && stat.size > limits.maxFileBytesWithoutLimit) {
    throw new FileToolError(
      `File content (${kb(stat.size)}) exceeds maximum allowed size (${kb(limits.maxFileBytesWithoutLimit)}). ` +
        'Please use offset and limit parameters to read specific portions of the file, or use the Grep tool to search for specific content.',
      READ_ERROR.tooLarge,
    );
  }
  const startLine = Math.max(1, input.offset ?? 1);
  const range = await readTextRange(path, {
    startLine,
    maxLines: input.limit ?? READ_DEFAULT_LINE_LIMIT,
    maxLineChars: READ_MAX_LINE_CHARS,
    maxOutputChars: limits.maxOutputChars,
    signal: ctx.abortSignal,
    size: stat.size,
  });
  if (range.binary) throw new FileToolError(binaryFileMessage(path), READ_ERROR.binary);
  const numLines = range.lines.length;
  recordTextRead(ctx.fileState, path, facts(range.hash), args, numLines ? [startLine, startLine + numLines - 1] : null, range.totalLines);
  return withNotes({
    type: 'text' as const,
    file: {
      filePath: path,
      content: range.lines.join('\n'),
      startLine,
      numLines,
      totalLines: range.totalLines,
      truncatedLines: range.truncatedLines,
    },
  });
}
