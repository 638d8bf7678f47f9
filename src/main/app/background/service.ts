// The background-task service every host composes (DK3, issue 18 items 5–6): start, list, stop over the
// task hosts (local now; remote later), and a watch that publishes what changes — each task's new view
// as `background:changed` to its project's windows and to listeners (the tray), and each request a task
// waits on as the same `permission_request` / `permission_resolved` session events a conversation's
// use, so the approval inbox, the badge and the notifications need nothing of their own. Running tasks'
// conversations are followed live (live-follow.ts): a window shows them as they work. It looks when a
// host says something changed (the local host watches the tasks' folders), with a slow look as a floor.
import path from 'node:path';
import { isEnded, type BackgroundTaskSpecParsed, type BackgroundTaskView } from '../../../shared/background-tasks';
import type { PermissionReplyInput, PermissionRequestView } from '../../../shared/permissions/request';
import type { Logger } from '../../base/log';
import type { EventBus } from '../ports';
import type { BackgroundTaskHost, StartOptions, StopResult, TaskApproval } from './host';
import { createTaskFollower } from './live-follow';
import { liveOpenAnswer, type LiveOpenAnswer } from './live-view';

export interface BackgroundTasks {
  start(spec: BackgroundTaskSpecParsed, opts?: StartOptions): Promise<BackgroundTaskView>;
  /** Every task, newest first. */
  list(): Promise<BackgroundTaskView[]>;
  stop(id: string): Promise<StopResult>;
  /** The requests of this project's tasks waiting for a person. */
  pending(projectDir: string): Promise<PermissionRequestView[]>;
  /** A person's answer to a task's request; false when no task waits on it. */
  reply(projectDir: string, reply: PermissionReplyInput): Promise<boolean>;
  /** Whether a task still running works in this conversation (its window must not write to it meanwhile). */
  runsSession(sessionId: string): Promise<boolean>;
  /** The running task working in this project's conversation, if any. */
  taskOf(projectDir: string, sessionId: string): Promise<BackgroundTaskView | null>;
  /** What a window opening that conversation is shown while the task works in it; null when no task does. */
  openLive(projectDir: string, sessionId: string): Promise<LiveOpenAnswer | null>;
  /** Called with every task after each change the watch sees. */
  subscribe(listener: (tasks: BackgroundTaskView[]) => void): () => void;
  /** Looks once now (the watch also looks every `pollMs`). */
  refresh(): Promise<void>;
  dispose(): void;
}

export interface BackgroundServiceOptions {
  hosts: BackgroundTaskHost[];
  bus: EventBus;
  log: Logger;
  /**
   * How often the service looks at the tasks' files (ms) where its hosts can tell of changes themselves
   * (a file watch): only a floor for systems where a watch misses changes. 0 = only on refresh() and changes.
   */
  pollMs?: number;
  /** How often it looks where a host cannot watch (ms); default 1 s. */
  blindPollMs?: number;
  /** A task ended: its conversation is the windows' again (a copy read while it ran is dropped). */
  released?(projectDir: string, sessionId: string): Promise<void> | void;
}

export function createBackgroundTasks(opts: BackgroundServiceOptions): BackgroundTasks {
  const { hosts, bus, log } = opts;
  const listeners = new Set<(tasks: BackgroundTaskView[]) => void>();
  /** What was last published, per task (its JSON) and per request. */
  const seen = new Map<string, string>();
  const asked = new Map<string, TaskApproval>();
  let scanning: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let disposed = false;
  let scans = 0;
  /** Which host each task is on, as last listed. */
  const hostOfTask = new Map<string, BackgroundTaskHost>();
  const follower = createTaskFollower({
    bus,
    log,
    read: (t, from) => (hostOfTask.get(t.id) ?? hosts[0]!).events(t.id, from),
    ...(opts.released ? { released: opts.released } : {}),
  });

  const allApprovals = async (): Promise<TaskApproval[]> => (await Promise.all(hosts.map((h) => h.approvals()))).flat();
  const hostOf = async (id: string): Promise<BackgroundTaskHost | null> => {
    for (const h of hosts) if ((await h.list()).some((t) => t.id === id)) return h;
    return null;
  };

  async function scan(): Promise<void> {
    const listed = await Promise.all(hosts.map(async (h) => ({ h, tasks: await h.list() })));
    for (const { h, tasks } of listed) for (const t of tasks) hostOfTask.set(t.id, h);
    const tasks = listed.flatMap((l) => l.tasks).sort((a, b) => b.createdAt - a.createdAt);
    // A host's first look folds what ran before it without telling windows it all again.
    await follower.update(tasks, scans++ === 0);
    let changed = false;
    for (const t of tasks) {
      const json = JSON.stringify(t);
      if (seen.get(t.id) === json) continue;
      seen.set(t.id, json);
      changed = true;
      bus.publish('background:changed', { task: t }, { projectDir: t.projectDir });
    }
    const approvals = await allApprovals();
    const now = new Map(approvals.map((a) => [a.request.requestId, a]));
    for (const [id, a] of now) {
      if (asked.has(id)) continue;
      asked.set(id, a);
      bus.publish('session:event', { type: 'permission_request', sessionId: a.request.sessionId, request: a.request }, { projectDir: a.projectDir });
    }
    for (const [id, a] of asked) {
      if (now.has(id)) continue;
      asked.delete(id);
      // How it really ended, as the task wrote it; a task that died without saying withdrew it.
      const how = (await (hostOfTask.get(a.taskId) ?? hosts[0]!).settled(a.taskId)).find((s) => s.requestId === id);
      bus.publish(
        'session:event',
        { type: 'permission_resolved', sessionId: a.request.sessionId, requestId: id, decision: how?.decision ?? 'cancelled', ...(how?.expired ? { expired: true } : {}) },
        { projectDir: a.projectDir },
      );
    }
    if (changed) for (const l of listeners) l(tasks);
  }

  function startScan(): Promise<void> {
    const look: Promise<void> = scan()
      .catch((err: unknown) => log.warn('background tasks: could not read the tasks', err))
      .finally(() => {
        if (scanning === look) scanning = null;
      });
    scanning = look;
    return look;
  }

  /** A look that starts after this call: one under way may have begun before the change the caller knows of, so one more follows it (shared by every caller meanwhile). */
  function refresh(): Promise<void> {
    if (!scanning) return startScan();
    next ??= scanning.then(() => {
      next = null;
      return disposed ? undefined : startScan();
    });
    return next;
  }

  const same = (a: string, b: string) => path.resolve(a) === path.resolve(b);
  const taskOf = async (projectDir: string, sessionId: string): Promise<BackgroundTaskView | null> =>
    (await Promise.all(hosts.map((h) => h.list()))).flat().find((t) => t.sessionId === sessionId && !isEnded(t.status) && same(t.projectDir, projectDir)) ?? null;

  // Each host tells of changes as they happen: a task's state means a look, its events a read of them alone.
  const unwatch = hosts.map((h) =>
    h.watch
      ? h.watch((c) => {
          if (disposed) return;
          if (c.what === 'events' && c.taskId) void follower.poke(c.taskId);
          else void refresh();
        })
      : null,
  );
  const blind = unwatch.some((u) => u === null);
  const every = blind ? (opts.blindPollMs ?? 1_000) : opts.pollMs;
  const timer = every ? setInterval(() => void refresh(), every) : null;
  timer?.unref?.();

  return {
    async start(spec, startOpts) {
      const task = await hosts[0]!.start(spec, startOpts);
      void refresh();
      return task;
    },
    async list() {
      return (await Promise.all(hosts.map((h) => h.list()))).flat().sort((a, b) => b.createdAt - a.createdAt);
    },
    async stop(id) {
      const host = await hostOf(id);
      if (!host) return { outcome: 'not_found' };
      follower.stopping(id);
      const result = await host.stop(id);
      void refresh();
      return result;
    },
    async pending(projectDir) {
      return (await allApprovals()).filter((a) => a.projectDir === projectDir).map((a) => a.request);
    },
    async reply(projectDir, reply) {
      const a = (await allApprovals()).find((x) => x.request.requestId === reply.requestId && x.projectDir === projectDir);
      if (!a) return false;
      for (const h of hosts) if (await h.reply(a.taskId, reply)) return true;
      return false;
    },
    async runsSession(sessionId) {
      return (await Promise.all(hosts.map((h) => h.list()))).flat().some((t) => t.sessionId === sessionId && !isEnded(t.status));
    },
    taskOf,
    async openLive(projectDir, sessionId) {
      if (!(await taskOf(projectDir, sessionId))) return null;
      // A task that just began may not be followed yet.
      if (!follower.bySession(sessionId)) await refresh();
      const f = follower.bySession(sessionId);
      if (!f || !f.task.sessionId) return null;
      const pending = (await allApprovals()).filter((a) => a.taskId === f.task.id).map((a) => a.request);
      return liveOpenAnswer({ ...f.task, sessionId: f.task.sessionId }, f.view, pending);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    dispose() {
      disposed = true;
      if (timer) clearInterval(timer);
      for (const u of unwatch) u?.();
      listeners.clear();
    },
  };
}
