// `mcp__<server>__<tool>` (MC1), Claude Code's naming: characters the API refuses become `_`, so the
// name is valid and users' `mcp__server__tool` rules match it.

export function normalizeNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}

export function mcpToolName(server: string, tool: string): string {
  return `mcp__${normalizeNamePart(server)}__${normalizeNamePart(tool)}`.slice(0, 128);
}
