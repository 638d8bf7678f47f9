// PL4a–d: decides a call without prompting — allow, deny, or ask. The first definite answer wins, and
// deny rules come before anything that could allow, so no hook, tool or mode allow beats a deny rule.
//
// The precise order (Claude Code's, from its permission docs; hook allow does not skip deny/ask rules):
//   1. PreToolUse hook blocked (exit 2) or decided deny          → deny
//   2. a deny rule matches (any source)                          → deny
//   3. the tool's own checkPermissions says deny                 → deny   (a throw there means "ask")
//   4. plan mode and the tool is not read-only                   → deny
//   5. hook decided ask, validateInput said ask, an ask rule     → ask    (not even bypassPermissions skips these)
//   6. hook decided allow                                        → allow
//   7. the tool's checkPermissions says allow                    → allow
//   8. an allow rule matches                                     → allow
//   9. mode: bypassPermissions (acceptEdits: its policy seam)    → allow
//  10. the classifier's verdict is allow                         → allow  (awaited only here)
//  11. otherwise                                                 → ask, with the tool's message and suggestions
import { createDenialTracker, type DenialTracker } from '../../permissions/denial-tracking';
import { findRule, mergeRuleSets } from '../../permissions/evaluate';
import type { ContentMatcher } from '../../permissions/match-rule';
import { modeAllows, planModeDenial, type AcceptEditsPolicy } from '../../permissions/modes';
import { createSessionRules, type SessionRules } from '../../permissions/session-rules';
import { denialPattern, suggestRules } from '../../permissions/suggest';
import type { PermissionMode, RuleEntry, RuleSet } from '../../permissions/types';
import type { AnyTool, DecisionReason, PermissionResult } from '../core/tool';
import type { PermissionCheck, PermissionDecider, PermissionVerdict } from './deps';

export interface PermissionDeciderOptions {
  /** Read on every call so a mode switch applies to the next call. */
  mode: () => PermissionMode;
  /** The configured rules (cliArg, settings files, policy…); session rules are added to them. */
  rules: () => RuleSet;
  sessionRules?: SessionRules;
  denials?: DenialTracker;
  matchers?: Readonly<Record<string, ContentMatcher>>;
  acceptEdits?: AcceptEditsPolicy;
}

const HOOK = 'PreToolUse';

function ruleReason(entry: RuleEntry, behavior: 'allow' | 'deny' | 'ask'): DecisionReason {
  return { type: 'rule', rule: entry.rule, source: entry.source, behavior };
}

async function toolOpinion(tool: AnyTool, check: PermissionCheck): Promise<PermissionResult> {
  try {
    const r = await tool.checkPermissions(check.input, check.ctx);
    if (r && typeof r === 'object' && ['allow', 'deny', 'ask', 'passthrough'].includes(r.behavior)) return r;
    return { behavior: 'ask', message: `${tool.name} gave no permission answer.` };
  } catch (e) {
    // Fail closed: a tool that cannot decide never allows itself.
    return { behavior: 'ask', message: `${tool.name} could not check its permissions (${e instanceof Error ? e.name : 'error'}).` };
  }
}

export function defaultAskMessage(tool: AnyTool): string {
  return `The model requested permission to use ${tool.name}, but you haven't granted it yet.`;
}

export function createPermissionDecider(opts: PermissionDeciderOptions): PermissionDecider {
  const session = opts.sessionRules ?? createSessionRules();
  const denials = opts.denials ?? createDenialTracker();

  async function decide(check: PermissionCheck): Promise<PermissionVerdict> {
    const { tool, input, hook } = check;
    const rules = mergeRuleSets(opts.rules(), session.rules());
    const match = { aliases: [...(tool.aliases ?? []), ...(tool.deprecatedAliases ?? [])], matchers: opts.matchers };
    const find = (b: 'allow' | 'deny' | 'ask') => findRule(rules[b], b, tool.name, input, match);
    const mode = opts.mode();
    const suggestions = () => suggestRules(tool.name, input);
    const ask = (message: string, reason: DecisionReason, s = suggestions()): PermissionVerdict => ({ behavior: 'ask', message, reason, suggestions: s });

    // 1
    if (hook?.blocked) return { behavior: 'deny', message: hook.blocked.message, reason: { type: 'hook', hook: HOOK, reason: hook.blocked.message } };
    if (hook?.decision === 'deny') {
      const message = hook.reason ? `${HOOK} hook denied this call: ${hook.reason}` : `${HOOK} hook denied this call.`;
      return { behavior: 'deny', message, reason: { type: 'hook', hook: HOOK, reason: hook.reason } };
    }
    // 2
    const deny = find('deny');
    if (deny) {
      return { behavior: 'deny', message: `Permission to use ${tool.name} has been denied by the rule ${deny.rule} (${deny.source}).`, reason: ruleReason(deny, 'deny') };
    }
    // 3
    const own = await toolOpinion(tool, check);
    if (own.behavior === 'deny') return { behavior: 'deny', message: own.message, reason: own.reason ?? { type: 'tool', reason: own.message } };
    // 4
    let readOnly = false;
    try {
      readOnly = tool.isReadOnly(input);
    } catch {
      readOnly = false;
    }
    const planDenial = planModeDenial(mode, tool.name, readOnly);
    if (planDenial) return { behavior: 'deny', message: planDenial, reason: { type: 'mode', mode } };
    // 5
    if (hook?.decision === 'ask') return ask(hook.reason ?? `A ${HOOK} hook asks before ${tool.name} runs.`, { type: 'hook', hook: HOOK, reason: hook.reason });
    if (check.forcedAsk !== undefined) return ask(check.forcedAsk, { type: 'tool', reason: check.forcedAsk });
    const askRule = find('ask');
    if (askRule) return ask(`The rule ${askRule.rule} (${askRule.source}) asks before ${tool.name} runs.`, ruleReason(askRule, 'ask'));
    // 6
    if (hook?.decision === 'allow') return { behavior: 'allow', input, reason: { type: 'hook', hook: HOOK, reason: hook.reason } };
    // 7
    if (own.behavior === 'allow') {
      return { behavior: 'allow', input: own.updatedInput ?? input, reason: own.reason ?? { type: 'tool', reason: `${tool.name} allowed this call` } };
    }
    // 8
    const allow = find('allow');
    if (allow) return { behavior: 'allow', input, reason: ruleReason(allow, 'allow') };
    // 9
    if (modeAllows(mode, tool.name, input, opts.acceptEdits)) return { behavior: 'allow', input, reason: { type: 'mode', mode } };
    // 10
    const verdict = await check.classifier();
    if (verdict.verdict === 'allow') return { behavior: 'allow', input, reason: { type: 'classifier', reason: verdict.reason ?? 'the safety classifier allowed it' } };
    // 11
    const message = ('message' in own && own.message) || defaultAskMessage(tool);
    const reason: DecisionReason =
      own.behavior === 'ask' && own.reason ? own.reason : verdict.verdict === 'ask' && verdict.reason ? { type: 'classifier', reason: verdict.reason } : { type: 'tool', reason: message };
    const ownSuggestions = 'suggestions' in own ? own.suggestions : undefined;
    return ask(message, reason, ownSuggestions && ownSuggestions.length > 0 ? ownSuggestions : suggestions());
  }

  return {
    decide,
    remember: (rule) => session.add('allow', rule),
    recordDenial: (toolName, input) => denials.record(toolName, denialPattern(toolName, input)),
  };
}
