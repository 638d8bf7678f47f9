// The message box's choice of how the assistant works in this conversation: ask before changes, edit
// files without asking, or plan only (issue 19). A mode set elsewhere (bypass from settings) is shown, not offered.
import type { ReactNode } from 'react';
import type { PickableMode } from './mode-store';
import './ModePicker.css';

export const MODE_WORDS: Record<string, string> = {
  default: 'Ask before changes',
  acceptEdits: 'Edit files without asking',
  plan: 'Plan only, change nothing',
  bypassPermissions: 'Never ask (set in settings)',
  dontAsk: 'Only what rules allow (set in settings)',
};

const PICKABLE: PickableMode[] = ['default', 'acceptEdits', 'plan'];

const HINTS: Record<string, string> = {
  default: 'The assistant asks you before it changes a file or runs a command.',
  acceptEdits: 'The assistant changes files in this project without asking; commands still ask.',
  plan: 'The assistant only reads and looks around, then shows you a plan to approve before anything changes.',
  bypassPermissions: 'Your settings let the assistant do anything without asking.',
  dontAsk: 'Your settings let the assistant do only what your rules allow, without asking.',
};

export function ModePicker(props: { mode: string; disabled?: boolean; onChoose: (mode: PickableMode) => void }): ReactNode {
  const fixed = !PICKABLE.includes(props.mode as PickableMode);
  return (
    <label className="mode-picker" title={HINTS[props.mode] ?? ''}>
      <span className="mode-picker__label">How the assistant works</span>
      <select
        className={`mode-picker__select mode-picker__select--${props.mode}`}
        value={props.mode}
        disabled={props.disabled === true || fixed}
        onChange={(e) => props.onChoose(e.target.value as PickableMode)}
      >
        {fixed && <option value={props.mode}>{MODE_WORDS[props.mode] ?? props.mode}</option>}
        {PICKABLE.map((m) => (
          <option key={m} value={m}>
            {MODE_WORDS[m]}
          </option>
        ))}
      </select>
    </label>
  );
}
