// The rule workbench in plain words: what each list does, what a rule covers, where its file is and
// whether it can be changed here, the settings beside the rules, and the recent-commands tally.
import type { RuleBehaviorName, RuleSourceName } from '../../../shared/permissions/explanation';
import type { RecentCommandsResult, RuleListing, RuleSourceListing, WritableRuleSource } from '../../../shared/permissions/rule-store';
import { describeRule, type KindOf } from '../permissions/registry';
import { displayPath, plural } from '../tools/shared/paths';

export interface BehaviorChoice {
  value: RuleBehaviorName;
  label: string;
  /** What the list does, under its heading. */
  hint: string;
}

/** The three lists in the order shown. Deny beats Ask beats Allow, whichever file holds them. */
export const BEHAVIORS: readonly BehaviorChoice[] = [
  { value: 'allow', label: 'Allow', hint: 'Done without asking you.' },
  { value: 'ask', label: 'Ask', hint: 'Always asks you first.' },
  { value: 'deny', label: 'Deny', hint: 'Never done, even if another rule allows it.' },
];

export const behaviorLabel = (b: RuleBehaviorName): string => BEHAVIORS.find((x) => x.value === b)!.label;

const LOWER_FIRST = new Set(['Any', 'Every', 'Only', 'Changing', 'Creating', 'Reading', 'Searching', 'Pages', 'Web']);

/** What a rule covers, whichever list it is in ("Any command that starts with “npm test”"). */
export function ruleMeaning(text: string, kindOf?: KindOf): { ok: true; words: string; toolName: string } | { ok: false; error: string } {
  const d = describeRule(text, kindOf);
  if (!d.ok) return d;
  // The approval dialog's words are about allowing; in a Deny or Ask list "without asking" is wrong.
  return { ok: true, words: d.words.replace(/, without asking$/, ''), toolName: d.toolName };
}

/** Rule words to go after a colon: "Any command …" → "any command …" (a name such as “Read” keeps its capital). */
export function asClause(words: string): string {
  const first = words.split(' ')[0] ?? '';
  return LOWER_FIRST.has(first) ? words[0]!.toLowerCase() + words.slice(1) : words;
}

/** The meaning as a sentence for the rule being typed: "Allowed without asking: any command that starts with …". */
export function ruleSentence(behavior: RuleBehaviorName, words: string): string {
  const body = asClause(words);
  const verb = { allow: 'Allowed without asking', ask: 'Asks you first', deny: 'Never allowed' }[behavior];
  return `${verb}: ${body}.`;
}

/** Why a source cannot be changed here, or null when the workbench may edit it. */
export function readOnlyReason(source: RuleSourceName): string | null {
  switch (source) {
    case 'policySettings':
      return 'Read-only: set by your organisation. These rules always win and cannot be overridden.';
    case 'flagSettings':
      return 'Read-only: the settings file given with --settings when Agent Desk was started.';
    case 'cliArg':
      return 'Read-only: given on the command line (--allowedTools / --disallowedTools) for this run.';
    case 'command':
      return 'Read-only: allowed by a skill while it is in use.';
    default:
      return null;
  }
}

/** The file as a person finds it: relative to the project when inside it. */
export function fileLabel(file: string, projectDir: string | null): string {
  return displayPath(file, projectDir);
}

/** Whether the file is there, in words that say what that means for this source. */
export function fileState(s: RuleSourceListing): string | null {
  if (s.file === null) return null;
  if (s.exists) return 'File exists';
  return s.writable ? 'Not created yet: adding a rule here creates it' : 'No such file: nothing is set here';
}

/** Counts shown beside a source's name ("2 rules", "No rules"). */
export function ruleCount(s: RuleSourceListing): string {
  const n = s.allow.length + s.ask.length + s.deny.length;
  return n === 0 ? 'No rules' : plural(n, 'rule');
}

const MODE_WORDS: Record<string, string> = {
  default: 'Ask before commands and file changes (the usual)',
  acceptEdits: 'Accept file changes in the project without asking',
  plan: 'Plan only: look around, change nothing',
  bypassPermissions: 'Do not ask (Deny and Ask rules still apply)',
};

/** `defaultMode` in words; not set means the usual mode. */
export function modeWords(mode: string | null): string {
  if (mode === null) return 'Not set: ask before commands and file changes (the usual)';
  return Object.hasOwn(MODE_WORDS, mode) ? `${MODE_WORDS[mode]} (${mode})` : mode;
}

export function bypassWords(disabled: boolean): string {
  return disabled ? 'Turned off by a settings file: the "do not ask" mode cannot be used' : 'Allowed';
}

export interface WritableTarget {
  source: WritableRuleSource;
  label: string;
  file: string | null;
}

/** The files a rule can be added to, strongest first as listed. */
export function writableTargets(listing: RuleListing | null): WritableTarget[] {
  return (listing?.sources ?? [])
    .filter((s): s is RuleSourceListing & { source: WritableRuleSource } => s.writable && (s.source === 'localSettings' || s.source === 'projectSettings' || s.source === 'userSettings'))
    .map((s) => ({ source: s.source, label: s.label, file: s.file }));
}

/** New rules go to "only me, in this project" unless the person picks another file (as "Always allow"). */
export function defaultTarget(targets: readonly WritableTarget[]): WritableRuleSource | null {
  return (targets.find((t) => t.source === 'localSettings') ?? targets[0])?.source ?? null;
}

const RECENT_VERB: Record<RuleBehaviorName, string> = { allow: 'would have allowed', ask: 'would have asked about', deny: 'would have blocked' };

/** "This rule would have allowed 1 of 3 recent commands in this project." */
export function recentSummary(result: RecentCommandsResult, behavior: RuleBehaviorName): string {
  const total = result.commands.length;
  if (total === 0) return 'No commands have been run in this project yet, so there is nothing to compare with.';
  return `This rule ${RECENT_VERB[behavior]} ${result.matched} of ${plural(total, 'recent command')} in this project.`;
}
