// The rules a user adds during a session ("always allow"): in memory, per session, source 'session'.
import { ruleProblem } from './rule-problem';
import type { RuleBehavior, RuleSet } from './types';

export interface SessionRules {
  /** False (and nothing stored) when the rule does not parse, its path pattern does not compile, or it is one this behaviour skips. Duplicates are kept once. */
  add(behavior: RuleBehavior, rule: string): boolean;
  /** Takes the rule out (an undone "always allow"); false when this session had no such rule. */
  remove(behavior: RuleBehavior, rule: string): boolean;
  /** A snapshot; later additions do not change it. */
  rules(): RuleSet;
  clear(): void;
}

export function createSessionRules(): SessionRules {
  const store: Record<RuleBehavior, string[]> = { allow: [], deny: [], ask: [] };
  const entries = (b: RuleBehavior) => store[b].map((rule) => ({ rule, source: 'session' as const }));
  return {
    add(behavior, rule) {
      const trimmed = rule.trim();
      if (ruleProblem(trimmed, undefined, behavior) !== null) return false;
      if (!store[behavior].includes(trimmed)) store[behavior].push(trimmed);
      return true;
    },
    remove(behavior, rule) {
      const trimmed = rule.trim();
      const at = store[behavior].indexOf(trimmed);
      if (at < 0) return false;
      store[behavior] = store[behavior].filter((_, i) => i !== at);
      return true;
    },
    rules: () => ({ allow: entries('allow'), deny: entries('deny'), ask: entries('ask') }),
    clear() {
      store.allow = [];
      store.deny = [];
      store.ask = [];
    },
  };
}
