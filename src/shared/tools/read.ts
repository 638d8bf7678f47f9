// Read's input schema (Claude Code's fields: file_path, offset, limit, pages) and its structured
// output, shared by the tool in main and its view in the renderer (which parses `result.data`).
import { z } from 'zod';

export const READ_TOOL_NAME = 'Read';
/** Lines returned when no `limit` is given (Claude Code's default). */
export const READ_DEFAULT_LINE_LIMIT = 2000;
/** Lines longer than this are cut, with a marker. */
export const READ_MAX_LINE_CHARS = 2000;
/** At most this many PDF pages per call; longer PDFs need `pages`. */
export const READ_MAX_PDF_PAGES = 20;

/** "5" → 5 (models sometimes quote numbers, PL2); anything else is left for zod to judge. */
const numericString = (v: unknown): unknown => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeReadInputSchema() {
  return z.strictObject({
    file_path: z.string().describe('The absolute path to the file to read'),
    offset: z
      .preprocess(numericString, z.number().int().nonnegative().optional())
      .describe('The line number to start reading from. Only provide if the file is too large to read at once'),
    limit: z
      .preprocess(numericString, z.number().int().positive().optional())
      .describe('The number of lines to read. Only provide if the file is too large to read at once.'),
    pages: z
      .string()
      .optional()
      .describe(
        `Page range for PDF files (e.g., "1-5", "3", "10-20"). Only applicable to PDF files. Maximum ${READ_MAX_PDF_PAGES} pages per request.`,
      ),
  });
}
export type ReadInput = z.output<ReturnType<typeof makeReadInputSchema>>;

export const ReadTextFile = z.object({
  filePath: z.string(),
  /** The lines shown, joined with "\n", without line numbers (long lines already cut). */
  content: z.string(),
  /** 1-based number of the first line shown. */
  startLine: z.number().int(),
  numLines: z.number().int(),
  totalLines: z.number().int(),
  /** How many of the shown lines were cut at READ_MAX_LINE_CHARS. */
  truncatedLines: z.number().int(),
});
export type ReadTextFile = z.infer<typeof ReadTextFile>;

export const ReadImageFile = z.object({
  filePath: z.string(),
  base64: z.string(),
  mediaType: z.string(),
  /** Size in bytes of the file on disk. */
  originalSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  originalWidth: z.number().int(),
  originalHeight: z.number().int(),
  /** True when the image was downscaled or re-encoded to fit the model's limits. */
  resized: z.boolean(),
});
export type ReadImageFile = z.infer<typeof ReadImageFile>;

export const ReadPdfPage = z.object({ page: z.number().int(), text: z.string() });
export const ReadPdfFile = z.object({
  filePath: z.string(),
  totalPages: z.number().int(),
  pages: z.array(ReadPdfPage),
  originalSize: z.number().int(),
});
export type ReadPdfFile = z.infer<typeof ReadPdfFile>;

export const NotebookCellOutput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), mediaType: z.string(), data: z.string() }),
]);
export type NotebookCellOutput = z.infer<typeof NotebookCellOutput>;

export const NotebookCellView = z.object({
  /** The cell's `id`, or `cell-N` (0-based) for notebooks without ids. */
  cellId: z.string(),
  cellType: z.enum(['code', 'markdown', 'raw']),
  source: z.string(),
  executionCount: z.number().int().nullable().optional(),
  outputs: z.array(NotebookCellOutput),
});
export type NotebookCellView = z.infer<typeof NotebookCellView>;

export const ReadNotebookFile = z.object({
  filePath: z.string(),
  /** The kernel's language (python, r, …) when the notebook says. */
  language: z.string().optional(),
  cells: z.array(NotebookCellView),
});
export type ReadNotebookFile = z.infer<typeof ReadNotebookFile>;

/** What one Read produced; `mapResult` turns it into the model's content, the view renders it. */
export const ReadOutput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), file: ReadTextFile, notes: z.array(z.string()).optional() }),
  z.object({ type: z.literal('image'), file: ReadImageFile, notes: z.array(z.string()).optional() }),
  z.object({ type: z.literal('pdf'), file: ReadPdfFile, notes: z.array(z.string()).optional() }),
  z.object({ type: z.literal('notebook'), file: ReadNotebookFile, notes: z.array(z.string()).optional() }),
  /** TL1: the same range of an unchanged file was read before in this session. */
  z.object({ type: z.literal('file_unchanged'), file: z.object({ filePath: z.string() }) }),
]);
export type ReadOutput = z.infer<typeof ReadOutput>;

export const FILE_UNCHANGED_STUB =
  'File unchanged since last read. The content from the earlier Read tool_result in this conversation is still current — refer to that instead of re-reading.';
