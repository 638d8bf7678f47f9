// The "Running programs" panel (issue 15 item 4): everything the assistant started that keeps running
// in this project, refreshed every 2 s while it is open, with last time's leftovers on top.
import { useEffect, useState, type ReactNode } from 'react';
import { useProcesses } from '../stores/react';
import { Leftovers } from './Leftovers';
import { PROCESSES_PANE_ID } from './ProcessesButton';
import { ProgramRow } from './ProgramRow';
import { SidePane } from '../components/SidePane';
import './Processes.css';

/** How often the open panel reads what the programs do. */
const REFRESH_MS = 2_000;

export function ProcessesPane({ onClose, onOpenInTerminal }: { onClose: () => void; onOpenInTerminal?: (taskId: string) => void }): ReactNode {
  const tasks = useProcesses((s) => s.tasks);
  const leftovers = useProcesses((s) => s.leftovers);
  const busy = useProcesses((s) => s.busy);
  const failure = useProcesses((s) => s.failure);
  const cleanedUp = useProcesses((s) => s.cleanedUp);
  const { setDetailed, load, stop, keep, cleanUp } = useProcesses((s) => s);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setDetailed(true);
    const timer = setInterval(() => {
      setNow(Date.now());
      void load();
    }, REFRESH_MS);
    return () => {
      clearInterval(timer);
      setDetailed(false);
    };
  }, [setDetailed, load]);

  const running = tasks.filter((t) => t.status === 'running');
  const ended = tasks.filter((t) => t.status !== 'running');
  return (
    <SidePane id={PROCESSES_PANE_ID} title="Running programs" closeLabel="Close running programs" kind="processes" onClose={onClose}>
      {leftovers.length > 0 && <Leftovers leftovers={leftovers} onStop={() => void cleanUp('stop')} onLeave={() => void cleanUp('leave')} />}
      {(failure || cleanedUp) && (
        <p className={failure ? 'processes-pane__outcome processes-pane__outcome--failed' : 'processes-pane__outcome'} role="status">
          {failure || cleanedUp}
        </p>
      )}
      {running.length === 0 ? (
        <p className="side-pane__note">
          Nothing the assistant started is running now. When it starts something that keeps running — a development server, a program that watches your files — it shows up here, and you can stop it.
        </p>
      ) : (
        <p className="side-pane__note">Programs the assistant started that keep running. They are stopped when you close Agent Desk, unless you choose to keep them.</p>
      )}
      {tasks.length > 0 && (
        <ul className="processes-pane__list" aria-label="Programs">
          {[...running, ...ended].map((t) => (
            <ProgramRow key={t.id} task={t} now={now} busy={busy[t.id] === true} onStop={() => void stop(t.id)} onKeep={(kept) => void keep(t.id, kept)} {...(onOpenInTerminal ? { onOpenInTerminal: () => onOpenInTerminal(t.id) } : {})} />
          ))}
        </ul>
      )}
    </SidePane>
  );
}
