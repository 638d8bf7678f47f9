// Why a run stopped short, as plain data with plain words: the turn limit, a stop reason of the
// model's (max_tokens, refusal, a full context), a hook, its budget, or an error. A run that
// finished, or that the person stopped, has none.
import type { ErrorInfo } from '../../shared/session-events';
import type { RunStop } from '../../shared/transcript';

export interface RunEnding {
  aborted: boolean;
  /** The limit of this run, when it had one and reached it. */
  maxTurnsReached?: { limit: number };
  /** The model's stop reason of the last reply. */
  stopReason?: string | null;
  /** A PostToolUse hook ended the turn (`continue: false`). */
  hookStopped?: string;
  /** A UserPromptSubmit hook blocked the prompt. */
  promptBlocked?: string;
  /** The budget was used up and the person (or nobody, in time) said stop: the words say which budget. */
  budgetStopped?: string;
  error?: ErrorInfo;
}

/** What a person reads first: what went wrong, per error code; the error's own message follows. */
const ERROR_LEADS: Record<string, string> = {
  auth: 'The model needs a valid API key.',
  network: 'Agent Desk could not reach Anthropic. Check your internet connection.',
  rate_limit: 'The model is receiving too many requests right now.',
  overloaded: 'The model is overloaded right now.',
  api: 'The model’s service had a problem.',
  invalid_request: 'The model could not accept the request.',
  not_found: 'The model was not found; check the model’s name.',
  internal: 'Something went wrong inside Agent Desk.',
};

/** Errors after which the same request may well work: going on makes sense. */
const PASSING_ERRORS = new Set(['network', 'rate_limit', 'overloaded', 'api']);

export function runStopOf(end: RunEnding): RunStop | null {
  if (end.aborted) return null;
  if (end.promptBlocked !== undefined) {
    return { kind: 'prompt_blocked', text: `A hook blocked this message, so it was not sent: ${end.promptBlocked}`, canContinue: false, reason: end.promptBlocked };
  }
  if (end.error) {
    const lead = ERROR_LEADS[end.error.code] ?? 'The request to the model failed.';
    return {
      kind: 'error',
      // One sentence a person can act on; the error's own words stay one click away.
      text: lead,
      canContinue: PASSING_ERRORS.has(end.error.code),
      errorCode: end.error.code,
      details: end.error.message,
    };
  }
  if (end.budgetStopped !== undefined) {
    // Continue starts a new message: the budget is still used up, so the person is asked again.
    return { kind: 'budget', text: end.budgetStopped, canContinue: true };
  }
  if (end.hookStopped !== undefined) {
    return { kind: 'hook_stopped', text: `A hook stopped the assistant: ${end.hookStopped}`, canContinue: true, reason: end.hookStopped };
  }
  if (end.maxTurnsReached) {
    const n = end.maxTurnsReached.limit;
    return {
      kind: 'max_turns',
      text: `Stopped after ${n} ${n === 1 ? 'turn' : 'turns'} (a turn is one reply of the assistant), the limit set for this run. The assistant had not finished its work.`,
      canContinue: true,
      maxTurns: n,
    };
  }
  switch (end.stopReason) {
    case 'max_tokens':
      return { kind: 'max_tokens', text: 'The reply was cut off: it reached the longest reply the model may write at once.', canContinue: true };
    case 'refusal':
      return { kind: 'refusal', text: 'The model declined to go on with this request.', canContinue: false };
    case 'model_context_window_exceeded':
      return { kind: 'context_full', text: 'The conversation has grown too long for the model to read. Start a new conversation to go on.', canContinue: false };
    default:
      return null;
  }
}
