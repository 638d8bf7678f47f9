// When an approval's shortcut keys (1/2/3) may act, as a pure rule (PX1, issue 12 item 1): only once
// the approval itself has had the focus for a quiet moment and nothing was typed anywhere for one.
// Someone typing a message when a request arrives must never answer it by accident.

export const KEY_QUIET_MS = 600;

export interface KeyMoment {
  now: number;
  /** When the approval got the keyboard focus; null while it does not have it. */
  focusedAt: number | null;
  /** The last key typed into a text field, or into the approval before its keys were armed. */
  lastTypedAt: number;
}

export function shortcutArmed(m: KeyMoment, quietMs = KEY_QUIET_MS): boolean {
  return m.focusedAt !== null && m.now - m.focusedAt >= quietMs && m.now - m.lastTypedAt >= quietMs;
}

/** Esc answers nothing on its own: a first press arms Deny, a second one within this time denies. */
export const ESC_CONFIRM_MS = 3000;

export function escapeDenies(now: number, armedAt: number | null, confirmMs = ESC_CONFIRM_MS): boolean {
  return armedAt !== null && now - armedAt <= confirmMs;
}

/**
 * A key pressed in a request answered by a form (questions, a plan): text typed into the form's own
 * boxes stays there; keys that would choose or send (Enter, Space, arrows) wait for the same quiet
 * moment as 1/2/3 ('hold'); other text was meant for the message box ('to-composer').
 */
export function formKey(key: string, inTextEntry: boolean, keysArmed: boolean): 'pass' | 'hold' | 'to-composer' {
  if (inTextEntry) return 'pass';
  if (key === 'Enter' || key === ' ' || key.startsWith('Arrow')) return keysArmed ? 'pass' : 'hold';
  return key.length === 1 ? 'to-composer' : 'pass';
}
