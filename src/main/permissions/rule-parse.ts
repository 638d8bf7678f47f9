// The rule grammar of the permission engine: the shared grammar (`Tool`, `Tool(content)`, MCP names)
// plus Claude Code's tool-name globs (docs: permissions, "Tool name wildcards"): `*`, `Web*`, `mcp__*`,
// `mcp__*__delete_*` in the tool-name position. A glob must match the whole tool name. Deny and ask
// rules accept any glob; allow rules only one after a literal `mcp__<server>__` prefix.
import { parseRule, type RuleParseResult } from '../../shared/permissions/rule';
import { starMatcher } from './star-glob';

const GLOB_NAME = /^[A-Za-z0-9_*-]+$/;

/** parseRule, with `*` also allowed anywhere in the tool name. Never throws. */
export function parsePermissionRule(input: string): RuleParseResult {
  const first = parseRule(input);
  if (first.ok || first.error.code !== 'invalid_tool_name' || typeof input !== 'string') return first;
  const rule = input.trim();
  const open = rule.indexOf('(');
  const name = open === -1 ? rule : rule.slice(0, open);
  if (!name.includes('*') || !GLOB_NAME.test(name)) return first;
  // Parse the rest with a plain stand-in for the name, then give the glob back.
  const standIn = name.replace(/\*/g, 'X');
  const again = parseRule(standIn + rule.slice(name.length));
  if (again.ok) return { ok: true, value: { ...again.value, toolName: name } };
  // The error speaks of the rule as written (its message quotes the stand-in first).
  return { ok: false, error: { ...again.error, rule: input, message: again.error.message.replace(standIn, name) } };
}

export const isToolNameGlob = (toolName: string): boolean => toolName.includes('*');

/** `mcp__github__*`, `mcp__github__get_*`: a glob after a literal, glob-free server segment. */
export function isAnchoredMcpGlob(toolName: string): boolean {
  const parts = toolName.split('__');
  return parts.length >= 3 && parts[0] === 'mcp' && parts[1] !== '' && !parts[1]!.includes('*');
}

/** Whether a tool-name glob matches the whole name (`*` is any run of characters, `__` included). */
export function toolNameGlobMatches(glob: string, toolName: string): boolean {
  return starMatcher(glob).test(toolName);
}

export const UNANCHORED_ALLOW_GLOB =
  'a tool-name wildcard in an allow rule needs a literal mcp__<server>__ prefix (such as mcp__github__*), so this rule allows nothing';
