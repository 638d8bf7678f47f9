// ListMcpResourcesTool `{server?}` and ReadMcpResourceTool `{server, uri}`, Claude Code's names and
// inputs (MC1): the resources of the connected servers, and one resource's contents (text inline,
// binary over 25 KB saved and referenced, MC6).
import { z } from 'zod';
import type { McpManager } from '../../mcp/manager';
import { buildTool } from '../core/build-tool';
import type { AnyTool } from '../core/tool';
import { simplify, toResultBlocks, type ResultBlock } from './content';

const ListInput = z.strictObject({ server: z.string().optional().describe('Only the resources of this server (all servers when left out)') });
const ReadInput = z.strictObject({ server: z.string().describe('The MCP server name'), uri: z.string().describe('The resource URI to read') });

interface ListedResource {
  server: string;
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
}

export function buildListMcpResourcesTool(manager: McpManager): AnyTool {
  return buildTool<z.infer<typeof ListInput>, ListedResource[]>({
    name: 'ListMcpResourcesTool',
    kind: 'mcp',
    maxResultSizeChars: 100_000,
    inputSchema: () => ListInput,
    description: () => 'Lists the resources the connected MCP servers offer',
    prompt: () =>
      'Lists the resources (files, documents, records …) that the connected MCP servers offer, with each one\'s server, URI, name and type. Pass "server" for one server\'s only. Read one with ReadMcpResourceTool.',
    userFacingName: () => 'List MCP resources',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    summarize: (input) => input.server ?? '',
    async call(input, ctx) {
      const servers = input.server ? [input.server] : manager.resourceServers();
      if (input.server && !manager.list().some((s) => s.name === input.server)) throw new Error(`There is no MCP server named "${input.server}".`);
      const lists = await Promise.all(
        servers.map(async (server) => (await manager.listResources(server, ctx.abortSignal)).map((r) => ({ server, uri: r.uri, name: r.name, ...(r.mimeType ? { mimeType: r.mimeType } : {}), ...(r.description ? { description: r.description } : {}) }))),
      );
      return { data: lists.flat() };
    },
    mapResult: (output) => ({ content: output.length === 0 ? 'No resources found.' : JSON.stringify(output) }),
  });
}

export function buildReadMcpResourceTool(manager: McpManager): AnyTool {
  return buildTool<z.infer<typeof ReadInput>, string | ResultBlock[]>({
    name: 'ReadMcpResourceTool',
    kind: 'mcp',
    maxResultSizeChars: 100_000,
    inputSchema: () => ReadInput,
    description: () => 'Reads one resource of an MCP server',
    prompt: () => 'Reads one resource of a connected MCP server by its URI (find them with ListMcpResourcesTool).',
    userFacingName: () => 'Read MCP resource',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    summarize: (input) => [input.server, input.uri].filter(Boolean).join(' '),
    async call(input, ctx) {
      const result = await manager.readResource(input.server, input.uri, ctx.abortSignal);
      const blocks = result.contents.map((resource) => ({ type: 'resource', resource }));
      const { blocks: out } = await toResultBlocks(blocks, { dir: ctx.toolResultsDir, id: ctx.toolUseId ?? 'resource' });
      return { data: simplify(out) };
    },
    mapResult: (output) => ({ content: output === '' ? '(empty resource)' : output }),
  });
}
