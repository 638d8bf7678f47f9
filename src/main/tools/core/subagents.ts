// What a tool may ask of the engine to run a subagent (AG7, AG8): a second turn loop with its own
// messages, system prompt and tool pool, sharing the session's permission prompter. The engine
// implements it (engine/subagent/); the Agent tool only describes the run.
import type { PermissionMode } from '../../permissions/types';

/** Something the subagent did, as it happens (its card's live activity, a background task's output file). */
export type SubagentActivity =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; summary: string }
  | { type: 'tool_result'; id: string; isError: boolean };

/** `T` is the tool type (AnyTool): a parameter, so this file and tool.ts do not import each other. */
export interface SubagentRunSpec<T> {
  agentId: string;
  /** The definition's type ("Explore", a user's "reviewer"): what SubagentStart/SubagentStop hooks match. */
  agentType: string;
  /** Whose permission requests these are, in the approval window and inbox ("Explore agent"). */
  label: string;
  /** The definition's template plus the environment (AG6). */
  systemPrompt: string;
  prompt: string;
  model: string;
  /** The pool after the definition's filter (AG5): the model is offered exactly these. */
  tools: readonly T[];
  /** Absent: the parent's mode. */
  permissionMode?: PermissionMode;
  /** The folder the subagent works in: the project's, or its own worktree's (AG4). */
  cwd: string;
  maxTurns?: number;
  /** The Agent call that runs it: its tool calls are shown under that card. */
  parentToolUseId: string;
  signal: AbortSignal;
  onActivity?: (activity: SubagentActivity) => void;
}

export interface SubagentOutcome {
  /** The subagent's final text answer. */
  text: string;
  turns: number;
  toolUses: number;
  aborted: boolean;
  maxTurnsReached: boolean;
  error?: string;
  /** Where its own conversation was saved (the sidechain transcript). */
  transcriptFile?: string;
  /** What its model calls cost (null: a model without a known price). */
  spend?: { tokens: number; costUsd: number | null };
}

export interface SubagentHost<T> {
  /** The model the parent's turn uses (a subagent inherits it by default, AG3). */
  parentModel(): string;
  /** Whether the person trusts the project folder (its .claude/agents counts only then). */
  projectTrusted(): boolean;
  /** The engine's home folder (its ~/.claude/agents), and its environment (model aliases). */
  home(): string | undefined;
  env(): Readonly<Record<string, string | undefined>>;
  /** Runs one subagent to its end (or its stop); never throws. */
  run(spec: SubagentRunSpec<T>): Promise<SubagentOutcome>;
}
