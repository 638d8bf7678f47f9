// Whether one parsed rule covers one tool call: whole-tool names (with Claude Code's tool families, MCP
// server rules and tool-name globs), and content through a per-tool matcher — Bash commands, file
// paths, web domains — or, for deny and ask rules, one named input parameter (`Agent(model:opus)`).
import { mcpRuleCovers, type PermissionRuleValue } from '../../shared/permissions/rule';
import { bashRuleMatches } from './bash-match';
import { webFetchRuleMatches } from './domain-match';
import { pathRuleMatches, type PathContext } from './path-match';
import { starMatcher } from './star-glob';
import { isAnchoredMcpGlob, isToolNameGlob, toolNameGlobMatches } from './rule-parse';
import { CLAUDE_CODE_CATALOG, isFileTool, pathRuleReplacement, ruleToolCovers, type ToolCatalog } from './tool-catalog';
import type { RuleBehavior } from './types';

export type { PathContext };

/** Decides whether a rule's content (`npm test` in `Bash(npm test)`) covers a call's input. */
export type ContentMatcher = (content: string, input: unknown, behavior: RuleBehavior, ctx: MatchContext) => boolean;

export interface MatchContext {
  /** The tool being called (a family rule like `Edit(...)` is matched against Write's input too). */
  toolName: string;
  paths: PathContext;
  catalog: ToolCatalog;
}

function field(input: unknown, name: string): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const v = (input as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

const pathMatcher: ContentMatcher = (content, input, behavior, ctx) => pathRuleMatches(content, ctx.toolName, input, behavior, ctx.paths, ctx.catalog);

export const DEFAULT_CONTENT_MATCHERS: Readonly<Record<string, ContentMatcher>> = {
  Bash: (content, input, behavior) => {
    const command = field(input, 'command');
    return command !== undefined && bashRuleMatches(content, command, behavior);
  },
  WebFetch: (content, input, behavior) => webFetchRuleMatches(content, input, behavior),
};

/** For tools without a matcher of their own: the input's main string field, compared as a glob. */
const PRIMARY_FIELDS = ['file_path', 'notebook_path', 'path', 'url', 'pattern', 'command', 'query'] as const;

export const genericContentMatcher: ContentMatcher = (content, input) => {
  for (const name of PRIMARY_FIELDS) {
    const value = field(input, name);
    if (value !== undefined) return starMatcher(content).test(value);
  }
  return false;
};


export interface MatchOptions {
  /** The tool's other names: a rule written for an alias still applies. */
  aliases?: readonly string[];
  /** Extra content matchers by tool name (over the defaults); tools without one use `genericContentMatcher`. */
  matchers?: Readonly<Record<string, ContentMatcher>>;
  /** Where paths start; without it, relative paths and `./`, `/` patterns start at the filesystem root. */
  paths?: PathContext;
  /** What each tool is (its kind and path field): the pool's, over Claude Code's names (default: those alone). */
  catalog?: ToolCatalog;
}

const NO_PATHS: PathContext = { cwd: '/', projectDir: '/' };

/** `param:value` in a rule's content (`Agent(model:opus)`, `Bash(run_in_background:true)`). */
const PARAM = /^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([\s\S]*)$/;

/** The input field a tool's own specifier speaks about (`command`, `file_path`, `url`…). */
export function primaryField(toolName: string, catalog: ToolCatalog): string | undefined {
  const t = catalog.traits(toolName);
  return t?.target?.field ?? (t?.kind === 'exec' ? 'command' : undefined);
}

/** The `param:value` a rule's content names, if it has that shape. */
export function paramOf(content: string): { name: string; value: string } | null {
  const m = PARAM.exec(content.trim());
  return m ? { name: m[1]!, value: m[2]!.trim() } : null;
}

function scalar(input: unknown, name: string): string | undefined {
  if (!input || typeof input !== 'object' || !Object.prototype.hasOwnProperty.call(input, name)) return undefined;
  const v = (input as Record<string, unknown>)[name];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

function contentCovers(content: string, toolName: string, input: unknown, behavior: RuleBehavior, opts: MatchOptions, catalog: ToolCatalog): boolean {
  const aliases = opts.aliases ?? [];
  // Deny and ask rules may name one top-level input parameter (docs: permissions, "Match by input
  // parameter"); an omitted parameter never matches. Allow rules keep each tool's own specifier.
  const param = behavior === 'allow' ? null : paramOf(content);
  if (param) {
    // `Bash(command:rm *)` is ignored by Claude Code (a compound command would bypass it); our
    // reading: the tool's own specifier, `Bash(rm *)`, so the deny still holds.
    if (param.name === primaryField(toolName, catalog)) return contentCovers(param.value, toolName, input, behavior, opts, catalog);
    const value = scalar(input, param.name);
    if (value !== undefined && starMatcher(param.value).test(value)) return true;
  }
  // File readers and editors match path patterns, whichever tool declares itself one.
  const lookup = (name: string) => opts.matchers?.[name] ?? DEFAULT_CONTENT_MATCHERS[name] ?? (isFileTool(catalog, name) ? pathMatcher : undefined);
  const matcher = lookup(toolName) ?? aliases.map(lookup).find((m) => m !== undefined) ?? genericContentMatcher;
  return matcher(content, input, behavior, { toolName, paths: opts.paths ?? NO_PATHS, catalog });
}

export function ruleCovers(
  rule: PermissionRuleValue,
  toolName: string,
  input: unknown,
  behavior: RuleBehavior,
  opts: MatchOptions = {},
): boolean {
  const aliases = opts.aliases ?? [];
  const catalog = opts.catalog ?? CLAUDE_CODE_CATALOG;
  if (isToolNameGlob(rule.toolName)) {
    // Tool-name globs: any in deny and ask; in allow only after a literal `mcp__<server>__`.
    if (behavior === 'allow' && !isAnchoredMcpGlob(rule.toolName)) return false;
    if (![toolName, ...aliases].some((n) => toolNameGlobMatches(rule.toolName, n))) return false;
    return rule.ruleContent === undefined || contentCovers(rule.ruleContent, toolName, input, behavior, opts, catalog);
  }
  let ruleTool = rule.toolName;
  if (rule.ruleContent !== undefined) {
    // Only `Read(path)` and `Edit(path)` rules are consulted for files: `Write(docs/**)` allows nothing
    // (Claude Code ignores it); our reading for deny and ask: it is the `Edit(docs/**)` the docs say to write.
    const replacement = pathRuleReplacement(ruleTool, catalog);
    if (replacement) {
      if (behavior === 'allow') return false;
      ruleTool = replacement;
    }
  }
  const named = ruleToolCovers(ruleTool, toolName, behavior, catalog, aliases);
  if (rule.ruleContent === undefined) return named || mcpRuleCovers(rule.toolName, toolName);
  // Content rules name one tool (or family) exactly (`mcp__server(x)` is not a thing).
  if (!named) return false;
  return contentCovers(rule.ruleContent, toolName, input, behavior, opts, catalog);
}
