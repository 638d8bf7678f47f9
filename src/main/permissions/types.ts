// The permission vocabulary as plain data: rule sources, rule entries, modes, a decision's reason and
// result, and the request/reply pair an interactive prompt exchanges (PL4). No behaviour here.
import type { CommandExplanation, CommandWarning } from '../../shared/permissions/command-explanation';
import type { PermissionExplanation } from '../../shared/permissions/explanation';
import type { AllowScope, FileChangePreview } from '../../shared/permissions/request';
import type { RequestDescription } from '../../shared/permissions/request-description';
import type { SessionFeature, ToolKind, ToolTarget } from '../../shared/tools/traits';

export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

/** The slice of permission state the tool pool needs (AS2). */
export interface ToolPermissionContext {
  mode: PermissionMode;
  /** Simple mode (`--bare` or AGENT_DESK_SIMPLE=1, set by the caller): only the simple-mode tools. */
  simple?: boolean;
  /** Deny rules in the rule grammar (`Bash`, `Bash(rm:*)`, `mcp__server`); content-less ones hide tools. */
  alwaysDenyRules: readonly string[];
  /** The session's to-do system: only its tools are offered (default `tasks`, an interactive session's). */
  checklist?: 'todos' | 'tasks';
  /** What the session has on (agent teams, a configured language server): the tools that require it are offered. */
  features?: readonly SessionFeature[];
}

/** Why a permission decision was made: shown to people and (on denial) to the model. */
export type DecisionReason =
  | { type: 'rule'; rule: string; source: string; behavior: 'allow' | 'deny' | 'ask' }
  | { type: 'hook'; hook: string; reason?: string }
  | { type: 'tool'; reason: string }
  | { type: 'mode'; mode: string }
  | { type: 'classifier'; reason: string }
  /**
   * A tool's safety check (Bash: a BA1 finding, a command too complex to follow, a path outside the
   * project): asks before any allow rule for part of the tool's input can allow. Like Claude Code, a
   * rule for the whole tool (`Bash`) and bypassPermissions still allow; `strict` ones (a removal of a
   * home or system folder, BA8) ask whatever the rules and mode say.
   */
  | {
      type: 'safetyCheck';
      reason: string;
      check?: string;
      /** Always asks, whatever rules and mode say (a removal of a home or system folder). */
      strict?: boolean;
      /** Which commands run could not be told: a deny or ask rule on one of them cannot be ruled out. */
      hidesCommands?: boolean;
    }
  | { type: 'user'; feedback?: string }
  | { type: 'headless'; reason: string }
  | { type: 'other'; reason: string };

export type PermissionResult<Input = unknown> =
  | { behavior: 'allow'; updatedInput?: Input; reason?: DecisionReason }
  | { behavior: 'deny'; message: string; reason?: DecisionReason }
  | {
      behavior: 'ask';
      message: string;
      reason?: DecisionReason;
      suggestions?: string[];
      /**
       * What kind of action asks first, as a person says it ("Changing a setting"): "Why am I asked?"
       * reads "Changing a setting always asks first." and names the rule that stops it asking.
       */
      action?: string;
    }
  /** No opinion of its own: later stages (rules, mode, prompt) decide. */
  | {
      behavior: 'passthrough';
      message?: string;
      suggestions?: string[];
      /** Every part only edits files inside the working folders: acceptEdits runs it (Bash's mkdir, rm, sed -i…). */
      editsInside?: boolean;
    };

/** Where a rule came from, Claude Code's sources, so users' settings carry over unchanged. */
export const RULE_SOURCES = [
  'session',
  'cliArg',
  'localSettings',
  'userSettings',
  'projectSettings',
  'policySettings',
  'flagSettings',
  /** A skill's `allowed-tools` while it is in use (Claude Code's name for it). */
  'command',
] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

export type RuleBehavior = 'allow' | 'deny' | 'ask';

/** One rule string as written by a user (`Bash(npm test)`, `Read`, `mcp__github`) and its source. */
export interface RuleEntry {
  rule: string;
  source: RuleSource;
  /** The settings file it was read from (absent for session and command-line rules). */
  file?: string;
}

export interface RuleSet {
  allow: readonly RuleEntry[];
  deny: readonly RuleEntry[];
  ask: readonly RuleEntry[];
}

export const EMPTY_RULES: RuleSet = { allow: [], deny: [], ask: [] };

/** What `evaluateRules` found: the winning behaviour and the rule that produced it. */
export interface RuleMatch {
  behavior: RuleBehavior;
  rule: string;
  source: RuleSource;
  file?: string;
}

export const PERMISSION_MODES: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions'];

/** What an interactive prompt shows (PL4e). Plain data: it crosses to the renderer as an event. */
export interface PermissionRequest {
  requestId: string;
  sessionId: string;
  toolUseId: string;
  toolName: string;
  /** What the tool is (ToolDef.kind) and what this call acts on (from ToolDef.target). */
  kind?: ToolKind;
  target?: ToolTarget;
  input: unknown;
  message: string;
  reason?: string;
  /** Rules the user may save with "always allow", best first (`Bash(npm test)`). */
  suggestions: string[];
  /** What "always allow" may cover, in words (permissions/allow-scopes.ts). */
  scopes?: AllowScope[];
  destructive: boolean;
  /** What the call may destroy or expose, specifically (BA9). */
  warnings?: CommandWarning[];
  /** Diff-first approval: the change an editing tool would make (absent when it cannot be computed). */
  preview?: FileChangePreview;
  /** A command's explanation, part by part (Bash). */
  command?: CommandExplanation;
  /** The tool's own question, summary and facts for this approval (Config). */
  described?: RequestDescription;
  /** Why the person is asked, as data (the verdict's explanation). */
  explanation?: PermissionExplanation;
}

/** The user's answer (the `permission:reply` invoke's payload). */
export interface PermissionReply {
  decision: 'allow_once' | 'allow_always' | 'deny';
  /** Shown to the model on denial so it can change course. */
  feedback?: string;
  /** The rule to save on allow_always; default the request's first suggestion. */
  rule?: string;
  /** allow_always as "every edit until this conversation ends": the session's mode becomes acceptEdits, no rule is saved. */
  sessionMode?: 'acceptEdits';
  /** allow_once with the person's answer as the call's input (tools that require user interaction). */
  updatedInput?: Record<string, unknown>;
  /** allow_once of a request that ends plan mode: the mode the session goes on in. */
  nextMode?: 'default' | 'acceptEdits';
}

/**
 * A prompter's answer inside main: the wire reply, plus — for prompters that decide by themselves,
 * like the headless one — the model-facing denial text and its reason. Never sent over IPC.
 */
export interface PromptAnswer extends PermissionReply {
  denial?: { message: string; reason: DecisionReason };
}

/** Asks a person (or a stand-in). Must settle; the pipeline also stops waiting when `signal` aborts. */
export interface Prompter {
  prompt(req: PermissionRequest, signal: AbortSignal): Promise<PromptAnswer>;
}
