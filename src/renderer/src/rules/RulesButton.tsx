// The header's "Permission rules" button: opens and closes the rule workbench pane.
import type { ReactNode } from 'react';
import '../styles/side-pane.css';
import './Rules.css';
import { PaneLabel } from '../components/PaneLabel';

export const RULES_PANE_ID = 'rules-pane';

export function RulesButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  return (
    <button
      type="button"
      className="side-pane-toggle"
      aria-expanded={open}
      aria-controls={RULES_PANE_ID}
      title="What the assistant may do without asking, and where each rule is saved"
      onClick={onToggle}
    >
      <PaneLabel long="Permission rules" short="Rules" />
    </button>
  );
}
