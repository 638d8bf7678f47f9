// The rule workbench's data (issue 5 item 8): every rule by source with its file, edits to the three
// writable settings files, a rule tested against a call, and the project's recent commands it covers.
import { z } from 'zod';
import { PermissionExplanation, RuleBehaviorName, RuleSourceName } from './explanation';
import { ToolKind } from '../tools/traits';

/** Settings files "Always allow" and the workbench may write; policy and flag files are read-only. */
export const WritableRuleSource = z.enum(['localSettings', 'projectSettings', 'userSettings']);
export type WritableRuleSource = z.infer<typeof WritableRuleSource>;

/** Where "Always allow" saves a rule: this session only, or one of the writable settings files. */
export const RuleDestination = z.enum(['session', 'localSettings', 'projectSettings', 'userSettings']);
export type RuleDestination = z.infer<typeof RuleDestination>;

const ruleText = z.string().trim().min(1).max(2_000);

/** What an "Always allow" answer saved and where (issue 13 item 3): the notice shows it, its Undo sends it back. */
export const SavedAlwaysRule = z.object({ rule: z.string(), destination: RuleDestination });
export type SavedAlwaysRule = z.infer<typeof SavedAlwaysRule>;

/** Undo of "Always allow": the rule goes from the session and, when it was saved to one, from that settings file. */
export const UndoAlwaysInput = z.strictObject({
  sessionId: z.string().min(1).max(200),
  rule: ruleText,
  destination: RuleDestination,
});
export type UndoAlwaysInput = z.infer<typeof UndoAlwaysInput>;

export const UndoAlwaysResult = z.object({
  /** False when the rule was in neither place (nothing changed). */
  undone: z.boolean(),
  /** The session had the rule and no longer allows by it. */
  session: z.boolean(),
  /** The settings file had the rule and no longer does (false for the session destination). */
  file: z.boolean(),
});
export type UndoAlwaysResult = z.infer<typeof UndoAlwaysResult>;

export const RuleSourceListing = z.object({
  source: RuleSourceName,
  /** "Managed policy", "This project (shared)", … */
  label: z.string(),
  file: z.string().nullable(),
  exists: z.boolean(),
  writable: z.boolean(),
  allow: z.array(z.string()),
  deny: z.array(z.string()),
  ask: z.array(z.string()),
  /** Problems with this file (a line that is not JSON, a rule that does not parse). */
  warnings: z.array(z.string()),
});
export type RuleSourceListing = z.infer<typeof RuleSourceListing>;

/** A tool a rule may name, by one of its names, with its kind (what its rules mean). */
export const RegisteredTool = z.object({ name: z.string(), kind: ToolKind });
export type RegisteredTool = z.infer<typeof RegisteredTool>;

export const RuleListing = z.object({
  /** Strongest first: policy, flag, command line, local, project, user. */
  sources: z.array(RuleSourceListing),
  defaultMode: z.string().nullable(),
  bypassDisabled: z.boolean(),
  additionalDirectories: z.array(z.string()),
  /** The project's test commands from package.json (`npm test`, `npm run test:e2e`), for the workbench's ready-made rule; absent without a package.json. */
  testCommands: z.array(z.string()).optional(),
  /** The tools conversations offer, by every name and alias (absent from older hosts). */
  tools: z.array(RegisteredTool).optional(),
});
export type RuleListing = z.infer<typeof RuleListing>;

export const RuleEditInput = z.strictObject({
  source: WritableRuleSource,
  behavior: RuleBehaviorName,
  rule: ruleText,
});
export type RuleEditInput = z.infer<typeof RuleEditInput>;

export const RuleUpdateInput = z.strictObject({
  source: WritableRuleSource,
  behavior: RuleBehaviorName,
  rule: ruleText,
  /** The replacement; may move the rule to another list. */
  newRule: ruleText,
  newBehavior: RuleBehaviorName.optional(),
});
export type RuleUpdateInput = z.infer<typeof RuleUpdateInput>;

export const RuleTestInput = z.strictObject({
  rule: ruleText,
  /** The list it would go in (default allow: compound commands never match an allow prefix). */
  behavior: RuleBehaviorName.optional(),
  /** Default: the rule's own tool. */
  tool: z.string().trim().min(1).max(200).optional(),
  /** The call's input (`{ "command": "npm test" }`), or a string: a command, path or URL. */
  input: z.unknown(),
});
export type RuleTestInput = z.infer<typeof RuleTestInput>;

export const RuleTestResult = z.object({
  /** False also when the rule does not parse (`error` says why). */
  matches: z.boolean(),
  error: z.string().optional(),
  /** Plain words: "`Bash(npm test:*)` would allow `npm test -- --watch`." */
  text: z.string(),
  /** What deciding this call with only this rule would say. */
  explanation: PermissionExplanation.optional(),
});
export type RuleTestResult = z.infer<typeof RuleTestResult>;

export const RecentCommandsInput = z.strictObject({
  rule: ruleText,
  behavior: RuleBehaviorName.optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export type RecentCommandsInput = z.infer<typeof RecentCommandsInput>;

export const RecentCommand = z.object({
  command: z.string(),
  sessionId: z.string(),
  at: z.number(),
  matches: z.boolean(),
});
export type RecentCommand = z.infer<typeof RecentCommand>;

export const RecentCommandsResult = z.object({
  /** Distinct Bash commands of this project's sessions, newest first. */
  commands: z.array(RecentCommand),
  /** How many of them the rule covers. */
  matched: z.number().int().nonnegative(),
  error: z.string().optional(),
});
export type RecentCommandsResult = z.infer<typeof RecentCommandsResult>;
