// WebSearch's view data, pure: the query and its domain limits in words, the structured output
// (WebSearchData in `result.data`, parsed, never trusted), the hits each address once.
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { WebSearchData, webSearchHits, type WebSearchHit } from '../../../../shared/tools/web-search';
import { plural } from '../shared/paths';
import { hasRun } from '../state';

export function webSearchInput(input: unknown): { query: string; allowed: string[]; blocked: string[] } {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return { query: typeof r.query === 'string' ? r.query : '', allowed: list(r.allowed_domains), blocked: list(r.blocked_domains) };
}

export function webSearchOutput(call: ToolCallView): WebSearchData | null {
  const parsed = WebSearchData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

export function webSearchSubject(call: ToolCallView): string {
  return webSearchInput(call.input).query || 'something';
}

/** "Search the web for “…”" until it ran, then "Searched the web for “…”". */
export function webSearchTitle(call: ToolCallView): string {
  return `${hasRun(call.state) ? 'Searched' : 'Search'} the web for “${webSearchSubject(call)}”`;
}

/** "only on vitest.dev and github.com" / "not on pinterest.com"; null without limits. */
export function domainWords(input: unknown): string | null {
  const { allowed, blocked } = webSearchInput(input);
  const and = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : (xs[0] ?? ''));
  if (allowed.length > 0) return `only on ${and(allowed)}`;
  if (blocked.length > 0) return `not on ${and(blocked)}`;
  return null;
}

export function hitsOf(call: ToolCallView): WebSearchHit[] {
  const out = webSearchOutput(call);
  return out ? webSearchHits(out) : [];
}

/** "Found 5 pages", "Nothing found". */
export function foundWords(out: WebSearchData): string {
  const n = webSearchHits(out).length;
  return n === 0 ? 'Nothing found' : `Found ${plural(n, 'page')}`;
}

/** The model's own sentences between the searches (its summary), in order. */
export function commentaryOf(out: WebSearchData): string[] {
  return out.results.filter((r): r is string => typeof r === 'string');
}

export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
