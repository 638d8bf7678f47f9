// PL4c: the pure rule evaluation — which configured rule (if any) decides a call. Deny beats ask beats
// allow, whatever the sources or how specific the rules; the source is carried along for the reason.
import path from 'node:path';
import type { PermissionRuleValue } from '../../shared/permissions/rule';
import { parsePermissionRule } from './rule-parse';
import { ruleCovers, type MatchOptions } from './match-rule';
import { CLAUDE_CODE_CATALOG, ruleToolCovers, type ToolCatalog } from './tool-catalog';
import type { RuleBehavior, RuleEntry, RuleMatch, RuleSet } from './types';

const ORDER: readonly RuleBehavior[] = ['deny', 'ask', 'allow'];

const parsedCache = new Map<string, PermissionRuleValue | null>();

/** parsePermissionRule, remembered: every call re-evaluates every rule. A malformed rule is null. */
export function parsedRule(rule: string): PermissionRuleValue | null {
  let v = parsedCache.get(rule);
  if (v === undefined) {
    const r = parsePermissionRule(rule);
    v = r.ok ? r.value : null;
    if (parsedCache.size > 10_000) parsedCache.clear();
    parsedCache.set(rule, v);
  }
  return v;
}

/** The first matching rule of the strongest behaviour; null when no rule speaks about this call. */
export function evaluateRules(toolName: string, input: unknown, rules: RuleSet, opts: MatchOptions = {}): RuleMatch | null {
  for (const behavior of ORDER) {
    const hit = findRule(rules[behavior], behavior, toolName, input, opts);
    if (hit) return { behavior, rule: hit.rule, source: hit.source, ...(hit.file ? { file: hit.file } : {}) };
  }
  return null;
}

/** Only this behaviour's rules: lets the permission stage check deny rules before anything else. */
export function findRule(
  entries: readonly RuleEntry[],
  behavior: RuleBehavior,
  toolName: string,
  input: unknown,
  opts: MatchOptions = {},
): RuleEntry | undefined {
  for (const entry of entries) {
    // A malformed rule matches nothing; settings loading reports it to the user.
    const parsed = parsedRule(entry.rule);
    if (parsed && ruleCovers(parsed, toolName, input, behavior, withSourceDir(entry, behavior, opts))) return entry;
  }
  return undefined;
}

/**
 * `/x` patterns anchor at the rule's settings source (docs: permissions, "Read and Edit"): the project
 * root for project and local settings and session rules, `~/.claude` for user settings, the file's
 * folder for `--settings` (and, our reading, the policy). Deny and ask rules get that folder as well.
 */
function withSourceDir(entry: RuleEntry, behavior: RuleBehavior, opts: MatchOptions): MatchOptions {
  if (behavior === 'allow' || !opts.paths || !entry.file || entry.source === 'projectSettings' || entry.source === 'localSettings') return opts;
  return { ...opts, paths: { ...opts.paths, sourceDir: path.dirname(entry.file) } };
}

/** The rules of this behaviour written for this tool (or its family), matching or not: "rules here allow …". */
export function rulesForTool(
  entries: readonly RuleEntry[],
  behavior: RuleBehavior,
  toolName: string,
  aliases: readonly string[] = [],
  catalog: ToolCatalog = CLAUDE_CODE_CATALOG,
): RuleEntry[] {
  return entries.filter((e) => {
    const p = parsedRule(e.rule);
    return p !== null && ruleToolCovers(p.toolName, toolName, behavior, catalog, aliases);
  });
}

/** Rules lists merged per behaviour (e.g. configured + session rules). */
export function mergeRuleSets(...sets: RuleSet[]): RuleSet {
  return {
    allow: sets.flatMap((s) => s.allow),
    deny: sets.flatMap((s) => s.deny),
    ask: sets.flatMap((s) => s.ask),
  };
}
