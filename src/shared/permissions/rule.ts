// The permission-rule grammar as pure data + functions: `Tool`, `Tool(content)`, `mcp__server`,
// `mcp__server__tool`, with `\(` `\)` `\\` escapes inside content. Parsing never throws.

/** A parsed rule: no `ruleContent` means the rule covers the whole tool. */
export interface PermissionRuleValue {
  toolName: string;
  ruleContent?: string;
}

export type RuleParseErrorCode =
  | 'not_a_string'
  | 'empty'
  | 'missing_tool_name'
  | 'invalid_tool_name'
  | 'unclosed_paren'
  | 'unexpected_close_paren'
  | 'trailing_text';

export interface RuleParseError {
  code: RuleParseErrorCode;
  message: string;
  /** The string that failed, as given. */
  rule: string;
}

export type RuleParseResult = { ok: true; value: PermissionRuleValue } | { ok: false; error: RuleParseError };

/**
 * Letters, digits, `_`, `-`. An MCP rule may end its tool part in `*` (`mcp__github__*`,
 * `mcp__github__get_*`); the server name itself never holds a `*`.
 */
const TOOL_NAME = /^[A-Za-z0-9_-]+$/;
const MCP_TOOL_WILDCARD = /^mcp__[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*__[A-Za-z0-9_-]*\*$/;

function fail(rule: string, code: RuleParseErrorCode, message: string): RuleParseResult {
  return { ok: false, error: { code, message, rule } };
}

/** Index of `ch` not preceded by an odd number of backslashes; first or last occurrence. */
function findUnescaped(s: string, ch: string, from: 'first' | 'last'): number {
  const escaped = (i: number): boolean => {
    let n = 0;
    for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) n++;
    return n % 2 === 1;
  };
  if (from === 'first') {
    for (let i = 0; i < s.length; i++) if (s[i] === ch && !escaped(i)) return i;
  } else {
    for (let i = s.length - 1; i >= 0; i--) if (s[i] === ch && !escaped(i)) return i;
  }
  return -1;
}

/** `\(` → `(`, `\)` → `)`, `\\` → `\`; any other backslash is kept as written. */
export function unescapeRuleContent(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    const next = raw[i + 1];
    if (c === '\\' && (next === '(' || next === ')' || next === '\\')) {
      out += next;
      i++;
    } else {
      out += c;
    }
  }
  return out;
}

export function escapeRuleContent(content: string): string {
  return content.replace(/[\\()]/g, (c) => `\\${c}`);
}

function validToolName(name: string): boolean {
  return TOOL_NAME.test(name) || MCP_TOOL_WILDCARD.test(name);
}

/**
 * Parses one rule string. `Bash()` and `Bash(*)` mean the whole tool, as in Claude Code; unescaped
 * parens inside the content are allowed (the content runs to the last unescaped `)`).
 */
export function parseRule(input: string): RuleParseResult {
  // Rules come from settings JSON: a number or null must become an error, not a crash.
  if (typeof input !== 'string') return fail(String(input), 'not_a_string', `A rule must be a string (got ${typeof input})`);
  const rule = input.trim();
  if (rule === '') return fail(input, 'empty', 'A rule cannot be empty');
  const open = findUnescaped(rule, '(', 'first');
  if (open === -1) {
    if (findUnescaped(rule, ')', 'first') !== -1) {
      return fail(input, 'unexpected_close_paren', `Rule "${rule}" has ")" without a matching "("`);
    }
    if (!validToolName(rule)) return fail(input, 'invalid_tool_name', `"${rule}" is not a valid tool name`);
    return { ok: true, value: { toolName: rule } };
  }
  const toolName = rule.slice(0, open);
  if (toolName === '') return fail(input, 'missing_tool_name', `Rule "${rule}" has no tool name before "("`);
  if (!validToolName(toolName)) return fail(input, 'invalid_tool_name', `"${toolName}" is not a valid tool name`);
  const close = findUnescaped(rule, ')', 'last');
  if (close < open) return fail(input, 'unclosed_paren', `Rule "${rule}" is missing its closing ")"`);
  if (close !== rule.length - 1) {
    return fail(input, 'trailing_text', `Rule "${rule}" has text after its closing ")"`);
  }
  const raw = rule.slice(open + 1, close);
  if (raw === '' || raw === '*') return { ok: true, value: { toolName } };
  return { ok: true, value: { toolName, ruleContent: unescapeRuleContent(raw) } };
}

/** The inverse of parseRule: `parseRule(formatRule(v))` gives `v` back. */
export function formatRule(value: PermissionRuleValue): string {
  if (value.ruleContent === undefined || value.ruleContent === '') return value.toolName;
  return `${value.toolName}(${escapeRuleContent(value.ruleContent)})`;
}

/** `mcp__server__tool` → { serverName, toolName }; `mcp__server` → { serverName }; else null. */
export function mcpInfoFromName(name: string): { serverName: string; toolName?: string } | null {
  const parts = name.split('__');
  const [prefix, serverName, ...rest] = parts;
  if (prefix !== 'mcp' || !serverName) return null;
  const toolName = rest.join('__');
  return toolName === '' ? { serverName } : { serverName, toolName };
}

/**
 * Whether an MCP rule name covers an MCP tool name: `mcp__server` and `mcp__server__*` cover every
 * tool of that server, `mcp__server__get_*` the tools whose name starts with `get_`, and
 * `mcp__server__tool` that one tool. Anything that is not an MCP name on both sides is false.
 */
export function mcpRuleCovers(ruleName: string, toolName: string): boolean {
  const ruleMcp = mcpInfoFromName(ruleName);
  const toolMcp = mcpInfoFromName(toolName);
  if (ruleMcp === null || toolMcp === null || ruleMcp.serverName !== toolMcp.serverName) return false;
  if (ruleMcp.toolName === undefined) return true;
  if (toolMcp.toolName === undefined) return false;
  if (ruleMcp.toolName.endsWith('*')) return toolMcp.toolName.startsWith(ruleMcp.toolName.slice(0, -1));
  return ruleMcp.toolName === toolMcp.toolName;
}

/**
 * Whether a content-less rule covers a whole tool: same name (or one of the tool's aliases), or an
 * MCP rule naming the tool's server (and, with a trailing `*`, a prefix of its tool name).
 */
export function ruleCoversWholeTool(rule: PermissionRuleValue, tool: { name: string; aliases?: readonly string[] }): boolean {
  if (rule.ruleContent !== undefined) return false;
  const names = [tool.name, ...(tool.aliases ?? [])];
  if (names.includes(rule.toolName)) return true;
  // A tool-name glob (`Web*`, `mcp__*`) in a deny rule denies every tool it names (PL4c), so none of
  // them is offered either.
  if (rule.toolName.includes('*') && names.some((n) => starGlobMatches(rule.toolName, n))) return true;
  return mcpRuleCovers(rule.toolName, tool.name);
}

/**
 * `*` is any run of characters, the whole name must match. Greedy with one backtrack point per star:
 * linear in practice and at most |glob|·|name| steps (tool names are at most 128 characters).
 */
function starGlobMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let mark = 0;
  while (n < name.length) {
    if (g < glob.length && glob[g] === '*') {
      star = g++;
      mark = n;
    } else if (g < glob.length && glob[g] === name[n]) {
      g++;
      n++;
    } else if (star !== -1) {
      g = star + 1;
      n = ++mark;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}
