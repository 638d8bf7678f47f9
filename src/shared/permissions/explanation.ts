// "Why was I asked?" as plain data: every permission decision carries which rule (and file) decided it,
// which part of a call matched no rule, or which check, hook or mode did — plus the same in plain words.
import { z } from 'zod';

export const RULE_SOURCE_NAMES = ['session', 'cliArg', 'localSettings', 'userSettings', 'projectSettings', 'policySettings', 'flagSettings', 'command'] as const;
export const RuleSourceName = z.enum(RULE_SOURCE_NAMES);
export type RuleSourceName = z.infer<typeof RuleSourceName>;

export const RuleBehaviorName = z.enum(['allow', 'deny', 'ask']);
export type RuleBehaviorName = z.infer<typeof RuleBehaviorName>;

/** A rule as the person wrote it, and where: the settings file, or a source without one. */
export const RuleRef = z.object({
  rule: z.string(),
  behavior: RuleBehaviorName,
  source: RuleSourceName,
  file: z.string().optional(),
});
export type RuleRef = z.infer<typeof RuleRef>;

export const ExplanationReason = z.discriminatedUnion('kind', [
  /** A rule decided. */
  z.object({ kind: z.literal('rule'), ...RuleRef.shape }),
  /** Nothing allowed the call. `unmatched` is the part no allow rule covered (a command, a path, a host). */
  z.object({
    kind: z.literal('no-rule'),
    tool: z.string(),
    unmatched: z.string(),
    /** The whole Bash line chains several commands; allow rules only ever cover one. */
    compound: z.boolean().optional(),
    /** The parts of a compound line no allow rule covered, each as written. */
    uncovered: z.array(z.string()).optional(),
    /** This tool's allow rules, none of which matched ("rules in .claude/settings.json allow `npm test`"). */
    nearby: z.array(RuleRef),
  }),
  z.object({ kind: z.literal('hook'), hook: z.string(), outcome: z.enum(['allow', 'deny', 'ask', 'block']), message: z.string().optional() }),
  z.object({ kind: z.literal('mode'), mode: z.string(), detail: z.string().optional() }),
  /** A check other than a rule: the tool's own, the working directories, a protected path, validation… */
  z.object({ kind: z.literal('check'), name: z.string(), detail: z.string() }),
  z.object({ kind: z.literal('classifier'), detail: z.string() }),
  z.object({ kind: z.literal('user'), feedback: z.string().optional() }),
]);
export type ExplanationReason = z.infer<typeof ExplanationReason>;

export const PermissionExplanation = z.object({
  decision: z.enum(['allow', 'ask', 'deny']),
  reason: ExplanationReason,
  /** One or two sentences for a person ("Asked because no rule allows `npm publish` …"). */
  text: z.string(),
});
export type PermissionExplanation = z.infer<typeof PermissionExplanation>;
