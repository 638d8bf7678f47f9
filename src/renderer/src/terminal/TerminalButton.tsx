// The header's "Terminal" button: opens and closes the terminal pane.
import type { ReactNode } from 'react';
import '../styles/side-pane.css';

export const TERMINAL_PANE_ID = 'terminal-pane';

export function TerminalButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  return (
    <button type="button" className="side-pane-toggle" aria-expanded={open} aria-controls={TERMINAL_PANE_ID} title="Your own command line, in the project folder" onClick={onToggle}>
      Terminal
    </button>
  );
}
