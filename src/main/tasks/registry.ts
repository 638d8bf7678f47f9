// The background-task seam (BA10): a registry of tasks (shell commands and subagents) with their output
// files and status. In memory; the running ones are also recorded on disk (task-records.ts) so a crash
// or a kept task is found again at the next start (issue 15 item 4).

export type TaskStatus = 'running' | 'completed' | 'failed' | 'killed';

/** A task as plain data (what the UI and the model are shown). */
export interface TaskInfo {
  id: string;
  /** A shell command (Bash's run_in_background) or a subagent (Agent's run_in_background). */
  kind: 'shell' | 'agent';
  sessionId: string;
  command: string;
  description?: string;
  /** Where the task's output (stdout and stderr, in arrival order) is written. */
  outputFile: string;
  pid?: number;
  /** The process group the task leads (detached: its pid); the whole group is stopped with it. */
  groupId?: number;
  /** The root process's start token (see process/inspect): a later process with the same pid is not this task. */
  startToken?: string;
  /** The project folder of the session that started it: only that project's windows list it. */
  projectDir?: string;
  /** Who started it when not the conversation itself: the subagent's name ("Explore agent"). */
  startedBy?: string;
  /** "Keep running after I close": closing the conversation or quitting the app leaves it running. */
  kept?: boolean;
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
  /** At shutdown / session close: stops every running task (of one session, if given) except kept ones. */
  stopAll(sessionId?: string, opts?: { includeKept?: boolean }): Promise<void>;
  /** Marks a running task kept or not; false when no running task has this id. */
  setKept(id: string, kept: boolean): boolean;
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
    async stopAll(sessionId, opts = {}) {
      const running = registry.list(sessionId).filter((t) => t.status === 'running' && (opts.includeKept || !t.kept));
      await Promise.all(running.map((t) => registry.stop(t.id)));
    },
    setKept(id, kept) {
      const h = handles.get(id);
      if (!h || h.info.status !== 'running') return false;
      if (!!h.info.kept !== kept) {
        h.info = { ...h.info, kept };
        publish(h.info);
      }
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return registry;
}
