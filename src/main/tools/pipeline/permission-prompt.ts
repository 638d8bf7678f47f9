// PL4e: turns an "ask" verdict into a person's answer through the injected Prompter — allow once,
// always allow (saves a session rule), or deny (with their feedback for the model). Abort = cancelled.
// Editing tools' requests carry the proposed change (diff-first approval, DK4).
import { homedir } from 'node:os';
import type { FileChangePreview } from '../../../shared/permissions/request';
import { targetOf, type ToolTarget } from '../../../shared/tools/traits';
import { allowScopes } from '../../permissions/allow-scopes';
import { describeDecisionReason } from '../../permissions/describe';
import { catalogOf } from '../../permissions/tool-catalog';
import type { PermissionRequest, PromptAnswer, Prompter } from '../../permissions/types';
import type { AnyTool, DecisionReason, ToolUseContext } from '../core/tool';
import type { PermissionDecider, PermissionVerdict } from './deps';
import type { CommandExplanation, CommandWarning } from '../../../shared/permissions/command-explanation';
import { commandExplanation } from './command-explanation';
import { changePreview } from './file-preview';
import { requestDescription } from './request-description';
import type { RequestDescription } from '../../../shared/permissions/request-description';

export type AskOutcome =
  /** `updatedInput`: the person's answer as the call's input (only for tools that require user interaction). */
  | { behavior: 'allow'; reason: DecisionReason; savedRule?: string; updatedInput?: Record<string, unknown> }
  | { behavior: 'deny'; message: string; reason: DecisionReason }
  | { behavior: 'cancelled' };

export interface AskArgs {
  tool: AnyTool;
  /** The input the person approves (the model's, possibly updated by a hook). */
  input: unknown;
  /** What the prompt displays (TC5 observable copy). */
  displayInput: unknown;
  toolUseId: string;
  ctx: ToolUseContext;
  verdict: Extract<PermissionVerdict, { behavior: 'ask' }>;
  prompter: Prompter;
  permissions: PermissionDecider;
  newId: () => string;
  signal: AbortSignal;
}

/** The model-facing text of a person's denial; their feedback, when given, is quoted to the model. */
export function userDenialMessage(toolName: string, feedback?: string): string {
  const base = `The user denied this ${toolName} call, so it did not run.`;
  if (feedback && feedback.trim()) return `${base} The user said:\n${feedback.trim()}`;
  return `${base} STOP what you are doing and wait for the user to tell you how to proceed.`;
}

function isDestructive(tool: AnyTool, input: unknown): boolean {
  try {
    return tool.isDestructive(input);
  } catch {
    // Unknown = warn: the prompt then shows the destructive warning.
    return true;
  }
}

function warningsOf(tool: AnyTool, input: unknown): CommandWarning[] {
  try {
    return tool.warnings?.(input) ?? [];
  } catch {
    return [];
  }
}

/** Resolves with the answer, or null if `signal` aborts first (a prompter need not watch it). */
function raceAbort(p: Promise<PromptAnswer>, signal: AbortSignal): Promise<PromptAnswer | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

const withTarget = (target: ToolTarget | undefined): { target?: ToolTarget } => (target ? { target } : {});

export function permissionRequest(a: AskArgs, preview?: FileChangePreview, command?: CommandExplanation, described?: RequestDescription): PermissionRequest {
  const warnings = warningsOf(a.tool, a.input);
  return {
    requestId: a.newId(),
    sessionId: a.ctx.sessionId,
    toolUseId: a.toolUseId,
    toolName: a.tool.name,
    // What the request is about, as data: the renderer never guesses input keys (issue 11 item 1).
    kind: a.tool.kind ?? 'other',
    ...withTarget(targetOf(a.tool.target, a.displayInput)),
    input: a.displayInput,
    message: a.verdict.message,
    reason: describeDecisionReason(a.verdict.reason),
    suggestions: a.verdict.suggestions,
    scopes: allowScopes(a.tool.name, a.input, {
      cwd: a.ctx.state.cwd,
      projectDir: a.ctx.projectDir,
      home: a.ctx.env.HOME || homedir(),
      catalog: catalogOf(a.ctx.tools),
    }),
    destructive: warnings.length > 0 || isDestructive(a.tool, a.input),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(preview ? { preview } : {}),
    ...(command ? { command } : {}),
    ...(described ? { described } : {}),
    ...(a.verdict.explanation ? { explanation: a.verdict.explanation } : {}),
  };
}

export async function askPermission(a: AskArgs): Promise<AskOutcome> {
  const [preview, command, described] = await Promise.all([
    changePreview(a.tool, a.input, a.ctx),
    commandExplanation(a.tool, a.input, a.ctx, a.verdict.explanation),
    requestDescription(a.tool, a.input, a.ctx),
  ]);
  const req = permissionRequest(a, preview, command, described);
  let answer: PromptAnswer | null;
  try {
    answer = await raceAbort(Promise.resolve().then(() => a.prompter.prompt(req, a.signal)), a.signal);
  } catch (e) {
    // No answer is not a yes.
    const message = `Permission to use ${a.tool.name} could not be asked (${e instanceof Error ? e.name : 'error'}), so the call did not run.`;
    return { behavior: 'deny', message, reason: { type: 'other', reason: 'the permission prompt failed' } };
  }
  if (answer === null) return { behavior: 'cancelled' };
  if (answer.decision === 'allow_once') {
    // Another tool's approval never changes what it runs.
    const updated = a.tool.requiresUserInteraction === true ? answer.updatedInput : undefined;
    return updated ? { behavior: 'allow', reason: { type: 'user' }, updatedInput: updated } : { behavior: 'allow', reason: { type: 'user' } };
  }
  if (answer.decision === 'allow_always' && answer.sessionMode) return { behavior: 'allow', reason: { type: 'mode', mode: answer.sessionMode } };
  if (answer.decision === 'allow_always') {
    const rule = (answer.rule ?? req.suggestions[0] ?? a.tool.name).trim();
    const saved = a.permissions.remember(rule);
    return saved ? { behavior: 'allow', reason: { type: 'user' }, savedRule: rule } : { behavior: 'allow', reason: { type: 'user' } };
  }
  if (answer.denial) return { behavior: 'deny', message: answer.denial.message, reason: answer.denial.reason };
  const reason: DecisionReason = answer.feedback ? { type: 'user', feedback: answer.feedback } : { type: 'user' };
  return { behavior: 'deny', message: userDenialMessage(a.tool.name, answer.feedback), reason };
}
