// How a request that stopped waiting ended, in words, when this window did not answer it (issue 18 item
// 6): allowed or denied by a person elsewhere, denied because nobody answered in time, or withdrawn.
import type { SettledRequest } from '../stores/tools-store';

/** `outcome`: what a denial does to this kind of request ("Stopped" for a budget question). */
export function settledWords(s: Pick<SettledRequest, 'decision' | 'expired'>, outcome = 'Denied'): string {
  if (s.expired) return `${outcome} automatically: nobody answered in time.`;
  switch (s.decision) {
    case 'allow_once':
      return 'Allowed in another window.';
    case 'allow_always':
      return 'Allowed in another window, for later too.';
    case 'deny':
      return `${outcome} in another window.`;
    case 'cancelled':
      return 'No longer asked: the work it was for stopped or went another way.';
  }
}
