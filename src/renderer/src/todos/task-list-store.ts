// The open conversation's task list (issue 18 items 3, 4): read with task-list:get when the
// conversation is shown, then kept by its `task_list` events (whoever changed it: the conversation,
// a subagent, a conversation sharing the list). An answer for a conversation no longer shown is dropped.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionEvent } from '../../../shared/session-events';
import type { WorkItem } from '../../../shared/tools/work-items';
import type { Bridge } from '../bridge/types';

export interface TaskListState {
  sessionId: string | null;
  /** null until known (no conversation, or still being read). */
  items: WorkItem[] | null;
  enter(sessionId: string | null): Promise<void>;
  handleEvent(event: SessionEvent): void;
  reset(): void;
}

export type TaskListStore = StoreApi<TaskListState>;

export function createTaskListStore(bridge: Bridge): TaskListStore {
  // An event that came while the list was being read is newer than the answer.
  let heard = false;
  return createStore<TaskListState>()((set, get) => ({
    sessionId: null,
    items: null,
    async enter(sessionId) {
      heard = false;
      // Read again for the same conversation (a reconnect): what is shown stays until the answer.
      const same = sessionId !== null && get().sessionId === sessionId;
      set({ sessionId, items: same ? get().items : null });
      if (!sessionId) return;
      try {
        const { items } = await bridge.invoke('task-list:get', { sessionId });
        if (get().sessionId === sessionId && !heard) set({ items });
      } catch {
        // No project, or the connection dropped: the next event or opening reads it again.
      }
    },
    handleEvent(event) {
      if (event.type !== 'task_list' || event.sessionId !== get().sessionId) return;
      heard = true;
      set({ items: event.items });
    },
    reset: () => set({ sessionId: null, items: null }),
  }));
}
