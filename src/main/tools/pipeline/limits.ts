// The three result-size limits of seed 4.8 (PL6) and the preview size the model gets instead.

/** A tool result over this many characters is saved to disk unless the tool sets its own limit. */
export const DEFAULT_MAX_RESULT_SIZE_CHARS = 50_000;

/** The absolute cap for one result, in tokens; no tool's own limit may exceed it. */
export const MAX_TOOL_RESULT_TOKENS = 100_000;
/** ~4 characters per token: the cap in characters (~400 KB). */
export const BYTES_PER_TOKEN = 4;
export const MAX_TOOL_RESULT_CHARS = MAX_TOOL_RESULT_TOKENS * BYTES_PER_TOKEN;

/** All tool results of one assistant message together; the largest are persisted first. */
export const MAX_TOOL_RESULTS_PER_MESSAGE_CHARS = 200_000;

/** How much of a persisted result the model sees inline. */
export const PREVIEW_SIZE_CHARS = 2_000;

/** The limit that applies to a tool: its own if sane, never above the absolute cap. */
export function effectiveResultLimit(maxResultSizeChars: number | undefined): number {
  const own = typeof maxResultSizeChars === 'number' && maxResultSizeChars > 0 ? maxResultSizeChars : DEFAULT_MAX_RESULT_SIZE_CHARS;
  return Math.min(own, MAX_TOOL_RESULT_CHARS);
}
