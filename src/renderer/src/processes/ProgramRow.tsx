// One program of the panel: what it is, where it can be opened (its ports), what it uses, for how long
// it runs, its recent output (folded), Stop (asking first when it started others) and the keep switch.
// A finished one is shown greyed with how it ended.
import { useId, useState, type ReactNode } from 'react';
import type { TaskView } from '../../../shared/ipc/tasks-contract';
import { OutputBox } from '../tools/shared/OutputBox';
import { endedWords, memoryWords, portAddress, processorWords, programTitle, runningForWords, stopQuestion } from './process-words';

export interface ProgramRowProps {
  task: TaskView;
  now: number;
  busy: boolean;
  onStop(): void;
  onKeep(kept: boolean): void;
  /** Follow its output live in a terminal tab (issue 15 item 5); absent where there is no terminal. */
  onOpenInTerminal?(): void;
}

export function ProgramRow({ task, now, busy, onStop, onKeep, onOpenInTerminal }: ProgramRowProps): ReactNode {
  const [confirming, setConfirming] = useState(false);
  const [outputOpen, setOutputOpen] = useState(false);
  const outputId = useId();
  const title = programTitle(task);
  const running = task.status === 'running';
  const a = task.activity;
  const question = stopQuestion(a?.processes.length ?? 1);
  const stop = () => {
    if (question && !confirming) setConfirming(true);
    else {
      setConfirming(false);
      onStop();
    }
  };
  return (
    <li className={running ? 'side-pane__card program' : 'side-pane__card program program--ended'} aria-label={title}>
      <div className="program__head">
        <span className={running ? 'program__dot program__dot--running' : 'program__dot'} aria-hidden="true" />
        <span className="program__title">{title}</span>
        {running && (
          <button type="button" className="button button--small program__stop" disabled={busy} onClick={stop}>
            Stop
          </button>
        )}
      </div>
      {task.description && <code className="program__command">{task.command}</code>}
      {running && a && a.ports && a.ports.length > 0 && (
        <ul className="program__ports">
          {a.ports.map((port) => (
            <li key={port}>
              <a className="program__port" href={portAddress(port)} target="_blank" rel="noreferrer">
                Listening on port {port}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="program__facts">
        {running ? (
          <>
            <span>{runningForWords(task.startedAt, now)}</span>
            {a?.memoryBytes != null && <span>Memory {memoryWords(a.memoryBytes)}</span>}
            {a?.cpuPercent != null && <span>Processor {processorWords(a.cpuPercent)}</span>}
            {a && a.processes.length > 1 && <span>{a.processes.length - 1 === 1 ? '1 program it started' : `${a.processes.length - 1} programs it started`}</span>}
            {a && a.ports === null && <span>Its network ports cannot be seen on this system</span>}
          </>
        ) : (
          <span>{endedWords(task)}</span>
        )}
      </p>
      {confirming && question && (
        <div className="program__confirm" role="alertdialog" aria-label={`Stop ${title}?`}>
          <p>{question}</p>
          <div className="program__confirm-buttons">
            <button type="button" className="button button--small program__stop-all" disabled={busy} onClick={stop}>
              Stop all {a?.processes.length}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {running && (
        <label className="program__keep">
          <input type="checkbox" role="switch" checked={task.kept} disabled={busy} onChange={(e) => onKeep(e.target.checked)} />
          Keep running after I close
        </label>
      )}
      {task.outputTail !== undefined && (
        <div className="program__output">
          <button type="button" className="program__output-toggle" aria-expanded={outputOpen} aria-controls={outputId} onClick={() => setOutputOpen(!outputOpen)}>
            {outputOpen ? 'Hide what it printed' : 'Show what it printed'}
          </button>
          {onOpenInTerminal && (
            <button type="button" className="program__output-toggle" aria-label={`Open the output of ${title} in a terminal`} onClick={onOpenInTerminal}>
              Open in a terminal
            </button>
          )}
          <div id={outputId} hidden={!outputOpen}>
            {outputOpen &&
              (task.outputTail ? (
                <OutputBox chunks={[{ id: 0, stream: 'stdout', text: task.outputTail }]} label={`Recent output of ${title}`} />
              ) : (
                <p className="side-pane__note">It has not printed anything yet.</p>
              ))}
          </div>
        </div>
      )}
    </li>
  );
}
