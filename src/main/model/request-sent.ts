// The moment a Messages API request has left the process (undici's `bodySent` diagnostics channel,
// which Node's fetch and so the SDK go through): from then on the process only waits for the model,
// the time to do work (forking a shell) that would otherwise block a tool call.
import diagnostics from 'node:diagnostics_channel';

const CHANNEL = 'undici:request:bodySent';
const waiting = new Set<() => void>();
let subscribed = false;

function onBodySent(message: unknown): void {
  const path = (message as { request?: { path?: unknown } } | null)?.request?.path;
  if (typeof path !== 'string' || !/\/v1\/messages(\?|$)/.test(path)) return;
  const due = [...waiting];
  waiting.clear();
  // Never inside undici's own callback: a listener's work must not delay the request's bookkeeping.
  if (due.length > 0) setImmediate(() => due.forEach(run)).unref();
}

function run(listener: () => void): void {
  try {
    listener();
  } catch {
    // A warm-up is an optimisation: its failure must not reach the model call.
  }
}

/**
 * Calls `listener` once, when the next Messages API request's body has been sent. Sessions run side by
 * side, so "next" may be another session's request: a little early, still while nothing else runs.
 * Returns a cancel function (the call failed before sending, or the caller no longer cares).
 */
export function onNextModelRequestSent(listener: () => void): () => void {
  if (!subscribed) {
    diagnostics.subscribe(CHANNEL, onBodySent);
    subscribed = true;
  }
  waiting.add(listener);
  return () => void waiting.delete(listener);
}
