// What the tray, a notification or the Background tasks pane asks a window to show of a task: one of its
// requests (opened for review when this window has it, else the inbox), or its conversation.
import { useEffect, useMemo } from 'react';
import type { BackgroundTaskView } from '../../../shared/background-tasks';
import type { InboxView } from '../inbox/use-inbox';
import { useBackground, useBackgroundStore, useSessions, useTools } from '../stores/react';

export interface TaskReveal {
  conversation(sessionId: string): void;
  /** The task's first waiting request, or its conversation when none waits here. */
  task(task: BackgroundTaskView): void;
}

export function useRevealFromTray(inbox: InboxView): TaskReveal {
  const store = useBackgroundStore();
  const pending = useBackground((s) => s.reveal);
  const permissions = useTools((s) => s.permissions);
  const openSession = useSessions((s) => s.open);
  const actions = useMemo<TaskReveal>(
    () => ({
      conversation: (sessionId) => void openSession(sessionId),
      task: (t) => {
        const first = permissions.find((r) => r.sessionId === t.sessionId);
        if (first) inbox.review(first.requestId);
        else if (t.sessionId) void openSession(t.sessionId);
      },
    }),
    [inbox, openSession, permissions],
  );
  useEffect(() => {
    if (!pending) return;
    store.getState().setReveal(null);
    if (pending.requestId) {
      // A window that just opened may not have read its waiting requests yet: the inbox lists them as they come.
      if (permissions.some((r) => r.requestId === pending.requestId)) inbox.review(pending.requestId);
      else inbox.showAll();
    } else if (pending.sessionId) void openSession(pending.sessionId);
  }, [pending, permissions, inbox, openSession, store]);
  return actions;
}
