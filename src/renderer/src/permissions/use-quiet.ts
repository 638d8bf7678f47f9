// Answers that arrive under the pointer or the keyboard wait a quiet moment before they can be used
// (PX1): a request's buttons stay disabled for KEY_QUIET_MS after it appears, and a key typed into a
// text field a moment ago does not press an approval's button.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { KEY_QUIET_MS } from './key-guard';
import { lastTypedAt } from './typing-watch';

/** False for `quietMs` after mount (and after `key` changes), then true. */
export function useArmedAfter(key: unknown, quietMs = KEY_QUIET_MS): boolean {
  const [armedKey, setArmedKey] = useState<unknown>(null);
  useEffect(() => {
    const id = setTimeout(() => setArmedKey(() => key), quietMs);
    return () => clearTimeout(id);
  }, [key, quietMs]);
  return armedKey === key;
}

/** Whether a key typed into a text field within the quiet moment. */
export function typedJustNow(quietMs = KEY_QUIET_MS): boolean {
  return performance.now() - lastTypedAt() < quietMs;
}

/** Enter or Space on a button right after typing elsewhere is refused (the keys were meant as text). */
export function refuseTypedAhead(e: KeyboardEvent<HTMLElement>): void {
  if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLButtonElement && typedJustNow()) e.preventDefault();
}
