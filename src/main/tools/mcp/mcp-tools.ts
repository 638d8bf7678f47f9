// The MCP suffix of the tool pool (AS3, MC1): one ToolDef per tool of each connected server, plus the
// two resource tools while some server offers resources; rebuilt only when the servers changed, so the
// tool objects (and their cached schemas, AS5) stay the same between turns.
import type { McpManager } from '../../mcp/manager';
import type { AnyTool } from '../core/tool';
import { buildMcpTool } from './mcp-tool';
import { buildListMcpResourcesTool, buildReadMcpResourceTool } from './resources';

const built = new WeakMap<McpManager, { version: number; tools: AnyTool[] }>();

export function mcpToolsOf(manager: McpManager): AnyTool[] {
  const hit = built.get(manager);
  if (hit && hit.version === manager.version()) return hit.tools;
  const tools: AnyTool[] = [];
  for (const { server, tool, deferred } of manager.tools()) {
    try {
      tools.push(buildMcpTool(manager, server, tool, { deferred }));
    } catch {
      // A tool whose name cannot be made valid is left out; the server's other tools stay.
    }
  }
  if (manager.resourceServers().length > 0) tools.push(buildListMcpResourcesTool(manager), buildReadMcpResourceTool(manager));
  built.set(manager, { version: manager.version(), tools });
  return tools;
}
