// The results the executor writes itself: why a call was cancelled, the cancelled tool_result that
// keeps the transcript valid, and a failed one when the pipeline broke its "errors are data" promise.
import type { ToolResultContent } from '../core/tool';
import type { ExecutorToolUse, ToolCallOutcome } from './types';

export const USER_STOPPED_MESSAGE = 'The user stopped this tool call.';

export type CancelKind = 'user_stopped' | 'sibling_error';

/** The `signal.reason` a call's controller is aborted with; the pipeline may read `kind`/`message`. */
export class ToolCallCancelled extends Error {
  override name = 'AbortError';
  constructor(
    readonly kind: CancelKind,
    message: string,
  ) {
    super(message);
  }
}

export function userStopped(): ToolCallCancelled {
  return new ToolCallCancelled('user_stopped', USER_STOPPED_MESSAGE);
}

/** CC4 text, naming the failed command when its input has one so the model knows what to fix first. */
export function siblingFailed(failed: ExecutorToolUse): ToolCallCancelled {
  const input = failed.input as { command?: unknown } | null;
  const command = input && typeof input === 'object' && typeof input.command === 'string' ? input.command : '';
  const shown = command.length > 80 ? `${command.slice(0, 77)}...` : command;
  const detail = shown ? `: ${shown}` : '';
  return new ToolCallCancelled('sibling_error', `Cancelled: a sibling ${failed.name} command failed${detail}`);
}

export function cancelledOutcome(toolUseId: string, reason: ToolCallCancelled): ToolCallOutcome {
  return { toolUseId, content: reason.message, isError: true, state: 'cancelled' };
}

export function thrownOutcome(toolUseId: string, err: unknown): ToolCallOutcome {
  const message = err instanceof Error ? err.message || err.name : typeof err === 'string' ? err : 'UnknownError';
  return { toolUseId, content: `Error: ${message}`, isError: true, state: 'failed' };
}

const STATES = new Set(['succeeded', 'failed', 'rejected', 'cancelled']);

function isContent(c: unknown): c is ToolResultContent {
  return typeof c === 'string' || Array.isArray(c);
}

/** The pipeline's outcome, checked: a malformed one becomes a failed result instead of a broken transcript. */
export function checkedOutcome(use: ExecutorToolUse, raw: unknown): ToolCallOutcome {
  const o = raw as Partial<ToolCallOutcome> | null | undefined;
  if (!o || typeof o !== 'object' || !isContent(o.content) || !STATES.has(o.state as string)) {
    return thrownOutcome(use.id, new Error('the tool pipeline returned no valid result'));
  }
  const state = o.state as ToolCallOutcome['state'];
  // The id is the executor's to keep: results are matched to tool_use blocks by it.
  return { toolUseId: use.id, content: o.content, isError: Boolean(o.isError) || state !== 'succeeded', state };
}

function textOf(content: ToolResultContent): string {
  if (typeof content === 'string') return content;
  return content.map((b) => (b.type === 'text' ? b.text : '')).join('');
}

/**
 * A call aborted while running keeps the pipeline's own result (partial output is useful), but if
 * the work did not complete it is marked cancelled and says why first.
 */
export function afterAbort(outcome: ToolCallOutcome, reason: ToolCallCancelled): ToolCallOutcome {
  if (outcome.state === 'succeeded') return outcome;
  const own = outcome.content;
  let content: ToolResultContent;
  if (textOf(own).includes(reason.message)) content = own;
  else if (typeof own === 'string') content = own.trim() ? `${reason.message}\n${own}` : reason.message;
  else content = [{ type: 'text', text: reason.message }, ...own];
  return { ...outcome, content, isError: true, state: 'cancelled' };
}
