// The header's "Changes (2)" button: opens and closes the Changes pane, with how many files changed.
import type { ReactNode } from 'react';
import { useChanges } from './use-changes';
import '../styles/side-pane.css';

export const CHANGES_PANE_ID = 'changes-pane';

export function changesButtonText(count: number): string {
  return count > 0 ? `Changes (${count})` : 'Changes';
}

export function ChangesButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  const count = useChanges().length;
  return (
    <button
      type="button"
      className={count > 0 ? 'side-pane-toggle changes-button changes-button--some' : 'side-pane-toggle changes-button'}
      aria-expanded={open}
      aria-controls={CHANGES_PANE_ID}
      title="Files changed in this conversation"
      onClick={onToggle}
    >
      {changesButtonText(count)}
    </button>
  );
}
