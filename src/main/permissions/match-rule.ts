// Whether one parsed rule covers one tool call: whole-tool names, MCP server prefixes, and content
// through a per-tool matcher (Bash built in; file tools register path matchers later).
import { ruleCoversWholeTool, type PermissionRuleValue } from '../../shared/permissions/rule';
import { bashRuleMatches } from './bash-match';
import type { RuleBehavior } from './types';

/** Decides whether a rule's content (`npm test` in `Bash(npm test)`) covers a call's input. */
export type ContentMatcher = (content: string, input: unknown, behavior: RuleBehavior) => boolean;

export const DEFAULT_CONTENT_MATCHERS: Readonly<Record<string, ContentMatcher>> = {
  Bash: (content, input, behavior) => {
    const command = field(input, 'command');
    return command !== undefined && bashRuleMatches(content, command, behavior);
  },
};

/** For tools without a matcher of their own: the input's main string field, compared as a glob. */
const PRIMARY_FIELDS = ['file_path', 'notebook_path', 'path', 'url', 'pattern', 'command'] as const;

export const genericContentMatcher: ContentMatcher = (content, input) => {
  for (const name of PRIMARY_FIELDS) {
    const value = field(input, name);
    if (value !== undefined) return globRegex(content).test(value);
  }
  return false;
};

function field(input: unknown, name: string): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const v = (input as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

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
  /** Content matchers by tool name; tools without one use `genericContentMatcher`. */
  matchers?: Readonly<Record<string, ContentMatcher>>;
}

export function ruleCovers(
  rule: PermissionRuleValue,
  toolName: string,
  input: unknown,
  behavior: RuleBehavior,
  opts: MatchOptions = {},
): boolean {
  if (rule.ruleContent === undefined) return ruleCoversWholeTool(rule, { name: toolName, aliases: opts.aliases });
  // Content rules name one tool exactly (`mcp__server(x)` is not a thing).
  if (rule.toolName !== toolName && !(opts.aliases ?? []).includes(rule.toolName)) return false;
  const matcher = (opts.matchers ?? DEFAULT_CONTENT_MATCHERS)[toolName] ?? genericContentMatcher;
  return matcher(rule.ruleContent, input, behavior);
}
