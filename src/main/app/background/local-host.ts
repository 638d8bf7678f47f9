// The local task host: each task runs in a detached worker process of this computer (worker.ts) and
// lives in its files in the data folder (records.ts), so it outlives the window, the tray or the shell
// that started it, and every Agent Desk process sees the same tasks. A worker that died without
// saying so (killed, crashed) is found by its pid and start token and its task reads "failed".
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { IpcFailure } from '../../../shared/ipc/errors';
import { isEnded, taskNameFrom, type BackgroundTaskSpecParsed, type BackgroundTaskView } from '../../../shared/background-tasks';
import type { PermissionReplyInput } from '../../../shared/permissions/request';
import type { Logger } from '../../base/log';
import { processStartToken } from '../../process/inspect/process-table';
import type { BackgroundTaskHost, StartOptions, StopResult, TaskApproval } from './host';
import { readEvents } from './event-log';
import { watchTaskFolders, type TaskFolderWatch } from './folder-watch';
import { backgroundTasksDir, isTaskId, listTaskIds, newTaskId, readApprovals, readRecord, removeTask, taskFiles, writeRecord, writeReply, type ApprovalsFile, type TaskRecordFile } from './records';
import { shortFolder } from './where';

/** How to run this program again as a worker: `command args… task _worker ID`. */
export interface WorkerCommand {
  command: string;
  args: string[];
  /** Added to the worker's environment (Electron runs its own binary as Node with ELECTRON_RUN_AS_NODE). */
  env?: Record<string, string>;
}

export interface LocalHostOptions {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log: Logger;
  /** Absent: this host lists, stops and answers tasks but cannot start one. */
  worker?: WorkerCommand;
  now?: () => number;
  /** Is this process still the one that ran the task? (default: its start token, else signal 0) */
  alive?: (worker: NonNullable<TaskRecordFile['worker']>) => boolean;
  /** How long a Stop waits for the worker to end the turn before it is killed (ms). */
  stopGraceMs?: number;
  /** How long a task may stay "starting" with no worker before it reads "failed" (ms). */
  startTimeoutMs?: number;
}

/** Ended tasks kept on disk (their folders); older ones are removed as new ones end. */
const ENDED_KEPT = 50;

export function workerAlive(w: NonNullable<TaskRecordFile['worker']>): boolean {
  if (w.startToken) return processStartToken(w.pid) === w.startToken;
  try {
    process.kill(w.pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createLocalTaskHost(opts: LocalHostOptions): BackgroundTaskHost {
  const { dataDir, log } = opts;
  const now = opts.now ?? Date.now;
  const alive = opts.alive ?? workerAlive;
  /** Ended records never change again: read once. */
  const ended = new Map<string, TaskRecordFile>();
  /** Each task's requests as last read, with the file's size and time: a large preview is read again only when it changed. */
  const approvalsRead = new Map<string, { ino: number; mtimeMs: number; size: number; file: ApprovalsFile }>();
  let watcher: TaskFolderWatch | null = null;

  async function approvalsOf(id: string): Promise<ApprovalsFile> {
    const st = await stat(taskFiles(dataDir, id).approvals).catch(() => null);
    if (!st) {
      approvalsRead.delete(id);
      return { requests: [], settled: [] };
    }
    const hit = approvalsRead.get(id);
    if (hit && hit.ino === st.ino && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.file;
    const file = await readApprovals(dataDir, id, log);
    approvalsRead.set(id, { ino: st.ino, mtimeMs: st.mtimeMs, size: st.size, file });
    return file;
  }

  function viewOf(r: TaskRecordFile, waiting: number): BackgroundTaskView {
    const running = r.status === 'running';
    return {
      id: r.id,
      name: r.name,
      projectDir: r.projectDir,
      where: shortFolder(r.projectDir, opts.env.HOME),
      prompt: r.prompt,
      mode: r.mode,
      ...(r.budgetUsd !== undefined ? { budgetUsd: r.budgetUsd } : {}),
      status: running && waiting > 0 ? 'needs-approval' : r.status,
      activity: isEnded(r.status) ? null : r.activity,
      turns: r.turns,
      createdAt: r.createdAt,
      ...(r.endedAt !== undefined ? { endedAt: r.endedAt } : {}),
      waiting: running ? waiting : 0,
      usage: r.usage,
      ...(r.sessionId ? { sessionId: r.sessionId } : {}),
      ...(r.outcome ? { outcome: r.outcome } : {}),
      host: 'local',
      ...(r.startedFrom ? { startedFrom: r.startedFrom } : {}),
    };
  }

  /** The record, with a silently dead worker (or one that never came) recorded as a failure. */
  async function current(id: string): Promise<TaskRecordFile | null> {
    const known = ended.get(id);
    if (known) return known;
    const r = await readRecord(dataDir, id, log);
    if (!r) return null;
    if (isEnded(r.status)) {
      ended.set(id, r);
      return r;
    }
    const gone =
      r.status === 'running' ? !r.worker || !alive(r.worker) : now() - r.createdAt > (opts.startTimeoutMs ?? 30_000) && !(r.worker && alive(r.worker));
    if (!gone) return r;
    // Read again: the worker may have ended it properly just now.
    const again = await readRecord(dataDir, id, log);
    if (!again || isEnded(again.status)) return again;
    const failed: TaskRecordFile = {
      ...again,
      status: 'failed',
      endedAt: now(),
      activity: null,
      outcome: again.status === 'starting' ? 'The task did not start: its process never came up (see worker.log in its folder).' : 'The task’s process ended unexpectedly.',
    };
    await writeRecord(dataDir, failed).catch((err: unknown) => log.warn(`background task ${id}: could not record its failure`, err));
    ended.set(id, failed);
    return failed;
  }

  async function waitingCount(r: TaskRecordFile): Promise<number> {
    return r.status === 'running' ? (await approvalsOf(r.id)).requests.length : 0;
  }

  /** The records kept: the oldest ended tasks beyond ENDED_KEPT are removed from the disk (PX8). */
  async function prune(records: TaskRecordFile[]): Promise<TaskRecordFile[]> {
    const old = new Set(records.filter((r) => isEnded(r.status)).sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0)).slice(ENDED_KEPT));
    for (const r of old) {
      ended.delete(r.id);
      await removeTask(dataDir, r.id).catch((err: unknown) => log.debug(`background task ${r.id}: could not remove its folder`, err));
    }
    return records.filter((r) => !old.has(r));
  }

  async function launch(r: TaskRecordFile): Promise<void> {
    const worker = opts.worker!;
    const files = taskFiles(dataDir, r.id);
    const out = openSync(files.log, 'a');
    try {
      const child = spawn(worker.command, [...worker.args, 'task', '_worker', r.id], {
        cwd: r.projectDir,
        detached: true,
        stdio: ['ignore', out, out],
        env: { ...opts.env, ...worker.env, AGENT_DESK_HOME: dataDir },
        windowsHide: true,
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      child.unref();
    } finally {
      closeSync(out);
    }
  }

  return {
    kind: 'local',

    async start(spec: BackgroundTaskSpecParsed, startOpts: StartOptions = {}) {
      if (!opts.worker) throw new IpcFailure({ code: 'unsupported', message: 'Background tasks cannot be started here.' });
      let dir: string;
      try {
        dir = await realpath(spec.projectDir);
        if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
      } catch {
        throw new IpcFailure({ code: 'invalid_input', message: `There is no folder ${spec.projectDir} to run the task in.` });
      }
      const record: TaskRecordFile = {
        version: 1,
        id: newTaskId(),
        name: spec.name?.trim() || taskNameFrom(spec.prompt),
        projectDir: dir,
        prompt: spec.prompt,
        mode: spec.mode,
        ...(spec.budgetUsd !== undefined ? { budgetUsd: spec.budgetUsd } : {}),
        ...(spec.savedTask ? { savedTask: spec.savedTask } : {}),
        trustFolder: startOpts.trustFolder === true,
        startedFrom: startOpts.from ?? 'command-line',
        status: 'starting',
        createdAt: now(),
        activity: 'Starting',
        turns: 0,
        usage: null,
      };
      await writeRecord(dataDir, record);
      try {
        await launch(record);
      } catch (err) {
        const failed: TaskRecordFile = { ...record, status: 'failed', endedAt: now(), activity: null, outcome: `The task could not start: ${err instanceof Error ? err.message : String(err)}` };
        await writeRecord(dataDir, failed);
        return viewOf(failed, 0);
      }
      return viewOf(record, 0);
    },

    async list() {
      const ids = await listTaskIds(dataDir);
      // The folders of tasks that may still change are watched — one whose record is still being
      // written too; an ended task's never changes again. Before the records are read, so a change
      // made meanwhile is either read now or heard of.
      watcher?.follow(ids.filter((id) => !ended.has(id)));
      const records = await prune((await Promise.all(ids.map(current))).filter((r): r is TaskRecordFile => r !== null));
      const views = await Promise.all(records.map(async (r) => viewOf(r, await waitingCount(r))));
      return views.sort((a, b) => b.createdAt - a.createdAt);
    },

    async stop(id): Promise<StopResult> {
      let r = await current(id);
      if (!r) return { outcome: 'not_found' };
      if (isEnded(r.status)) return { outcome: 'ended', task: viewOf(r, 0) };
      // A worker still coming up gets a moment to say who it is.
      for (let waited = 0; r.status === 'starting' && !r.worker && waited < 3_000; waited += 100) {
        await sleep(100);
        r = (await current(id)) ?? r;
      }
      if (r.worker && alive(r.worker)) {
        try {
          process.kill(r.worker.pid, 'SIGTERM');
        } catch (err) {
          log.debug(`background task ${id}: could not signal its worker`, err);
        }
        const grace = opts.stopGraceMs ?? 10_000;
        for (let waited = 0; waited < grace; waited += 100) {
          await sleep(100);
          const now_ = await readRecord(dataDir, id, log);
          if (now_ && isEnded(now_.status)) {
            ended.set(id, now_);
            return { outcome: 'stopped', task: viewOf(now_, 0) };
          }
        }
        try {
          process.kill(r.worker.pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
      const latest = (await readRecord(dataDir, id, log)) ?? r;
      if (isEnded(latest.status)) return { outcome: 'stopped', task: viewOf(latest, 0) };
      const stopped: TaskRecordFile = { ...latest, status: 'stopped', endedAt: now(), activity: null, outcome: 'Stopped: its process did not end the turn in time and was ended.' };
      await writeRecord(dataDir, stopped);
      ended.set(id, stopped);
      return { outcome: 'stopped', task: viewOf(stopped, 0) };
    },

    async approvals() {
      const out: TaskApproval[] = [];
      for (const id of await listTaskIds(dataDir)) {
        if (ended.has(id)) continue;
        const r = await current(id);
        if (!r || r.status !== 'running') continue;
        for (const request of (await approvalsOf(id)).requests) out.push({ taskId: id, projectDir: r.projectDir, request });
      }
      return out;
    },

    async reply(taskId, reply: PermissionReplyInput) {
      const r = await current(taskId);
      if (!r || r.status !== 'running') return false;
      const waiting = (await approvalsOf(taskId)).requests;
      if (!waiting.some((q) => q.requestId === reply.requestId)) return false;
      await writeReply(dataDir, taskId, reply);
      return true;
    },

    async settled(taskId) {
      return isTaskId(taskId) ? (await approvalsOf(taskId)).settled : [];
    },

    watch(onChange) {
      watcher?.close();
      watcher = watchTaskFolders(backgroundTasksDir(dataDir), onChange, log);
      if (!watcher) return null;
      const mine = watcher;
      return () => {
        mine.close();
        if (watcher === mine) watcher = null;
      };
    },

    async events(taskId, from) {
      if (!isTaskId(taskId)) return { events: [], next: from };
      return readEvents(taskFiles(dataDir, taskId).events, from, log);
    },
  };
}
