// Edit's input schema (Claude Code's fields exactly) and output, plus the file-change data the
// editing tools share with their views: jsdiff-shaped patch hunks and the proposed change shown
// by the approval modal before a file is touched (diff-first approval).
import { z } from 'zod';

export const EDIT_TOOL_NAME = 'Edit';

const semanticBoolean = (v: unknown): unknown => (v === 'true' ? true : v === 'false' ? false : v);

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeEditInputSchema() {
  return z.strictObject({
    file_path: z.string().describe('The absolute path to the file to modify'),
    old_string: z.string().describe('The text to replace'),
    new_string: z.string().describe('The text to replace it with (must be different from old_string)'),
    replace_all: z
      .preprocess(semanticBoolean, z.boolean().optional().default(false))
      .describe('Replace all occurrences of old_string (default false)'),
  });
}
export type EditInput = z.output<ReturnType<typeof makeEditInputSchema>>;

/** One hunk of a unified diff, as jsdiff's `structuredPatch` returns it (lines start with ' ', '-', '+'). */
export const PatchHunk = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  lines: z.array(z.string()),
});
export type PatchHunk = z.infer<typeof PatchHunk>;

export const EditOutput = z.object({
  filePath: z.string(),
  oldString: z.string(),
  newString: z.string(),
  replaceAll: z.boolean(),
  /** How many occurrences were replaced. */
  replacements: z.number().int(),
  /** The file before the edit (line endings normalised to "\n"); null when the edit created it. */
  originalFile: z.string().nullable(),
  /** The change, on "\n"-normalised text (the file keeps its own line endings on disk). */
  structuredPatch: z.array(PatchHunk),
  /** Set when old_string matched only after curly/straight quote normalisation. */
  quoteNormalized: z.boolean().optional(),
});
export type EditOutput = z.infer<typeof EditOutput>;

/**
 * What an editing tool would do, computed without touching the file (diff-first approval).
 * Contents are "\n"-normalised text; the file's own line endings, encoding and BOM are kept on disk.
 */
export const ProposedFileChange = z.object({
  path: z.string(),
  kind: z.enum(['create', 'update', 'delete']),
  oldContent: z.string().nullable(),
  newContent: z.string(),
});
export type ProposedFileChange = z.infer<typeof ProposedFileChange>;
