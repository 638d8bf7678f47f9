// The hook runner's interface: one method per event, plain data in and out. Every result carries
// `messages` — non-blocking problems and systemMessages for the user (already logged).
import type { HookEvent } from '../settings/hooks-config';

export type PermissionDecision = 'allow' | 'deny' | 'ask';

export interface PreToolUseEvent {
  sessionId: string;
  toolName: string;
  toolInput: unknown;
  toolUseId: string;
  cwd: string;
}
export interface PreToolUseResult {
  /** Several hooks: deny beats ask beats allow. Undefined = no hook decided (fall through). */
  decision?: PermissionDecision;
  /** The reasons given for the winning decision (for deny: what the model is told). */
  reason?: string;
  /** A hook's replacement input (never returned with a deny). */
  updatedInput?: unknown;
  /** Set exactly when decision is 'deny' (exit 2, `continue: false`, or a deny decision). */
  blocked?: { message: string };
  messages: string[];
}

export interface PostToolUseEvent {
  sessionId: string;
  toolName: string;
  toolInput: unknown;
  toolResponse: unknown;
  toolUseId: string;
  cwd: string;
}
export interface PostToolUseFailureEvent {
  sessionId: string;
  toolName: string;
  toolInput: unknown;
  error: string;
  toolUseId: string;
  cwd: string;
  isInterrupt?: boolean;
}
export interface PostToolResult {
  /** For the model, after the tool result (exit 2 stderr, `decision: "block"` reason, additionalContext). */
  feedback?: string;
  /** A hook said `continue: false`: the turn should end after this result. */
  stop?: { reason: string };
  messages: string[];
}

export interface UserPromptSubmitEvent {
  sessionId: string;
  prompt: string;
  cwd: string;
}
export interface UserPromptSubmitResult {
  /** The prompt must not be sent; the message is for the user. */
  blocked?: { message: string };
  /** Added to the model's context with the prompt (plain stdout or additionalContext). */
  additionalContext?: string;
  messages: string[];
}

export interface StopEvent {
  sessionId: string;
  cwd: string;
  /** True when the turn is already continuing because of a Stop hook (loop guard for scripts). */
  stopHookActive?: boolean;
}
export interface StopResult {
  /** The model must go on; the message tells it why. */
  blocked?: { message: string };
  messages: string[];
}

export interface SessionStartEvent {
  sessionId: string;
  cwd: string;
  source: 'startup' | 'resume';
}
export interface SessionStartResult {
  additionalContext?: string;
  messages: string[];
}

/** Before a conversation is summarised (issue 20 item 2); the matcher sees the trigger. */
export interface PreCompactEvent {
  sessionId: string;
  cwd: string;
  trigger: 'manual' | 'auto';
  /** What the person typed after /compact ('' for an automatic summary). */
  customInstructions: string;
}
export interface PreCompactResult {
  /** Exit code 2 or `decision: "block"`: the summary does not happen; the message says why. */
  blocked?: { message: string };
  messages: string[];
}

/** A subagent begins (AG7): the matcher sees its type; a hook cannot stop it, but may add context. */
export interface SubagentStartEvent {
  sessionId: string;
  cwd: string;
  agentId: string;
  agentType: string;
}
export interface SubagentStartResult {
  /** For the subagent, with its task (`hookSpecificOutput.additionalContext`). */
  additionalContext?: string;
  messages: string[];
}

/** A subagent is about to give its answer: like Stop, a hook may send it back to work. */
export interface SubagentStopEvent {
  sessionId: string;
  cwd: string;
  agentId: string;
  agentType: string;
  stopHookActive: boolean;
  /** The subagent's own transcript (its sidechain). */
  agentTranscriptPath: string;
  lastAssistantMessage: string;
}

export interface HookRunner {
  preToolUse(e: PreToolUseEvent, signal: AbortSignal): Promise<PreToolUseResult>;
  postToolUse(e: PostToolUseEvent, signal: AbortSignal): Promise<PostToolResult>;
  postToolUseFailure(e: PostToolUseFailureEvent, signal: AbortSignal): Promise<PostToolResult>;
  userPromptSubmit(e: UserPromptSubmitEvent, signal: AbortSignal): Promise<UserPromptSubmitResult>;
  stop(e: StopEvent, signal: AbortSignal): Promise<StopResult>;
  sessionStart(e: SessionStartEvent, signal: AbortSignal): Promise<SessionStartResult>;
  /** Optional so runners made before PreCompact existed (tests' stand-ins) still fit. */
  preCompact?(e: PreCompactEvent, signal: AbortSignal): Promise<PreCompactResult>;
  subagentStart?(e: SubagentStartEvent, signal: AbortSignal): Promise<SubagentStartResult>;
  subagentStop?(e: SubagentStopEvent, signal: AbortSignal): Promise<StopResult>;
  /** True when at least one hook would run (lets callers skip work, e.g. serialising a response). */
  has(event: HookEvent, matchValue?: string): boolean;
}
