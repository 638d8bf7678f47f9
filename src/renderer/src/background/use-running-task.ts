// The background task writing the conversation on screen now, if any: its banner shows it, and what only
// the window's own conversations can do (move a command to the background) is not offered.
import { isEnded, type BackgroundTaskView } from '../../../shared/background-tasks';
import { useBackground, useSessions } from '../stores/react';

export function useRunningTask(): BackgroundTaskView | undefined {
  const currentId = useSessions((s) => s.currentId);
  return useBackground((s) => (currentId ? s.tasks.find((t) => t.sessionId === currentId && !isEnded(t.status)) : undefined));
}
