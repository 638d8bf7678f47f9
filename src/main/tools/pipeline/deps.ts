// What the pipeline needs from the rest of the engine, as interfaces injected into the orchestrator:
// hooks, classifier, permission decider, prompter, result persister, clock, ids and the publisher.
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { HookRunner as FullHookRunner, PreToolUseResult } from '../../hooks/types';
import type { ClassifierVerdict, PermissionCheck as DeciderCheck, PermissionDecider } from '../../permissions/decision';
import type { Prompter } from '../../permissions/types';
import type { AnyTool, DecisionReason, ToolResult, ToolUseContext } from '../core/tool';
import type { ToolCallOutcome } from '../executor/types';

// ── Hooks (src/main/hooks: its runner satisfies this slice) ──────────────────────────────────────

export type { PostToolResult, PostToolUseEvent, PostToolUseFailureEvent, PreToolUseEvent, PreToolUseResult } from '../../hooks/types';

/** The three tool events of the hook runner; `createHookRunner(...)` is assignable to it. */
export type HookRunner = Pick<FullHookRunner, 'preToolUse' | 'postToolUse' | 'postToolUseFailure'>;

export const NO_HOOKS: HookRunner = {
  preToolUse: async () => ({ messages: [] }),
  postToolUse: async () => ({ messages: [] }),
  postToolUseFailure: async () => ({ messages: [] }),
};

// ── Safety classifier (Bash fills it later) ─────────────────────────────────────────────────────

export interface SafetyClassifier {
  classify(tool: AnyTool, input: unknown, ctx: ToolUseContext): Promise<ClassifierVerdict>;
}

export const NULL_CLASSIFIER: SafetyClassifier = { classify: async () => ({ verdict: 'none' }) };

// ── Permission decision (PL4a–d): src/main/permissions/decider.ts implements it ─────────────────

export type { ClassifierVerdict, PermissionDecider, PermissionVerdict } from '../../permissions/decision';

/** One call's permission question as the pipeline asks it: of a Tool, in a ToolUseContext. */
export interface PermissionCheck extends DeciderCheck<ToolUseContext> {
  tool: AnyTool;
}

// ── Results ─────────────────────────────────────────────────────────────────────────────────────

/** Writes a whole result to disk (PL6). Injected so tests and the web host can redirect it. */
export interface ResultPersister {
  save(path: string, text: string): Promise<void>;
}

/** The executor's outcome plus what the engine may use after the call (dropped by the executor today). */
export interface PipelineOutcome extends ToolCallOutcome {
  /** Set when the full result was saved to disk. */
  persistedPath?: string;
  /** PL8: telemetry-safe class of a thrown error (`Error:ENOENT`); never a path or a message. */
  errorClass?: string;
  /** Why a call was allowed or denied. */
  decisionReason?: DecisionReason;
  /** For the user (hook problems, systemMessages): shown by the engine, never sent to the model. */
  hookMessages?: string[];
  /** A post-tool hook said `continue: false`: end the turn after this result. */
  stopTurn?: { reason: string };
  newMessages?: ToolResult<unknown>['newMessages'];
  contextModifier?: ToolResult<unknown>['contextModifier'];
}

// ── The orchestrator's dependencies ─────────────────────────────────────────────────────────────

export interface PipelineDeps {
  /** The session's current tool context; the pipeline sets `abortSignal` per call. */
  context: () => ToolUseContext;
  hooks: HookRunner;
  classifier: SafetyClassifier;
  permissions: PermissionDecider;
  prompter: Prompter;
  persister: ResultPersister;
  clock: () => number;
  newId: () => string;
  publish: (view: ToolCallView) => void;
}
