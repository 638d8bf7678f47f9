// Tool lookup (PL1): by name first, then alias, then deprecated alias (which earns a deprecation note).
import type { AnyTool } from './tool';

export type ToolLookupVia = 'name' | 'alias' | 'deprecated-alias';

export interface ToolLookup<T extends AnyTool = AnyTool> {
  tool: T;
  via: ToolLookupVia;
}

/** A name always beats an alias, even one declared on an earlier tool. */
export function findToolByName<T extends AnyTool>(tools: readonly T[], name: string): ToolLookup<T> | null {
  const byName = tools.find((t) => t.name === name);
  if (byName) return { tool: byName, via: 'name' };
  const byAlias = tools.find((t) => t.aliases?.includes(name));
  if (byAlias) return { tool: byAlias, via: 'alias' };
  const byDeprecated = tools.find((t) => t.deprecatedAliases?.includes(name));
  if (byDeprecated) return { tool: byDeprecated, via: 'deprecated-alias' };
  return null;
}

/** The note appended to a result when the model used a deprecated name. */
export function deprecationNote(usedName: string, tool: AnyTool): string {
  return `Note: the tool name "${usedName}" is deprecated; call "${tool.name}" instead.`;
}
