// Grep's input schema (Claude Code's fields exactly: pattern, path, glob, output_mode, -B, -A, -C, -n,
// -i, type, head_limit, offset, multiline) and its structured output, shared by the tool in main and its
// view in the renderer (which parses `result.data` with GrepOutput and may format lines with formatGrepLine).
import { z } from 'zod';

export const GREP_TOOL_NAME = 'Grep';
/** Lines/entries returned when `head_limit` is not given (Claude Code's default); 0 means no limit. */
export const GREP_DEFAULT_HEAD_LIMIT = 250;
/** Longer lines are replaced by rg's "[Omitted long … line]" (rg --max-columns 500, as Claude Code). */
export const GREP_MAX_COLUMNS = 500;
/** Version-control directories never searched (Claude Code passes `--glob !<dir>` for each). */
export const GREP_VCS_DIRECTORIES = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'] as const;

export const GrepOutputMode = z.enum(['content', 'files_with_matches', 'count']);
export type GrepOutputMode = z.infer<typeof GrepOutputMode>;

/** "5" → 5 (models sometimes quote numbers, PL2); anything else is left for zod to judge. */
const numericString = (v: unknown): unknown => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
/** "true"/"false" → booleans, for the same reason. */
const booleanString = (v: unknown): unknown => (v === 'true' ? true : v === 'false' ? false : v);

const count = (description: string) => z.preprocess(numericString, z.number().int().nonnegative().optional()).describe(description);
const flag = (description: string) => z.preprocess(booleanString, z.boolean().optional()).describe(description);

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeGrepInputSchema() {
  return z.strictObject({
    pattern: z.string().describe('The regular expression pattern to search for in file contents'),
    path: z.string().optional().describe('File or directory to search in (rg PATH). Defaults to current working directory.'),
    glob: z.string().optional().describe('Glob pattern to filter files (e.g. "*.js", "*.{ts,tsx}") - maps to rg --glob'),
    output_mode: GrepOutputMode.optional().describe(
      'Output mode: "content" shows matching lines (supports -A/-B/-C context, -n line numbers, head_limit), "files_with_matches" shows file paths (supports head_limit), "count" shows match counts (supports head_limit). Defaults to "files_with_matches".',
    ),
    '-B': count('Number of lines to show before each match (rg -B). Requires output_mode: "content", ignored otherwise.'),
    '-A': count('Number of lines to show after each match (rg -A). Requires output_mode: "content", ignored otherwise.'),
    '-C': count('Number of lines to show before and after each match (rg -C). Requires output_mode: "content", ignored otherwise.'),
    '-n': flag('Show line numbers in output (rg -n). Requires output_mode: "content", ignored otherwise. Defaults to true.'),
    '-i': flag('Case insensitive search (rg -i)'),
    type: z
      .string()
      .optional()
      .describe('File type to search (rg --type). Common types: js, py, rust, go, java, etc. More efficient than include for standard file types.'),
    head_limit: count(
      `Limit output to first N lines/entries, equivalent to "| head -N". Works across all output modes: content (limits output lines), files_with_matches (limits file paths), count (limits count entries). Defaults to ${GREP_DEFAULT_HEAD_LIMIT} when unspecified. Pass 0 for unlimited (use sparingly — large result sets waste context).`,
    ),
    offset: count('Skip first N lines/entries before applying head_limit, equivalent to "| tail -n +N | head -N". Works across all output modes. Defaults to 0.'),
    multiline: flag('Enable multiline mode where . matches newlines and patterns can span lines (rg -U --multiline-dotall). Default: false.'),
  });
}
export type GrepInput = z.output<ReturnType<typeof makeGrepInputSchema>>;

/** One line of `content` output, as rg prints it: a match (`:`), a context line (`-`), a `--` group break. */
export const GrepLine = z.object({
  kind: z.enum(['match', 'context', 'separator', 'binary']),
  /** The file as shown: relative to the session's cwd when inside it, else absolute. Absent on separators. */
  file: z.string().optional(),
  /** 1-based line number; absent on separators and on a binary file's notice. */
  line: z.number().int().optional(),
  /** The line without its line ending; rg's "[Omitted long … line]" for lines over GREP_MAX_COLUMNS bytes. */
  text: z.string(),
});
export type GrepLine = z.infer<typeof GrepLine>;

export const GrepCount = z.object({ file: z.string(), count: z.number().int() });
export type GrepCount = z.infer<typeof GrepCount>;

export const GrepOutput = z.object({
  mode: GrepOutputMode,
  /** `ripgrep` when rg was found on the machine, else the built-in TypeScript search. */
  backend: z.enum(['ripgrep', 'builtin']),
  /** What was searched (absolute): a directory, or one file. */
  searchPath: z.string(),
  /** The session's cwd that shown paths are relative to. */
  cwd: z.string(),
  /** False when one file was searched: rg then prints lines and counts without the file name. */
  withFilename: z.boolean(),
  /** Whether `content` lines carry their number (`-n`). */
  lineNumbers: z.boolean(),
  /** files_with_matches: files shown; count: files counted; content: distinct files in the lines shown. */
  numFiles: z.number().int(),
  /** files_with_matches: the page of paths shown, newest modification first. */
  filenames: z.array(z.string()),
  /** content and count: exactly the text the model gets (before any pagination note). */
  content: z.string().optional(),
  /** content: the page of lines shown, structured for the view. */
  lines: z.array(GrepLine).optional(),
  /** count: the page of per-file counts shown. */
  counts: z.array(GrepCount).optional(),
  numLines: z.number().int().optional(),
  /** count: the sum of the shown counts (matching lines, as rg -c counts them). */
  numMatches: z.number().int().optional(),
  /** Set only when the limit cut results off. */
  appliedLimit: z.number().int().optional(),
  appliedOffset: z.number().int().optional(),
  /** Remarks for the model and the view (timeouts, unreadable paths, output cut short). */
  notes: z.array(z.string()).optional(),
  durationMs: z.number(),
});
export type GrepOutput = z.infer<typeof GrepOutput>;

/** One content line exactly as rg prints it (`file:12:text`, `file-13-text`, `--`). */
export function formatGrepLine(line: GrepLine, opts: { withFilename: boolean; lineNumbers: boolean }): string {
  if (line.kind === 'separator') return '--';
  if (line.kind === 'binary') return opts.withFilename && line.file !== undefined ? `${line.file}: ${line.text}` : line.text;
  const sep = line.kind === 'match' ? ':' : '-';
  let out = '';
  if (opts.withFilename && line.file !== undefined) out += `${line.file}${sep}`;
  if (opts.lineNumbers && line.line !== undefined) out += `${line.line}${sep}`;
  return out + line.text;
}
