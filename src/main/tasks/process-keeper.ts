// No orphans (issue 15 item 4): keeps the record file in step with the registry (every running task,
// kept or not), finds at start what was left running last time (a crash, or a task kept on purpose),
// offers it for clean-up, and at quit stops everything that is not kept.
import type { Logger } from '../base/log';
import { killTree } from '../process/kill-tree';
import { processStartToken } from '../process/inspect/process-table';
import type { TaskInfo, TaskRegistry } from './registry';
import { instanceRecordFile, listRecordFiles, readTaskRecords, removeRecordFile, writeTaskRecords, type RecordOwner, type TaskRecord } from './task-records';

export interface ProcessKeeperDeps {
  registry: TaskRegistry;
  /** The folder of record files (task-records.ts); this process writes its own file there. */
  dir: string;
  /** This Agent Desk process (default: the current one). */
  owner?: RecordOwner;
  log: Logger;
  /** Start token of a live process, undefined when it is gone (seam for tests). */
  startToken?: (pid: number) => string | undefined;
  /** Ends a process and its whole tree (seam for tests). */
  stopTree?: (pid: number) => Promise<void>;
}

export interface CleanUpResult {
  stopped: number;
  left: number;
}

export interface ProcessKeeper {
  /** Reads last time's records; until it has, nothing is written (so they are not lost). */
  start(): Promise<void>;
  /** What was left running last time (of one project, if given), still alive as the same process. */
  leftovers(projectDir?: string): TaskRecord[];
  /** Stops or forgets leftovers (all of the project's, or those ids); a record whose pid changed hands is only forgotten. */
  cleanUp(action: 'stop' | 'leave', opts?: { projectDir?: string; ids?: readonly string[] }): Promise<CleanUpResult>;
  /** Called on every change of the leftovers (after a clean-up). */
  onLeftoversChanged(listener: (projectDirs: (string | undefined)[]) => void): () => void;
  /** App quit: stops every task not kept, writes what still runs (kept ones), and stops following the registry. */
  shutdown(): Promise<void>;
  /** Resolves when the latest change is on disk. */
  flush(): Promise<void>;
}

export function createProcessKeeper(deps: ProcessKeeperDeps): ProcessKeeper {
  const { registry, log } = deps;
  const tokenOf = deps.startToken ?? ((pid: number) => processStartToken(pid));
  const owner: RecordOwner | undefined = deps.owner ?? ownProcess(tokenOf);
  const file = instanceRecordFile(deps.dir, owner?.pid ?? process.pid);
  const stopTree = deps.stopTree ?? ((pid: number) => killTree(pid));
  let loaded = false;
  let left: TaskRecord[] = [];
  const listeners = new Set<(dirs: (string | undefined)[]) => void>();
  // Tasks registered without a token get one read once, while they surely run.
  const tokens = new Map<string, string | undefined>();

  const recordOf = (t: TaskInfo): TaskRecord | undefined => {
    if (t.status !== 'running' || t.pid === undefined) return undefined;
    if (!tokens.has(t.id)) tokens.set(t.id, t.startToken ?? tokenOf(t.pid));
    const startToken = tokens.get(t.id);
    if (!startToken) return undefined;
    return {
      taskId: t.id,
      pid: t.pid,
      groupId: t.groupId ?? t.pid,
      startToken,
      command: t.command,
      ...(t.description ? { description: t.description } : {}),
      ...(t.projectDir ? { projectDir: t.projectDir } : {}),
      sessionId: t.sessionId,
      kept: t.kept === true,
      startedAt: t.startedAt,
      outputFile: t.outputFile,
    };
  };
  const snapshot = (): TaskRecord[] => [...left, ...registry.list().flatMap((t) => recordOf(t) ?? [])];

  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  const schedule = (): Promise<void> => {
    if (!loaded) return chain;
    if (queued) return chain;
    queued = true;
    // The snapshot is taken when the write starts, so a burst of changes costs one write.
    chain = chain.then(async () => {
      queued = false;
      try {
        await writeTaskRecords(file, owner, snapshot());
      } catch (err) {
        log.warn(`running programs: could not write ${file}`, err);
      }
    });
    return chain;
  };
  const unsubscribe = registry.subscribe((t) => {
    if (t.status !== 'running') tokens.delete(t.id);
    void schedule();
  });

  const sameProcess = (r: TaskRecord) => tokenOf(r.pid) === r.startToken;

  return {
    async start() {
      if (loaded) return;
      const records: TaskRecord[] = [];
      const absorbed: string[] = [];
      for (const f of await listRecordFiles(deps.dir)) {
        const content = await readTaskRecords(f, log);
        // Another Agent Desk that still runs owns its file and its programs.
        const other = content?.owner && f !== file && tokenOf(content.owner.pid) === content.owner.startToken;
        if (other) continue;
        if (content) records.push(...content.programs);
        if (f !== file) absorbed.push(f);
      }
      const mine = new Set(registry.list().map((t) => t.id));
      left = records.filter((r) => !mine.has(r.taskId) && sameProcess(r));
      const dropped = records.length - left.length;
      if (left.length > 0) log.info(`running programs: ${left.length} left running since Agent Desk last closed`);
      if (dropped > 0) log.debug(`running programs: ${dropped} record(s) of programs that have ended dropped`);
      loaded = true;
      // Once the leftovers are in this process's file, the files they came from can go.
      await schedule();
      await Promise.all(absorbed.map(removeRecordFile));
    },
    leftovers(projectDir) {
      return left.filter((r) => projectDir === undefined || r.projectDir === projectDir).map((r) => ({ ...r }));
    },
    async cleanUp(action, opts = {}) {
      const chosen = left.filter((r) => (opts.projectDir === undefined || r.projectDir === opts.projectDir) && (!opts.ids || opts.ids.includes(r.taskId)));
      let stopped = 0;
      for (const r of chosen) {
        // Checked again right before the signal: the pid may have been given to another program since.
        if (action === 'stop' && sameProcess(r)) {
          await stopTree(r.pid);
          stopped++;
        }
      }
      const gone = new Set(chosen.map((r) => r.taskId));
      left = left.filter((r) => !gone.has(r.taskId));
      await schedule();
      if (chosen.length > 0) {
        const dirs = [...new Set(chosen.map((r) => r.projectDir))];
        for (const l of listeners) l(dirs);
      }
      return { stopped, left: action === 'leave' ? chosen.length : 0 };
    },
    onLeftoversChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async shutdown() {
      await registry.stopAll();
      await schedule();
      unsubscribe();
      // Nothing left to find next time: no file.
      if (loaded && snapshot().length === 0) await removeRecordFile(file);
    },
    flush: () => chain,
  };
}

function ownProcess(tokenOf: (pid: number) => string | undefined): RecordOwner | undefined {
  const startToken = tokenOf(process.pid);
  return startToken ? { pid: process.pid, startToken } : undefined;
}
