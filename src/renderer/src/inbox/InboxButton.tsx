// The header's approvals button: how many requests wait (a count badge), opening the inbox panel.
// With none waiting it stays in place but quiet ("No approvals waiting").
import type { ReactNode } from 'react';
import { HandIcon } from '../components/icons';
import { useTools } from '../stores/react';
import '../styles/side-pane.css';

export const INBOX_PANEL_ID = 'inbox-panel';
export const INBOX_BUTTON_ID = 'inbox-button';

export function inboxButtonName(waiting: number): string {
  return waiting > 0 ? `Approvals, ${waiting} waiting` : 'No approvals waiting';
}

export function InboxButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  const waiting = useTools((s) => s.permissions.length);
  return (
    <button
      id={INBOX_BUTTON_ID}
      type="button"
      className={waiting > 0 ? 'side-pane-toggle inbox-button inbox-button--waiting' : 'side-pane-toggle inbox-button'}
      aria-label={inboxButtonName(waiting)}
      aria-expanded={open}
      aria-controls={INBOX_PANEL_ID}
      title={waiting > 0 ? 'Requests waiting for your answer' : 'Nothing is waiting for your answer'}
      onClick={onToggle}
    >
      <HandIcon size={14} />
      Approvals
      {waiting > 0 && (
        <span className="side-pane-toggle__count side-pane-toggle__count--alert inbox-button__badge" aria-hidden="true">
          {waiting}
        </span>
      )}
    </button>
  );
}
