// A call's state in words a person who never used a terminal understands, and its tone for styling.
import type { ToolCallState } from '../../../shared/tools/tool-call';

export const STATE_WORDS: Record<ToolCallState, string> = {
  validating: 'Getting ready…',
  awaiting_permission: 'Waiting for your approval',
  running: 'Running…',
  succeeded: 'Done',
  failed: 'Failed',
  rejected: 'Not allowed',
  cancelled: 'Stopped',
};

export type StateTone = 'waiting' | 'busy' | 'ok' | 'error' | 'muted';

export const STATE_TONE: Record<ToolCallState, StateTone> = {
  validating: 'busy',
  awaiting_permission: 'waiting',
  running: 'busy',
  succeeded: 'ok',
  failed: 'error',
  rejected: 'muted',
  cancelled: 'muted',
};

/** Still going (or about to): the card is busy. */
export function isActive(state: ToolCallState): boolean {
  return state === 'validating' || state === 'awaiting_permission' || state === 'running';
}

/** It ran to an end (well or not): its title may say what it did in the past tense. */
export function hasRun(state: ToolCallState): boolean {
  return state === 'succeeded' || state === 'failed';
}
