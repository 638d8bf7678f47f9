// The header's "Background tasks" button: opens and closes the pane, with a count while any run.
import type { ReactNode } from 'react';
import { isEnded } from '../../../shared/background-tasks';
import { PaneLabel } from '../components/PaneLabel';
import { useBackground } from '../stores/react';
import '../styles/side-pane.css';
import './Background.css';

export const BACKGROUND_PANE_ID = 'background-pane';

export function BackgroundButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  const running = useBackground((s) => s.tasks.filter((t) => !isEnded(t.status)).length);
  return (
    <button type="button" className="side-pane-toggle" aria-expanded={open} aria-controls={BACKGROUND_PANE_ID} title="Tasks that work on their own, with no window needed" onClick={onToggle}>
      <PaneLabel long="Background tasks" short="Tasks" />
      {running > 0 && (
        <span className="side-pane-toggle__count">
          <span className="visually-hidden">: </span>
          {running}
        </span>
      )}
    </button>
  );
}
