// The WebSearch tool (TL): one request to the model with the Messages API's server-side web search
// (at most 8 searches, the caller's allowed or blocked domains); its hits and commentary are the result.
import { makeWebSearchInputSchema, WEB_SEARCH_TOOL_NAME, type WebSearchData, type WebSearchInput } from '../../../shared/tools/web-search';
import type { ServerTool } from '../../model/types';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ValidationResult } from '../core/tool';
import { SEARCH_SYSTEM, searchRequest, WEB_SEARCH_PROMPT } from './prompt';
import { searchOutput, searchResultText } from './search-output';

/** Claude Code's server tool: the API runs the searches itself. */
export function webSearchServerTool(input: WebSearchInput): ServerTool {
  return {
    type: 'web_search_20250305',
    name: 'web_search',
    max_uses: 8,
    ...(input.allowed_domains ? { allowed_domains: input.allowed_domains } : {}),
    ...(input.blocked_domains ? { blocked_domains: input.blocked_domains } : {}),
  };
}

export function createWebSearchTool(now: () => number = Date.now): Tool<WebSearchInput, WebSearchData> {
  return buildTool<WebSearchInput, WebSearchData>({
    name: WEB_SEARCH_TOOL_NAME,
    searchHint: 'search the web for current information',
    maxResultSizeChars: 100_000,
    // Claude Code offers it through ToolSearch (AS4).
    shouldDefer: true,
    kind: 'fetch',
    inputSchema: lazySchema(makeWebSearchInputSchema),
    description: (input) => `Claude wants to search the web for: ${input.query ?? ''}`,
    prompt: () => WEB_SEARCH_PROMPT,
    userFacingName: () => 'Web Search',
    summarize: (input) => input.query ?? '',
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    toAutoClassifierInput: (input) => input.query,
    validateInput: (input): ValidationResult => {
      if (!input.query.length) return { result: false, message: 'Error: Missing query', errorCode: 1 };
      if (input.allowed_domains?.length && input.blocked_domains?.length) {
        return { result: false, message: 'Error: Cannot specify both allowed_domains and blocked_domains in the same request', errorCode: 2 };
      }
      return { result: true };
    },
    checkPermissions: () => ({ behavior: 'passthrough', message: 'WebSearch requires permission.', suggestions: [WEB_SEARCH_TOOL_NAME] }),
    async call(input, ctx) {
      if (!ctx.sideQuery) throw new Error('WebSearch needs the model to search, and no model is reachable here.');
      const started = now();
      const reply = await ctx.sideQuery(
        {
          model: 'session',
          system: SEARCH_SYSTEM,
          messages: [{ role: 'user', content: [{ type: 'text', text: searchRequest(input.query) }] }],
          serverTools: [webSearchServerTool(input)],
        },
        ctx.abortSignal,
      );
      return { data: searchOutput(reply.blocks, input.query, (now() - started) / 1000) };
    },
    mapResult: (data) => ({ content: searchResultText(data) }),
  });
}

export const WebSearchTool = createWebSearchTool();
