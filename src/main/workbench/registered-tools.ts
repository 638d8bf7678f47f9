// The tools conversations offer, by every name a rule may use (names and aliases) with their kind, from
// the registry: the rule box reads a typed rule for any registered tool as that tool's, with no list of
// names of its own. MCP tools are known by their mcp__ prefix.
import type { RegisteredTool } from '../../shared/permissions/rule-store';
import { getAllBaseTools } from '../tools/builtin';

let cached: RegisteredTool[] | null = null;

export function registeredTools(): RegisteredTool[] {
  cached ??= getAllBaseTools().flatMap((t) => [t.name, ...(t.aliases ?? []), ...(t.deprecatedAliases ?? [])].map((name) => ({ name, kind: t.kind ?? 'other' })));
  return cached;
}
