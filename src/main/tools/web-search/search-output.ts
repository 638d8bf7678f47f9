// WebSearch's reply, read: the side request's blocks (text, server_tool_use, web_search_tool_result, text…)
// become Claude Code's output — hits and commentary in order — and that output the text the model reads.
import type { WebSearchData, WebSearchResult } from '../../../shared/tools/web-search';
import type { RawContentBlock } from '../../model/types';
import { SOURCES_REMINDER } from './prompt';

type Hit = { title?: unknown; url?: unknown };

export function searchOutput(blocks: readonly RawContentBlock[], query: string, durationSeconds: number): WebSearchData {
  const results: Array<WebSearchResult | string> = [];
  let text = '';
  let inText = true;
  for (const block of blocks) {
    if (block.type === 'server_tool_use') {
      // Text before a search is the model's lead-in: kept as one entry.
      if (inText) {
        inText = false;
        if (text.trim()) results.push(text.trim());
        text = '';
      }
    } else if (block.type === 'web_search_tool_result') {
      const content = block.content;
      if (!Array.isArray(content)) {
        const code = content && typeof content === 'object' ? (content as { error_code?: unknown }).error_code : undefined;
        results.push(`Web search error: ${String(code ?? 'unknown')}`);
        continue;
      }
      results.push({
        tool_use_id: String(block.tool_use_id ?? ''),
        content: (content as Hit[]).filter((h) => typeof h?.url === 'string').map((h) => ({ title: typeof h.title === 'string' ? h.title : String(h.url), url: String(h.url) })),
      });
    } else if (block.type === 'text' && typeof block.text === 'string') {
      if (inText) text += block.text;
      else {
        inText = true;
        text = block.text;
      }
    }
  }
  if (text.trim()) results.push(text.trim());
  return { query, results, durationSeconds };
}

/** Claude Code's result text: the query, each search's links as JSON, the commentary, the reminder. */
export function searchResultText(data: WebSearchData): string {
  let out = `Web search results for query: "${data.query}"\n\n`;
  for (const r of data.results) {
    if (typeof r === 'string') out += `${r}\n\n`;
    else out += r.content.length > 0 ? `Links: ${JSON.stringify(r.content)}\n\n` : 'No links found.\n\n';
  }
  out += `\n${SOURCES_REMINDER}`;
  return out.trim();
}
