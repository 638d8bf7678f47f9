// Write's input schema (Claude Code's fields exactly) and output, shared by the tool and its view.
import { z } from 'zod';
import { PatchHunk } from './edit';

export const WRITE_TOOL_NAME = 'Write';

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeWriteInputSchema() {
  return z.strictObject({
    file_path: z.string().describe('The absolute path to the file to write (must be absolute, not relative)'),
    content: z.string().describe('The content to write to the file'),
  });
}
export type WriteInput = z.infer<ReturnType<typeof makeWriteInputSchema>>;

export const WriteOutput = z.object({
  type: z.enum(['create', 'update']),
  filePath: z.string(),
  /** What was written, "\n"-normalised (the file keeps the line endings it had). */
  content: z.string(),
  /** The previous content ("\n"-normalised); null when the file was created. */
  originalFile: z.string().nullable(),
  /** Empty for a created file (the view shows `content`). */
  structuredPatch: z.array(PatchHunk),
});
export type WriteOutput = z.infer<typeof WriteOutput>;
