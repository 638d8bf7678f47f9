// The header's "Running programs" button: opens and closes the panel, with a count while any runs.
import type { ReactNode } from 'react';
import { useProcesses } from '../stores/react';
import { runningCount } from './process-words';
import '../styles/side-pane.css';
import './Processes.css';
import { PaneLabel } from '../components/PaneLabel';

export const PROCESSES_PANE_ID = 'processes-pane';

export function ProcessesButton({ open, onToggle }: { open: boolean; onToggle: () => void }): ReactNode {
  const count = useProcesses((s) => runningCount(s.tasks, s.leftovers));
  return (
    <button
      type="button"
      className="side-pane-toggle"
      aria-expanded={open}
      aria-controls={PROCESSES_PANE_ID}
      title="Programs the assistant started that keep running"
      onClick={onToggle}
    >
      <PaneLabel long="Running programs" short="Programs" />
      {count > 0 && (
        <span className="side-pane-toggle__count">
          <span className="visually-hidden">: </span>
          {count}
        </span>
      )}
    </button>
  );
}
