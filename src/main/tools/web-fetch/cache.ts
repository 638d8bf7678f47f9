// WebFetch's 15-minute cache of fetched pages (Claude Code's), by address: a page asked about twice is
// fetched once, and the newest prompt is answered from the kept Markdown. Bounded in total size.
export const CACHE_TTL_MS = 15 * 60 * 1000;
const MAX_CACHE_CHARS = 50 * 1024 * 1024;

export interface CachedPage {
  url: string;
  code: number;
  codeText: string;
  bytes: number;
  contentType: string;
  /** The page as the model reads it (Markdown for HTML). */
  content: string;
}

export interface PageCache {
  get(url: string): CachedPage | undefined;
  set(url: string, page: CachedPage): void;
  clear(): void;
}

export function createPageCache(now: () => number = Date.now, ttlMs = CACHE_TTL_MS, maxChars = MAX_CACHE_CHARS): PageCache {
  const entries = new Map<string, { page: CachedPage; at: number }>();
  let total = 0;
  const drop = (url: string) => {
    const e = entries.get(url);
    if (!e) return;
    total -= e.page.content.length;
    entries.delete(url);
  };
  return {
    get(url) {
      const e = entries.get(url);
      if (!e) return undefined;
      if (now() - e.at >= ttlMs) {
        drop(url);
        return undefined;
      }
      return e.page;
    },
    set(url, page) {
      if (page.content.length > maxChars) return;
      drop(url);
      entries.set(url, { page, at: now() });
      total += page.content.length;
      // Oldest first (a Map keeps insertion order) until the whole fits.
      for (const key of entries.keys()) {
        if (total <= maxChars) break;
        drop(key);
      }
    },
    clear() {
      entries.clear();
      total = 0;
    },
  };
}
