// The retry note in plain words (issue 20 item 5): what went wrong with the model's service, when the
// next try goes and which try it is — "The model's service was busy; trying again in 4 s (attempt 2 of 5)".
import type { RetryNote } from '../stores/sessions-store';

const WHAT: Record<string, string> = {
  overloaded: "The model's service was busy",
  rate_limit: "The model's service was busy",
  network: "The connection to the model's service broke",
  api: "The model's service had a problem",
};

function inWords(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.round(s / 60)} min`;
}

export function retryWords(note: RetryNote): string {
  const what = (note.code && WHAT[note.code]) ?? 'The request to the model failed';
  const when = note.delayMs !== undefined ? `trying again in ${inWords(note.delayMs)}` : 'trying again';
  const which = note.maxAttempts ? `attempt ${note.attempt + 1} of ${note.maxAttempts}` : `attempt ${note.attempt + 1}`;
  return `${what}; ${when} (${which})`;
}
