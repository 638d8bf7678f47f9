// WebFetch's input schema (Claude Code's fields: url, prompt) and its output, shared by the tool in main
// and its view in the renderer (which parses `result.data` with WebFetchData).
import { z } from 'zod';

export const WEB_FETCH_TOOL_NAME = 'WebFetch';

export function makeWebFetchInputSchema() {
  return z.strictObject({
    url: z.url().describe('The URL to fetch content from'),
    prompt: z.string().describe('The prompt to run on the fetched content'),
  });
}
export type WebFetchInput = z.output<ReturnType<typeof makeWebFetchInputSchema>>;

/** Claude Code's output fields, plus what the view shows of a redirect and of the cache. */
export const WebFetchData = z.object({
  /** Size of the fetched body, in bytes. */
  bytes: z.number().int().nonnegative(),
  /** The HTTP status. */
  code: z.number().int(),
  codeText: z.string(),
  /** The answer to the prompt (or the redirect notice): the text the model reads. */
  result: z.string(),
  durationMs: z.number().nonnegative(),
  /** The address fetched (after the http → https upgrade). */
  url: z.string(),
  /** Set when the page moved to another host: the new address, not followed. */
  redirectUrl: z.string().optional(),
  /** The page came from the 15-minute cache. */
  cached: z.boolean().optional(),
  /** The page was longer than the part the answer was made from. */
  truncated: z.boolean().optional(),
});
export type WebFetchData = z.infer<typeof WebFetchData>;
