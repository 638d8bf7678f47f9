// The ToolSearch tool (AS4): finds deferred tools and marks them loaded for this session, so the next
// request carries their full definitions. Read-only and concurrency-safe.
import {
  buildToolSearchInputSchema,
  TOOL_SEARCH_TOOL_NAME,
  type ToolSearchInput,
  type ToolSearchOutput,
} from '../../../shared/tools/tool-search';
import { buildTool } from '../core/build-tool';
import { isDeferredTool } from '../core/deferred';
import { lazySchema } from '../core/lazy-schema';
import type { AnyTool } from '../core/tool';
import prompt from './prompt.md?raw';
import { searchTools, type SearchableTool } from './search';

function searchable(tool: AnyTool): SearchableTool {
  let description = '';
  try {
    description = tool.prompt();
  } catch {
    // A tool whose prompt fails is still findable by name and hint.
  }
  return { name: tool.name, searchHint: tool.searchHint, description, deferred: isDeferredTool(tool) };
}

export const ToolSearchTool = buildTool<ToolSearchInput, ToolSearchOutput>({
  name: TOOL_SEARCH_TOOL_NAME,
  searchHint: 'find load deferred tools search',
  maxResultSizeChars: 100_000,
  inputSchema: lazySchema(buildToolSearchInputSchema),
  description: () => 'Search for and load deferred tools',
  prompt: () => prompt,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  worksInThread: true,
  toAutoClassifierInput: (input) => input.query,
  summarize: (input) => input.query ?? '',
  async call(input, ctx) {
    const pool = ctx.tools.filter((t) => t.name !== TOOL_SEARCH_TOOL_NAME);
    const { matches, notFound } = searchTools(input.query, pool.map(searchable), input.max_results);
    const deferredNames = new Set(pool.filter(isDeferredTool).map((t) => t.name));
    const toLoad = matches.filter((name) => deferredNames.has(name));
    if (ctx.deferredTools) ctx.deferredTools.load(toLoad);
    else if (toLoad.length > 0) ctx.log.warn('ToolSearch: no deferred-tool state in context; matches not loaded', { toLoad });
    const data: ToolSearchOutput = { matches, query: input.query, total_deferred_tools: deferredNames.size };
    if (notFound.length > 0) data.not_found = notFound;
    return { data };
  },
  mapResult(output) {
    const missing = output.not_found?.length ? `\nNo tool is named: ${output.not_found.join(', ')}` : '';
    if (output.matches.length === 0) return { content: `No matching deferred tools found${missing}` };
    return {
      content:
        `Loaded ${output.matches.length} tool${output.matches.length === 1 ? '' : 's'}: ${output.matches.join(', ')}. ` +
        `Their full definitions are in your tool list from now on; call them directly.${missing}`,
    };
  },
});
