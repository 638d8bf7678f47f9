// The Background tasks pane (DK3): this project's tasks with their progress — status, what each does
// now or how it ended, time, turns, tokens and cost — and Review approval, Show conversation and Stop;
// "New background task…" opens the dialog. The elapsed time ticks while the pane is open.
import { useEffect, useState, type ReactNode } from 'react';
import { isEnded, taskBudgetPercent, taskBudgetWords, taskProgressWords, taskStatusWords, type BackgroundTaskView } from '../../../shared/background-tasks';
import { formatDuration } from '../../../shared/format-duration';
import { useBackground } from '../stores/react';
import { BACKGROUND_PANE_ID } from './BackgroundButton';
import { SidePane } from '../components/SidePane';
import './Background.css';

export interface BackgroundPaneProps {
  onClose: () => void;
  /** Its conversation, in the window. */
  onShowConversation: (sessionId: string) => void;
  /** Its first request waiting, for review. */
  onReview: (task: BackgroundTaskView) => void;
}

export function BackgroundPane({ onClose, onShowConversation, onReview }: BackgroundPaneProps): ReactNode {
  const tasks = useBackground((s) => s.tasks);
  const stopping = useBackground((s) => s.stopping);
  const failure = useBackground((s) => s.failure);
  const dialogOpen = useBackground((s) => s.dialogOpen);
  const { openDialog, stop } = useBackground((s) => s);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <SidePane id={BACKGROUND_PANE_ID} title="Background tasks" closeLabel="Close background tasks" kind="background" onClose={onClose}>
      <p className="side-pane__note">
        A background task works on its own, even with this window closed. When it needs your OK it asks in the approvals inbox.
      </p>
      <button type="button" className="button button--primary" onClick={() => openDialog()} disabled={dialogOpen}>
        New background task…
      </button>
      {failure && !dialogOpen && (
        <p className="background-pane__failure" role="alert">
          {failure}
        </p>
      )}
      {tasks.length === 0 ? (
        <p className="side-pane__note">No background tasks in this project yet.</p>
      ) : (
        <ul className="background-pane__list" aria-label="Tasks">
          {tasks.map((t) => (
            <TaskRow key={t.id} task={t} now={now} stopping={stopping[t.id] === true} onStop={() => void stop(t.id)} onShow={onShowConversation} onReview={() => onReview(t)} />
          ))}
        </ul>
      )}
    </SidePane>
  );
}

function TaskRow(p: { task: BackgroundTaskView; now: number; stopping: boolean; onStop: () => void; onShow: (sessionId: string) => void; onReview: () => void }): ReactNode {
  const t = p.task;
  const ended = isEnded(t.status);
  const detail = ended ? t.outcome : t.activity;
  const elapsed = formatDuration(Math.max(0, (t.endedAt ?? p.now) - t.createdAt));
  const headingId = `bg-task-${t.id}`;
  return (
    <li className={`background-task background-task--${t.status}`} aria-labelledby={headingId}>
      <div className="background-task__head">
        <span id={headingId} className="background-task__name">
          {t.name}
        </span>
        <span className={`background-task__status background-task__status--${t.status}`}>
          {t.status === 'needs-approval' ? `${taskStatusWords(t.status)} (${t.waiting})` : taskStatusWords(t.status)}
        </span>
      </div>
      {detail && <p className="background-task__detail">{detail.split('\n')[0]}</p>}
      <p className="background-task__meta">
        {elapsed} · {taskProgressWords(t)}
      </p>
      {t.budgetUsd !== undefined && <BudgetUse task={t} />}
      <div className="background-task__actions">
        {t.status === 'needs-approval' && (
          <button type="button" className="button button--small button--primary" onClick={p.onReview} aria-label={`Review the approval of ${t.name}`}>
            Review approval
          </button>
        )}
        {t.sessionId && (
          <button type="button" className="button button--small button--secondary" onClick={() => p.onShow(t.sessionId!)} aria-label={`Show the conversation of ${t.name}`}>
            Show conversation
          </button>
        )}
        {!ended && (
          <button type="button" className="button button--small button--ghost" onClick={p.onStop} disabled={p.stopping} aria-label={`Stop ${t.name}`}>
            {p.stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
      </div>
    </li>
  );
}

/** How much of its budget a task has used: the words, and a bar when the share is known. */
function BudgetUse({ task }: { task: BackgroundTaskView }): ReactNode {
  const percent = taskBudgetPercent(task);
  const words = taskBudgetWords(task);
  return (
    <div className="background-task__budget">
      <p className="background-task__meta">{words}</p>
      {percent !== null && (
        <div className="background-task__budget-bar" role="meter" aria-label={`Budget used by ${task.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(percent, 100)} aria-valuetext={words}>
          <span className={percent >= 80 ? 'background-task__budget-fill background-task__budget-fill--high' : 'background-task__budget-fill'} style={{ width: `${Math.min(percent, 100)}%` }} />
        </div>
      )}
    </div>
  );
}

