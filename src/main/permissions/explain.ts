// Builds the structured explanation every permission decision carries (PL4, "why was I asked?"), with
// its plain-words text. The decider calls one builder per step; the CLI and the workbench reuse them.
import type { ExplanationReason, PermissionExplanation, RuleRef } from '../../shared/permissions/explanation';
import { bashRuleMatches, candidateCommands, hasShellControl } from './bash-match';
import { parsedRule } from './evaluate';
import { callPhrase, callSubject, ruleWords, whereRule, type WhereContext } from './explain-where';
import type { RuleBehavior, RuleEntry } from './types';

export type Decision = PermissionExplanation['decision'];

export interface ExplainContext extends WhereContext {
  cwd?: string;
}

function make(decision: Decision, reason: ExplanationReason, text: string): PermissionExplanation {
  return { decision, reason, text };
}

export function ruleRef(entry: RuleEntry, behavior: RuleBehavior): RuleRef {
  return { rule: entry.rule, behavior, source: entry.source, ...(entry.file ? { file: entry.file } : {}) };
}

export function explainRule(entry: RuleEntry, behavior: RuleBehavior, ctx: ExplainContext): PermissionExplanation {
  const ref = ruleRef(entry, behavior);
  const where = whereRule(ref, ctx);
  const rule = `\`${entry.rule}\``;
  if (behavior === 'deny') return make('deny', { kind: 'rule', ...ref }, `Denied by the rule ${rule} ${where}.`);
  if (behavior === 'ask') return make('ask', { kind: 'rule', ...ref }, `Asked because the rule ${rule} ${where} says to ask first.`);
  return make('allow', { kind: 'rule', ...ref }, `Allowed by the rule ${rule} ${where}.`);
}

const MAX_NEARBY = 3;

/** "(rules in .claude/settings.json allow `npm test`)" — the allow rules that were there but did not match. */
function nearbyWords(nearby: readonly RuleEntry[], toolName: string, ctx: ExplainContext): string {
  if (nearby.length === 0) return '';
  const shown = nearby.slice(0, MAX_NEARBY);
  const more = nearby.length > shown.length ? ` and ${nearby.length - shown.length} more` : '';
  const wheres = new Set(shown.map((e) => whereRule(ruleRef(e, 'allow'), ctx)));
  if (wheres.size === 1) {
    const where = [...wheres][0]!;
    const list = shown.map((e) => ruleWords(e.rule, toolName)).join(', ');
    return ` (rules ${where} allow ${list}${more})`;
  }
  return ` (allow rules: ${shown.map((e) => `${ruleWords(e.rule, toolName)} ${whereRule(ruleRef(e, 'allow'), ctx)}`).join('; ')}${more})`;
}

/** The parts of a compound Bash line that no allow rule covers on their own. */
export function uncoveredSegments(command: string, allowRules: readonly RuleEntry[]): string[] {
  const whole = command.trim().replace(/[ \t]+/g, ' ');
  const contents = allowRules
    .map((e) => parsedRule(e.rule))
    .filter((p) => p !== null && p.toolName === 'Bash')
    .map((p) => p!.ruleContent);
  return candidateCommands(command)
    .filter((seg) => seg !== whole)
    .filter((seg) => !contents.some((c) => c === undefined || bashRuleMatches(c, seg, 'allow')));
}

/** Nothing allowed the call: names the part no rule covered and the allow rules that were there. */
export function explainNoRule(toolName: string, input: unknown, allowRules: readonly RuleEntry[], ctx: ExplainContext): PermissionExplanation {
  const subject = callSubject(toolName, input, ctx);
  const nearby = allowRules.map((e) => ruleRef(e, 'allow'));
  const tail = nearbyWords(allowRules, toolName, ctx);
  if (toolName === 'Bash' && hasShellControl(subject)) {
    const uncovered = uncoveredSegments(subject, allowRules);
    const unmatched = uncovered.length > 0 ? uncovered.join('; ') : subject;
    const which =
      uncovered.length > 0
        ? `${uncovered.map((s) => `\`${s}\``).join(', ')} matched no rule`
        : 'each part has an allow rule, but a prefix or wildcard rule never covers a whole compound line';
    return make(
      'ask',
      { kind: 'no-rule', tool: toolName, unmatched, compound: true, ...(uncovered.length > 0 ? { uncovered } : {}), nearby },
      `Asked because \`${subject}\` runs several commands and allow rules only cover one command at a time: ${which}${tail}.`,
    );
  }
  return make('ask', { kind: 'no-rule', tool: toolName, unmatched: subject, nearby }, `Asked because no rule allows ${callPhrase(toolName, subject, ctx.catalog)}${tail}.`);
}

export function explainHook(hook: string, outcome: 'allow' | 'deny' | 'ask' | 'block', message: string | undefined): PermissionExplanation {
  const decision: Decision = outcome === 'block' ? 'deny' : outcome;
  const why = message ? `: ${message}` : '.';
  const text =
    decision === 'allow' ? `Allowed by a ${hook} hook${why}` : decision === 'deny' ? `Denied by a ${hook} hook${why}` : `Asked because a ${hook} hook asks first${why}`;
  return make(decision, { kind: 'hook', hook, outcome, ...(message ? { message } : {}) }, text);
}

export function explainMode(decision: Decision, mode: string, detail?: string): PermissionExplanation {
  let text: string;
  if (mode === 'plan' && decision === 'deny') text = 'Denied because the session is in plan mode, where nothing is edited until the plan is approved. Finish the plan and present it first.';
  else if (mode === 'plan') text = 'Asked because the session is in plan mode, where only read-only actions run without asking.';
  else if (decision === 'allow') text = `Allowed because the session is in ${mode} mode${detail ? ` (${detail})` : ''}.`;
  else text = `${decision === 'deny' ? 'Denied' : 'Asked'} because of ${mode} mode${detail ? `: ${detail}` : ''}.`;
  return make(decision, { kind: 'mode', mode, ...(detail ? { detail } : {}) }, text);
}

/**
 * A check that is not a rule: the tool's own, the working directories, a protected path, validation.
 * `label` names it in a sentence ("Read's own check"); `detail` is the check's own words.
 */
export function explainCheck(decision: Decision, name: string, detail: string, label = `${name}'s own check`): PermissionExplanation {
  const verb = decision === 'allow' ? 'Allowed' : decision === 'deny' ? 'Denied' : 'Asked';
  const d = detail.trim();
  return make(decision, { kind: 'check', name, detail }, `${verb} by ${label}: ${/[.?!]$/.test(d) ? d : `${d}.`}`);
}

/**
 * The tool's own check asks (Config, ExitWorktree, a read outside the project): what kind of action
 * always asks first and the rule a person would write to stop it asking; the tool's own message stays
 * in the structured reason, never as the reason a person reads.
 */
export function explainOwnAsk(name: string, detail: string, action: string | undefined, rule: string): PermissionExplanation {
  const what = action?.trim() || 'This kind of action';
  return make('ask', { kind: 'check', name, detail }, `${what} always asks first. To let the assistant do it without asking, allow \`${rule}\` in the rules.`);
}

export function explainClassifier(decision: Decision, detail: string): PermissionExplanation {
  const text = decision === 'allow' ? `Allowed by the safety classifier: ${detail}.` : `Asked because the safety classifier was not sure: ${detail}.`;
  return make(decision, { kind: 'classifier', detail }, text);
}

export function explainUser(decision: 'allow' | 'deny', feedback?: string): PermissionExplanation {
  const text = decision === 'allow' ? 'Allowed by you.' : feedback ? `Denied by you: ${feedback}` : 'Denied by you.';
  return make(decision, { kind: 'user', ...(feedback ? { feedback } : {}) }, text);
}
