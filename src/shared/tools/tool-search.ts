// ToolSearch's input schema and output type (AS4), shared by the tool in main and its view in the renderer.
import { z } from 'zod';

export const TOOL_SEARCH_TOOL_NAME = 'ToolSearch';
export const TOOL_SEARCH_DEFAULT_MAX_RESULTS = 5;

/** "5" → 5 (models sometimes quote numbers, PL2); anything else is left for zod to reject. */
const numericString = (v: unknown): unknown => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function buildToolSearchInputSchema() {
  return z.strictObject({
    query: z
      .string()
      .describe('Query to find deferred tools. Use "select:<tool_name>[,<tool_name>…]" for direct selection, or keywords to search.'),
    // The preprocess wraps the default so the JSON Schema still shows `default: 5`.
    max_results: z
      .preprocess(numericString, z.number().int().min(1).optional().default(TOOL_SEARCH_DEFAULT_MAX_RESULTS))
      .describe(`Maximum number of results to return (default: ${TOOL_SEARCH_DEFAULT_MAX_RESULTS})`),
  });
}
export type ToolSearchInput = z.output<ReturnType<typeof buildToolSearchInputSchema>>;

export interface ToolSearchOutput {
  /** Names of the matched tools, best first; deferred ones among them are now loaded. */
  matches: string[];
  query: string;
  total_deferred_tools: number;
  /** `select:` names that match no tool. */
  not_found?: string[];
}
