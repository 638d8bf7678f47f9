// How long a request has waited and when a background task's request is denied on its own, in words:
// "waiting 4 min", "Denied automatically in 8 min" (a budget question is stopped, not denied: "Stopped
// automatically in 8 min"). Pure, so the inbox and its tests share them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function duration(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.floor(ms / MINUTE))} min`;
  const h = Math.floor(ms / HOUR);
  const m = Math.floor((ms % HOUR) / MINUTE);
  return m > 0 ? `${h} h ${m} min` : `${h} h`;
}

/** "waiting just now", "waiting 4 min", "waiting 1 h 5 min"; '' when the time is unknown. */
export function waitingWords(since: number | null, now: number): string {
  if (since === null) return '';
  const ms = now - since;
  return ms < MINUTE ? 'asked just now' : `waiting ${duration(ms)}`;
}

/**
 * A background task's deadline: "Denied automatically in 8 min"; '' when there is none. `outcome` is
 * what the clock's answer does to this kind of request, as a past participle ("Stopped" for a budget).
 */
export function expiryWords(expiresAt: number | null, now: number, outcome = 'Denied'): string {
  if (expiresAt === null) return '';
  const ms = expiresAt - now;
  if (ms <= 0) return `Being ${outcome.toLowerCase()} automatically now`;
  // Rounded up: "in 8 min" must not turn out to be sooner than it says.
  if (ms < MINUTE) return `${outcome} automatically in less than a minute`;
  return `${outcome} automatically in ${duration(Math.ceil(ms / MINUTE) * MINUTE)}`;
}
