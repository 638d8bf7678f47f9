// The "Running programs" panel's state (issue 15 item 4): the project's background tasks (with what
// they do now while the panel is open), last time's leftovers, and the stop / keep / clean-up actions.
// Main's `tasks:changed` event makes it read the list again; an answer older than the latest is dropped.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LeftoverView, TaskView } from '../../../shared/ipc/tasks-contract';
import type { Bridge } from '../bridge/types';
import { errorText } from './error-text';

export interface ProcessesState {
  tasks: TaskView[];
  leftovers: LeftoverView[];
  /** The panel is open: lists carry processes, ports, CPU, memory and output. */
  detailed: boolean;
  /** Tasks with a request on its way (their buttons wait). */
  busy: Record<string, true>;
  /** Why the last action failed, in words, or null. */
  failure: string | null;
  /** What the last clean-up of leftovers did, in words. */
  cleanedUp: string | null;
  load(): Promise<void>;
  setDetailed(on: boolean): void;
  stop(taskId: string): Promise<void>;
  keep(taskId: string, kept: boolean): Promise<void>;
  cleanUp(action: 'stop' | 'leave'): Promise<void>;
  reset(): void;
}

export type ProcessesStore = StoreApi<ProcessesState>;

export function createProcessesStore(bridge: Bridge): ProcessesStore {
  let seq = 0;
  return createStore<ProcessesState>()((set, get) => {
    const withBusy = async (taskId: string, work: () => Promise<unknown>) => {
      set({ busy: { ...get().busy, [taskId]: true }, failure: null });
      try {
        await work();
      } catch (error) {
        set({ failure: errorText(error) });
      } finally {
        const { [taskId]: _done, ...rest } = get().busy;
        set({ busy: rest });
        await get().load();
      }
    };
    return {
      tasks: [],
      leftovers: [],
      detailed: false,
      busy: {},
      failure: null,
      cleanedUp: null,

      async load() {
        const mine = ++seq;
        try {
          const [{ tasks }, { leftovers }] = await Promise.all([bridge.invoke('tasks:list', { details: get().detailed }), bridge.invoke('tasks:leftovers', {})]);
          if (mine === seq) set({ tasks, leftovers });
        } catch {
          // No project yet, or the connection dropped: the next event or refresh reads again.
        }
      },
      setDetailed(on) {
        if (get().detailed === on) return;
        set({ detailed: on });
        if (on) void get().load();
      },
      stop: (taskId) => withBusy(taskId, () => bridge.invoke('tasks:stop', { taskId })),
      keep: (taskId, kept) => {
        // The switch moves at once (a list already on its way is dropped); the list read after the answer shows what main has.
        seq++;
        set({ tasks: get().tasks.map((t) => (t.id === taskId ? { ...t, kept } : t)) });
        return withBusy(taskId, () => bridge.invoke('tasks:keep', { taskId, kept }));
      },
      async cleanUp(action) {
        set({ failure: null });
        try {
          const { stopped, left } = await bridge.invoke('tasks:clean-up', { action });
          set({ cleanedUp: action === 'stop' ? `Stopped ${stopped === 1 ? 'the program' : `${stopped} programs`}.` : left > 0 ? 'Left running. Agent Desk will not stop them; close them yourself when you no longer need them.' : null });
        } catch (error) {
          set({ failure: errorText(error) });
        }
        await get().load();
      },
      reset() {
        seq++;
        set({ tasks: [], leftovers: [], busy: {}, failure: null, cleanedUp: null });
      },
    };
  });
}
