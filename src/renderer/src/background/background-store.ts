// Background tasks in a window (DK3, issue 18 item 5): this project's tasks as main publishes them
// (`background:changed`), the new-task dialog's state and choices, start and stop; and what the tray or
// a notification asked this window to show (`background:show`), which the App carries out.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isEnded, type BackgroundTaskView, type SavedTask } from '../../../shared/background-tasks';
import type { InvokeRequest } from '../../../shared/ipc/contract';
import type { Bridge } from '../bridge/types';
import { errorText } from '../stores/error-text';

export type StartRequest = InvokeRequest<'background:start'>;
export interface Reveal {
  taskId?: string | undefined;
  sessionId?: string | undefined;
  requestId?: string | undefined;
}

export interface BackgroundState {
  tasks: BackgroundTaskView[];
  dialogOpen: boolean;
  /** Who opened the dialog: the tray's New Task… or this window (its task's banner says which). */
  dialogFrom: 'app' | 'tray';
  choices: { projects: Array<{ dir: string; name: string }>; savedTasks: SavedTask[] } | null;
  starting: boolean;
  /** Why the last start or stop failed, in words. */
  failure: string | null;
  /** Tasks with a Stop on its way. */
  stopping: Record<string, true>;
  /** Something to show, asked by the tray or a notification; the App shows it and clears it. */
  reveal: Reveal | null;
  load(): Promise<void>;
  openDialog(from?: 'app' | 'tray'): void;
  closeDialog(): void;
  /** Starts the task; true when it started (the dialog closes). */
  start(req: StartRequest): Promise<boolean>;
  stop(taskId: string): Promise<void>;
  /** Keeps a saved task (`replaces`: its name before an edit renamed it); true when kept. */
  saveSaved(task: SavedTask, replaces?: string): Promise<boolean>;
  /** Removes a saved task; true when removed. */
  deleteSaved(name: string): Promise<boolean>;
  handleChanged(task: BackgroundTaskView): void;
  setReveal(r: Reveal | null): void;
  reset(): void;
}

export type BackgroundStore = StoreApi<BackgroundState>;

const upsert = (tasks: BackgroundTaskView[], task: BackgroundTaskView) =>
  [task, ...tasks.filter((t) => t.id !== task.id)].sort((a, b) => b.createdAt - a.createdAt);

export interface BackgroundStoreOptions {
  /** A task's conversation appeared or its task ended: the conversation list has news. */
  onConversationChanged?: () => void;
}

export function createBackgroundStore(bridge: Bridge, opts: BackgroundStoreOptions = {}): BackgroundStore {
  let seq = 0;
  return createStore<BackgroundState>()((set, get) => ({
    tasks: [],
    dialogOpen: false,
    dialogFrom: 'app',
    choices: null,
    starting: false,
    failure: null,
    stopping: {},
    reveal: null,

    async load() {
      const mine = ++seq;
      try {
        const { tasks } = await bridge.invoke('background:list', {});
        if (mine === seq) set({ tasks });
      } catch {
        // A host without a project or without tasks: nothing to list.
      }
    },

    openDialog(from = 'app') {
      set({ dialogOpen: true, dialogFrom: from, failure: null });
      void bridge.invoke('background:choices', {}).then(
        (choices) => set({ choices }),
        (error: unknown) => set({ choices: { projects: [], savedTasks: [] }, failure: errorText(error) }),
      );
    },

    closeDialog: () => set({ dialogOpen: false, failure: null }),

    async start(req) {
      if (get().starting) return false;
      set({ starting: true, failure: null });
      try {
        const { task } = await bridge.invoke('background:start', { ...req, from: get().dialogFrom });
        set({ tasks: upsert(get().tasks, task), dialogOpen: false });
        return true;
      } catch (error) {
        set({ failure: errorText(error) });
        return false;
      } finally {
        set({ starting: false });
      }
    },

    async stop(taskId) {
      if (get().stopping[taskId]) return;
      set({ stopping: { ...get().stopping, [taskId]: true }, failure: null });
      try {
        const { task } = await bridge.invoke('background:stop', { taskId });
        set({ tasks: upsert(get().tasks, task) });
      } catch (error) {
        set({ failure: errorText(error) });
      } finally {
        const { [taskId]: _done, ...rest } = get().stopping;
        set({ stopping: rest });
      }
    },

    async saveSaved(task, replaces) {
      set({ failure: null });
      try {
        const { savedTasks } = await bridge.invoke('background:save-task', { task, ...(replaces && replaces !== task.name ? { replaces } : {}) });
        set({ choices: { projects: get().choices?.projects ?? [], savedTasks } });
        return true;
      } catch (error) {
        set({ failure: errorText(error) });
        return false;
      }
    },

    async deleteSaved(name) {
      set({ failure: null });
      try {
        const { savedTasks } = await bridge.invoke('background:delete-saved-task', { name });
        set({ choices: { projects: get().choices?.projects ?? [], savedTasks } });
        return true;
      } catch (error) {
        set({ failure: errorText(error) });
        return false;
      }
    },

    handleChanged(task) {
      seq++;
      const before = get().tasks.find((t) => t.id === task.id);
      set({ tasks: upsert(get().tasks, task) });
      const ended = isEnded(task.status) && (!before || !isEnded(before.status));
      if (ended || (task.sessionId && !before?.sessionId)) opts.onConversationChanged?.();
    },

    setReveal: (reveal) => set({ reveal }),

    reset() {
      seq++;
      set({ tasks: [], dialogOpen: false, choices: null, failure: null, stopping: {}, reveal: null });
    },
  }));
}
