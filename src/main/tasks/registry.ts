// The background-task seam (BA10): a registry of tasks (shell now, agents later) with their output
// files and status. In memory for now; TaskOutput/TaskStop tools and the tray read it later.

export type TaskStatus = 'running' | 'completed' | 'failed' | 'killed';

/** A task as plain data (what the UI and the model are shown). */
export interface TaskInfo {
  id: string;
  kind: 'shell';
  sessionId: string;
  command: string;
  description?: string;
  /** Where the task's output (stdout and stderr, in arrival order) is written. */
  outputFile: string;
  pid?: number;
  status: TaskStatus;
  exitCode?: number | null;
  startedAt: number;
  endedAt?: number;
}

export interface TaskHandle {
  info: TaskInfo;
  /** Ends the task (kills its process tree); resolves when it is gone. */
  stop(): Promise<void>;
}

export interface TaskRegistry {
  register(handle: TaskHandle): void;
  /** Records the end of a task (its own exit, or a stop). */
  settle(id: string, status: Exclude<TaskStatus, 'running'>, exitCode?: number | null): void;
  get(id: string): TaskInfo | undefined;
  list(sessionId?: string): TaskInfo[];
  /** false when no running task has this id. */
  stop(id: string): Promise<boolean>;
  /** At shutdown / session close: stops every running task (of one session, if given). */
  stopAll(sessionId?: string): Promise<void>;
  /** Called with a copy of the task on every change; returns an unsubscribe function. */
  subscribe(listener: (task: TaskInfo) => void): () => void;
}

export function createInMemoryTaskRegistry(): TaskRegistry {
  const handles = new Map<string, TaskHandle>();
  const listeners = new Set<(task: TaskInfo) => void>();
  // Stopped tasks end as 'killed' even when their exit is reported before stop() returns.
  const stopping = new Set<string>();
  const publish = (info: TaskInfo) => {
    for (const l of listeners) {
      try {
        l({ ...info });
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  const registry: TaskRegistry = {
    register(handle) {
      if (handles.has(handle.info.id)) throw new Error(`Task ${handle.info.id} is already registered`);
      handles.set(handle.info.id, handle);
      publish(handle.info);
    },
    settle(id, status, exitCode) {
      const h = handles.get(id);
      if (!h || h.info.status !== 'running') return;
      if (stopping.has(id)) status = 'killed';
      h.info = { ...h.info, status, endedAt: Date.now(), ...(exitCode !== undefined ? { exitCode } : {}) };
      publish(h.info);
    },
    get(id) {
      const h = handles.get(id);
      return h ? { ...h.info } : undefined;
    },
    list(sessionId) {
      return [...handles.values()].map((h) => ({ ...h.info })).filter((t) => sessionId === undefined || t.sessionId === sessionId);
    },
    async stop(id) {
      const h = handles.get(id);
      if (!h || h.info.status !== 'running') return false;
      stopping.add(id);
      try {
        await h.stop();
      } finally {
        registry.settle(id, 'killed');
        stopping.delete(id);
      }
      return true;
    },
    async stopAll(sessionId) {
      const running = registry.list(sessionId).filter((t) => t.status === 'running');
      await Promise.all(running.map((t) => registry.stop(t.id)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return registry;
}
