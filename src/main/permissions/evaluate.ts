// PL4c: the pure rule evaluation — which configured rule (if any) decides a call. Deny beats ask beats
// allow, whatever the sources or how specific the rules; the source is carried along for the reason.
import { ruleCovers, type MatchOptions } from './match-rule';
import { parseRule } from '../../shared/permissions/rule';
import type { RuleBehavior, RuleEntry, RuleMatch, RuleSet } from './types';

const ORDER: readonly RuleBehavior[] = ['deny', 'ask', 'allow'];

/** The first matching rule of the strongest behaviour; null when no rule speaks about this call. */
export function evaluateRules(toolName: string, input: unknown, rules: RuleSet, opts: MatchOptions = {}): RuleMatch | null {
  for (const behavior of ORDER) {
    const hit = findRule(rules[behavior], behavior, toolName, input, opts);
    if (hit) return { behavior, rule: hit.rule, source: hit.source };
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
    const parsed = parseRule(entry.rule);
    if (parsed.ok && ruleCovers(parsed.value, toolName, input, behavior, opts)) return entry;
  }
  return undefined;
}

/** Rules lists merged per behaviour (e.g. configured + session rules). */
export function mergeRuleSets(...sets: RuleSet[]): RuleSet {
  return {
    allow: sets.flatMap((s) => s.allow),
    deny: sets.flatMap((s) => s.deny),
    ask: sets.flatMap((s) => s.ask),
  };
}
