// The conversation's background commands and agents under its steps (issue 18 items 3, 4): what each
// is, whether it still runs or how it ended, who started it, and Stop for a running one — the same
// registry the assistant reads with TaskList and TaskOutput.
import type { ReactNode } from 'react';
import type { TaskView } from '../../../shared/ipc/tasks-contract';
import { endedWords, programTitle } from '../processes/process-words';
import { useProcesses } from '../stores/react';

function BackgroundRow({ task }: { task: TaskView }): ReactNode {
  const stop = useProcesses((s) => s.stop);
  const busy = useProcesses((s) => s.busy[task.id] === true);
  const running = task.status === 'running';
  const title = programTitle(task);
  const what = task.kind === 'agent' ? 'Agent' : 'Command';
  return (
    <li className={`bg-task bg-task--${task.status}`}>
      <span className="bg-task__body">
        <span className="bg-task__title">
          <span className="bg-task__kind">{what}</span> {title}
        </span>
        <span className="bg-task__state">
          {running ? 'Running' : endedWords(task)}
          {task.startedBy ? ` · started by ${task.startedBy}` : ''}
        </span>
      </span>
      {running && (
        <button type="button" className="button button--small" aria-label={`Stop ${title}`} disabled={busy} onClick={() => void stop(task.id)}>
          Stop
        </button>
      )}
    </li>
  );
}

export function BackgroundList({ tasks }: { tasks: readonly TaskView[] }): ReactNode {
  const running = tasks.filter((t) => t.status === 'running').length;
  return (
    <section className="todos-pane__background" aria-labelledby="todos-pane-background">
      <h3 id="todos-pane-background" className="todos-pane__subtitle">
        In the background{running > 0 ? ` · ${running} running` : ''}
      </h3>
      <ul className="todos-pane__bg-list" aria-label="Background work">
        {tasks.map((t) => (
          <BackgroundRow key={t.id} task={t} />
        ))}
      </ul>
    </section>
  );
}
