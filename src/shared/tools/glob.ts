// Glob's input schema (Claude Code's fields: pattern, path) and its structured output, shared by the
// tool in main and its view in the renderer (which parses `result.data` with GlobOutput).
import { z } from 'zod';

export const GLOB_TOOL_NAME = 'Glob';
/** At most this many paths per call (Claude Code's limit); more sets `truncated`. */
export const GLOB_MAX_RESULTS = 100;
export const GLOB_TRUNCATED_NOTE = '(Results are truncated. Consider using a more specific path or pattern.)';
export const GLOB_NO_FILES = 'No files found';

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeGlobInputSchema() {
  return z.strictObject({
    pattern: z.string().describe('The glob pattern to match files against'),
    path: z
      .string()
      .optional()
      .describe(
        'The directory to search in. If not specified, the current working directory will be used. IMPORTANT: Omit this field to use the default directory. DO NOT enter "undefined" or "null" - simply omit it for the default behavior. Must be a valid directory path if provided.',
      ),
  });
}
export type GlobInput = z.output<ReturnType<typeof makeGlobInputSchema>>;

export const GlobOutput = z.object({
  /** Absolute paths, newest modification first, at most GLOB_MAX_RESULTS. */
  filenames: z.array(z.string()),
  numFiles: z.number().int(),
  /** More files matched than were returned. */
  truncated: z.boolean(),
  /** The directory that was searched (absolute). */
  searchPath: z.string(),
  durationMs: z.number(),
});
export type GlobOutput = z.infer<typeof GlobOutput>;
