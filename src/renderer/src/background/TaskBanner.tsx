// The banner over a conversation a background task is writing now (issue 18): that it runs on its own and
// where it was started, what it does now and has used, and Stop. The conversation streams as the task
// works; once it ends the banner goes and the conversation is an ordinary one to continue.
import type { ReactNode } from 'react';
import { taskBudgetWords, taskProgressWords, taskStartedFromWords } from '../../../shared/background-tasks';
import { StopIcon } from '../components/icons';
import { useBackground } from '../stores/react';
import { useRunningTask } from './use-running-task';
import './Background.css';

export function TaskBanner(): ReactNode {
  const task = useRunningTask();
  const stopping = useBackground((s) => (task ? s.stopping[task.id] === true : false));
  const stop = useBackground((s) => s.stop);
  if (!task) return null;
  const from = taskStartedFromWords(task.startedFrom);
  const now = task.status === 'needs-approval' ? `Waiting for your approval in the inbox (${task.waiting})` : task.activity;
  return (
    <div className="task-banner-slot">
      <section className="task-banner" aria-label="Running background task">
        <div className="task-banner__text">
          <p className="task-banner__head">
            <strong>Running in the background</strong>
            {from ? ` — ${from}` : ''}
          </p>
          <p className="task-banner__detail">
            “{task.name}”{now ? ` · ${now}` : ''} · {taskProgressWords(task)}
            {task.budgetUsd !== undefined ? ` · ${taskBudgetWords(task)}` : ''}
          </p>
          <p className="task-banner__hint">It goes on if you close this window. What you type now is sent once it has finished.</p>
        </div>
        <button type="button" className="button button--secondary button--small" disabled={stopping} onClick={() => void stop(task.id)} aria-label={`Stop the background task ${task.name}`}>
          <StopIcon size={12} /> {stopping ? 'Stopping…' : 'Stop task'}
        </button>
      </section>
    </div>
  );
}
