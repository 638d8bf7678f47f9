// The conversation's budget in the transcript (issue 20 item 4): one line once 80 % is used, while it
// waits for the person's answer at 100 %, and after they let it go on or raised it. A stop at the
// budget is the run's own notice (StopNotice). While a background task writes the conversation, the
// budget is the task's, and the notice says so as the inbox and the stop notice do.
import type { ReactNode } from 'react';
import { budgetNoticeText } from '../../../shared/budget-words';
import { useRunningTask } from '../background/use-running-task';
import { useSessions, useTools } from '../stores/react';

export function BudgetNotice(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const status = useTools((s) => (currentId ? s.budget[currentId] : undefined));
  const task = useRunningTask();
  if (!status || status.phase === 'stopped') return null;
  const unknown = status.spentUsd === null && status.limit.usd !== undefined;
  const text = budgetNoticeText(status, task ? 'task' : 'conversation');
  if (!text) return null;
  return (
    <p className={`budget-note budget-note--${unknown ? 'near' : status.phase}`} role="status" aria-label="Budget">
      {text}
    </p>
  );
}
