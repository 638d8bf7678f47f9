// A tool's name as a person reads it: MCP tools `mcp__server__tool` become "“tool” from server".
import { mcpInfoFromName } from '../../../shared/permissions/rule';

export function toolWords(toolName: string): string {
  const mcp = mcpInfoFromName(toolName);
  if (!mcp) return toolName;
  return mcp.toolName ? `“${mcp.toolName}” from ${mcp.serverName}` : `the ${mcp.serverName} tools`;
}

/** A short heading: "create_issue (github)" for an MCP tool, else the name. */
export function toolTitle(toolName: string): string {
  const mcp = mcpInfoFromName(toolName);
  return mcp?.toolName ? `${mcp.toolName} (${mcp.serverName})` : toolName;
}
