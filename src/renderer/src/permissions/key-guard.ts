// Shortcut keys (1/2/3) of the approval dialog act only after a quiet moment: someone typing a
// message when the dialog pops up must not answer it by accident. Each early key press restarts the wait.

export interface KeyGuard {
  /** Whether a key pressed at `now` may act. A refused press extends the wait. */
  allow(now: number): boolean;
}

export const KEY_QUIET_MS = 600;

export function createKeyGuard(openedAt: number, quietMs = KEY_QUIET_MS): KeyGuard {
  let armedAt = openedAt + quietMs;
  return {
    allow(now) {
      if (now >= armedAt) return true;
      armedAt = now + quietMs;
      return false;
    },
  };
}
