// The tool pool (AS1–AS3): the base tools (getAllBaseTools in builtin.ts, passed in) → getTools (simple
// mode, blanket deny rules, isEnabled) → assembleToolPool (sorted built-in prefix + sorted MCP suffix,
// unique by name).
import { ruleCoversWholeTool, type PermissionRuleValue } from '../../../shared/permissions/rule';
import { parsePermissionRule } from '../../permissions/rule-parse';
import type { ToolPermissionContext } from '../../permissions/types';
import type { AnyTool } from './tool';

/** AGENT_DESK_SIMPLE=1 (or true/yes/on) asks for simple mode, like `--bare`; the caller sets `simple`. */
export function simpleModeFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  return /^(1|true|yes|on)$/i.test(env.AGENT_DESK_SIMPLE?.trim() ?? '');
}

/** Deny rules without content: each removes a whole tool, or every tool of one MCP server. */
function blanketDenyRules(ctx: ToolPermissionContext): PermissionRuleValue[] {
  const rules: PermissionRuleValue[] = [];
  for (const raw of ctx.alwaysDenyRules) {
    // An unparseable rule cannot name a tool: it hides nothing (the permissions module reports it).
    const parsed = parsePermissionRule(raw);
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

/**
 * AS2: the built-in tools this session may offer; simple mode keeps those declaring `simpleMode` (step 1);
 * of the two to-do systems only the session's (the model never sees two lists to keep); a tool that
 * requires a feature (agent teams, a language server) only where the session has it on.
 */
export function getTools(ctx: ToolPermissionContext, baseTools: readonly AnyTool[]): AnyTool[] {
  const checklist = ctx.checklist ?? 'tasks';
  const candidates = (ctx.simple ? baseTools.filter((t) => t.simpleMode === true) : baseTools).filter(
    (t) =>
      (t.checklist === undefined || t.checklist === checklist) &&
      (t.requires === undefined || (ctx.features?.includes(t.requires) ?? false)),
  );
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
  baseTools: readonly AnyTool[],
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
