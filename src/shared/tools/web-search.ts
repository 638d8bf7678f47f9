// WebSearch's input schema (Claude Code's fields: query, allowed_domains, blocked_domains) and its
// output — search hits interleaved with the model's commentary — shared by the tool and its view.
import { z } from 'zod';

export const WEB_SEARCH_TOOL_NAME = 'WebSearch';

export function makeWebSearchInputSchema() {
  return z.strictObject({
    query: z.string().min(2).describe('The search query to use'),
    allowed_domains: z.array(z.string()).optional().describe('Only include search results from these domains'),
    blocked_domains: z.array(z.string()).optional().describe('Never include search results from these domains'),
  });
}
export type WebSearchInput = z.output<ReturnType<typeof makeWebSearchInputSchema>>;

export const WebSearchHit = z.object({ title: z.string(), url: z.string() });
export type WebSearchHit = z.infer<typeof WebSearchHit>;

/** One search the model ran: its hits. */
export const WebSearchResult = z.object({ tool_use_id: z.string(), content: z.array(WebSearchHit) });
export type WebSearchResult = z.infer<typeof WebSearchResult>;

export const WebSearchData = z.object({
  query: z.string(),
  /** Searches' hits and the model's text between them, in order. */
  results: z.array(z.union([WebSearchResult, z.string()])),
  durationSeconds: z.number().nonnegative(),
});
export type WebSearchData = z.infer<typeof WebSearchData>;

/** Every hit of every search, each address once, in order. */
export function webSearchHits(data: WebSearchData): WebSearchHit[] {
  const seen = new Set<string>();
  const hits: WebSearchHit[] = [];
  for (const r of data.results) {
    if (typeof r === 'string') continue;
    for (const h of r.content) {
      if (seen.has(h.url)) continue;
      seen.add(h.url);
      hits.push(h);
    }
  }
  return hits;
}
