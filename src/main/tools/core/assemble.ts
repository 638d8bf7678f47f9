// The tool pool (AS1–AS3): getAllBaseTools (builtin.ts) → getTools (simple mode, blanket deny rules,
// isEnabled) → assembleToolPool (sorted built-in prefix + sorted MCP suffix, unique by name).
import { parseRule, ruleCoversWholeTool, type PermissionRuleValue } from '../../../shared/permissions/rule';
import { getAllBaseTools } from '../builtin';
import type { ToolPermissionContext } from './permission-context';
import type { AnyTool } from './tool';

export { simpleModeFromEnv, type PermissionMode, type ToolPermissionContext } from './permission-context';

/** Simple mode (`--bare` / AGENT_DESK_SIMPLE=1) keeps only these (AS2 step 1). */
export const SIMPLE_MODE_TOOL_NAMES: readonly string[] = ['Bash', 'Read', 'Edit'];

/** Deny rules without content: each removes a whole tool, or every tool of one MCP server. */
function blanketDenyRules(ctx: ToolPermissionContext): PermissionRuleValue[] {
  const rules: PermissionRuleValue[] = [];
  for (const raw of ctx.alwaysDenyRules) {
    // An unparseable rule cannot name a tool: it hides nothing (the permissions module reports it).
    const parsed = parseRule(raw);
    if (parsed.ok && parsed.value.ruleContent === undefined) rules.push(parsed.value);
  }
  return rules;
}

/** AS2 step 3: tools a blanket deny rule covers never reach the model. */
export function filterToolsByDenyRules<T extends Pick<AnyTool, 'name' | 'aliases' | 'deprecatedAliases'>>(
  tools: readonly T[],
  ctx: ToolPermissionContext,
): T[] {
  const rules = blanketDenyRules(ctx);
  if (rules.length === 0) return [...tools];
  return tools.filter((tool) => {
    const names = { name: tool.name, aliases: [...(tool.aliases ?? []), ...(tool.deprecatedAliases ?? [])] };
    return !rules.some((rule) => ruleCoversWholeTool(rule, names));
  });
}

/** A tool whose isEnabled throws is treated as disabled (fail closed). */
function isEnabledSafe(tool: AnyTool): boolean {
  try {
    return tool.isEnabled() === true;
  } catch {
    return false;
  }
}

/** AS2: the built-in tools this session may offer. `baseTools` is injectable for tests. */
export function getTools(ctx: ToolPermissionContext, baseTools: readonly AnyTool[] = getAllBaseTools()): AnyTool[] {
  const candidates = ctx.simple ? baseTools.filter((t) => SIMPLE_MODE_TOOL_NAMES.includes(t.name)) : baseTools;
  // Step 2 (REPL-mode hiding) comes with the REPL tool.
  return filterToolsByDenyRules(candidates, ctx).filter(isEnabledSafe);
}

// Code-unit order, not localeCompare: the order (and so the prompt-cache key) must not depend on the
// machine's locale.
function byName(a: AnyTool, b: AnyTool): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * AS3: built-ins sorted by name form a contiguous prefix and MCP tools sorted by name the suffix, so
 * adding an MCP server never changes the cached built-in prefix; on a name clash the built-in wins.
 */
export function assembleToolPool(
  ctx: ToolPermissionContext,
  mcpTools: readonly AnyTool[],
  baseTools: readonly AnyTool[] = getAllBaseTools(),
): AnyTool[] {
  const builtIns = [...getTools(ctx, baseTools)].sort(byName);
  const mcp = filterToolsByDenyRules(mcpTools, ctx).filter(isEnabledSafe).sort(byName);
  const seen = new Set<string>();
  const pool: AnyTool[] = [];
  for (const tool of [...builtIns, ...mcp]) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    pool.push(tool);
  }
  return pool;
}
