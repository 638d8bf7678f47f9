// What the to-do panel shows for the open conversation: its task list's work items (the Task tools'),
// and its background commands and agents (the task registry's, via the Running programs store).
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TaskView } from '../../../shared/ipc/tasks-contract';
import { isVisible, byId, type WorkItem } from '../../../shared/tools/work-items';
import { useProcesses, useSessions, useTaskList } from '../stores/react';

/** The visible work items in id order; null when the conversation has none (or is still being read). */
export function useWorkItems(): WorkItem[] | null {
  const items = useTaskList((s) => s.items);
  return useMemo(() => {
    const shown = items?.filter(isVisible) ?? [];
    return shown.length > 0 ? [...shown].sort(byId) : null;
  }, [items]);
}

/** This conversation's background tasks: running first, then the ones that ended. */
export function useBackground(): TaskView[] {
  const sessionId = useSessions((s) => s.currentId);
  return useProcesses(useShallow((s) => s.tasks.filter((t) => sessionId !== null && t.sessionId === sessionId)));
}
