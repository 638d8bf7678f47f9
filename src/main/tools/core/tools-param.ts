// The request's `tools` array and system blocks with prompt-cache breakpoints (AS5): one after the last
// built-in tool, one after the system prompt. Same pool + same loaded set → the same bytes.
import type { TextBlockParam, Tool as ApiTool } from '@anthropic-ai/sdk/resources/messages';
import { deferredToolsAddendum, toolsToSend } from './deferred';
import { toolInputJSONSchema } from './json-schema';
import type { AnyTool } from './tool';

export type { ApiTool };

const EPHEMERAL = { type: 'ephemeral' } as const;

export function isMcpTool(tool: Pick<AnyTool, 'name' | 'isMcp'>): boolean {
  return tool.isMcp === true || tool.name.startsWith('mcp__');
}

/** One tool as the API takes it: the model-facing prompt is its description. */
export function toApiTool(tool: AnyTool): ApiTool {
  return { name: tool.name, description: tool.prompt(), input_schema: toolInputJSONSchema(tool) };
}

export interface ToolsParam {
  tools: ApiTool[];
  /** Announces the deferred tools by name (for the system blocks); null if none are pending. */
  systemAddendum: string | null;
}

/** `pool` must be in assembleToolPool order; `loaded` is the session's loaded deferred tools. */
export function buildToolsParam(pool: readonly AnyTool[], loaded: ReadonlySet<string>): ToolsParam {
  const sent = toolsToSend(pool, loaded);
  const tools = sent.map(toApiTool);
  let lastBuiltIn = -1;
  sent.forEach((t, i) => {
    if (!isMcpTool(t)) lastBuiltIn = i;
  });
  const marked = tools[lastBuiltIn];
  if (marked) tools[lastBuiltIn] = { ...marked, cache_control: EPHEMERAL };
  return { tools, systemAddendum: deferredToolsAddendum(pool, loaded) };
}

/**
 * The `system` param: the prompt with the breakpoint right after it, then any addenda (the deferred
 * tools line). Addenda sit after the breakpoint so an MCP server's deferred tools coming or going
 * leaves the cached tools + system-prompt prefix intact.
 */
export function buildSystemBlocks(systemPrompt: string, addenda: ReadonlyArray<string | null | undefined> = []): TextBlockParam[] {
  const blocks: TextBlockParam[] = [];
  if (systemPrompt !== '') blocks.push({ type: 'text', text: systemPrompt, cache_control: EPHEMERAL });
  for (const text of addenda) if (typeof text === 'string' && text !== '') blocks.push({ type: 'text', text });
  return blocks;
}
