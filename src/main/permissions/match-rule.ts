// Whether one parsed rule covers one tool call: whole-tool names (with Claude Code's tool families and
// MCP server rules), and content through a per-tool matcher — Bash commands, file paths, web domains.
import { mcpRuleCovers, type PermissionRuleValue } from '../../shared/permissions/rule';
import { bashRuleMatches } from './bash-match';
import { webFetchRuleMatches } from './domain-match';
import { pathRuleMatches, type PathContext } from './path-match';
import { CLAUDE_CODE_CATALOG, isFileTool, ruleToolCovers, type ToolCatalog } from './tool-catalog';
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
    if (value !== undefined) return globRegex(content).test(value);
  }
  return false;
};

function globRegex(glob: string): RegExp {
  const src = glob
    .split(/\*+/)
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${src}$`, 's');
}

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

export function ruleCovers(
  rule: PermissionRuleValue,
  toolName: string,
  input: unknown,
  behavior: RuleBehavior,
  opts: MatchOptions = {},
): boolean {
  const aliases = opts.aliases ?? [];
  const catalog = opts.catalog ?? CLAUDE_CODE_CATALOG;
  const named = ruleToolCovers(rule.toolName, toolName, behavior, catalog, aliases);
  if (rule.ruleContent === undefined) return named || mcpRuleCovers(rule.toolName, toolName);
  // Content rules name one tool (or family) exactly (`mcp__server(x)` is not a thing).
  if (!named) return false;
  // File readers and editors match path patterns, whichever tool declares itself one.
  const lookup = (name: string) => opts.matchers?.[name] ?? DEFAULT_CONTENT_MATCHERS[name] ?? (isFileTool(catalog, name) ? pathMatcher : undefined);
  const matcher = lookup(toolName) ?? aliases.map(lookup).find((m) => m !== undefined) ?? genericContentMatcher;
  return matcher(rule.ruleContent, input, behavior, { toolName, paths: opts.paths ?? NO_PATHS, catalog });
}
