// The process that runs one background task (`agent-desk task _worker ID`, started detached by the
// local task host): the same engine as every host, a session whose origin is the task, no window. Its
// progress, its waiting requests and its session's events (for windows following it live) go to the
// task's files; answers come back as reply files from any
// window of the project; a request nobody answers becomes a denial (task-approval.ts). SIGTERM (Stop)
// ends the turn gracefully and the task reads "stopped".
import { watch, type FSWatcher } from 'node:fs';
import type { SessionEvent } from '../../../shared/session-events';
import type { Logger } from '../../base/log';
import { processStartToken } from '../../process/inspect/process-table';
import { createEngine, type Engine } from '../engine';
import { createEventWriter, type EventWriter } from './event-log';
import { applyEvent, emptyProgress, type TaskProgress } from './progress';
import { readRecord, takeReplies, taskFiles, writeApprovals, writeRecord, type TaskRecordFile } from './records';
import { shortFolder } from './where';

export interface WorkerOptions {
  dataDir: string;
  id: string;
  env: NodeJS.ProcessEnv;
  log: Logger;
  /** Registers what a Stop (SIGTERM, Ctrl-C) does; returns its removal. */
  onStop(handler: () => void): () => void;
  /** How often the replies folder is read besides the file watch (ms). */
  replyPollMs?: number;
  /** Progress is written at most this often (ms); approvals are written at once. */
  writeEveryMs?: number;
  /** Test seam: the engine to run in (default: a new one over the data folder). */
  engine?: (record: TaskRecordFile) => Promise<Engine>;
}

const NO_KEY = 'No API key is set for background tasks: set ANTHROPIC_API_KEY (or save a key in the desktop app) and start the task again.';

/** Runs the task to its end; answers the process's exit code (0 even when the task failed: the record says how it ended). */
export async function runTaskWorker(opts: WorkerOptions): Promise<number> {
  const { dataDir, id, log } = opts;
  const initial = await readRecord(dataDir, id, log);
  if (!initial) {
    log.error(`background task ${id}: no such task in ${dataDir}`);
    return 1;
  }
  if (initial.status !== 'starting') {
    log.error(`background task ${id}: it already ran (${initial.status})`);
    return 1;
  }
  const startToken = processStartToken(process.pid);
  let record: TaskRecordFile = { ...initial, status: 'running', worker: { pid: process.pid, ...(startToken ? { startToken } : {}) } };
  let progress: TaskProgress = emptyProgress();
  let stopRequested = false;

  // Writes go one after another, the newest state last, so a slow disk never reorders them.
  let chain: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    const snapshot: TaskRecordFile = { ...record, activity: progress.activity, turns: progress.turns, usage: progress.usage };
    chain = chain.then(() => writeRecord(dataDir, snapshot)).catch((err: unknown) => log.warn(`background task ${id}: could not save its record`, err));
    return chain;
  };
  const saveApprovals = (): Promise<void> => {
    const approvals = { requests: progress.waiting, settled: progress.settled };
    chain = chain.then(() => writeApprovals(dataDir, id, approvals)).catch((err: unknown) => log.warn(`background task ${id}: could not save its requests`, err));
    return chain;
  };
  let timer: NodeJS.Timeout | null = null;
  const saveSoon = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void save();
    }, opts.writeEveryMs ?? 250);
  };
  await save();

  const offStop = opts.onStop(() => {
    stopRequested = true;
    void current?.stop();
  });
  let current: { stop(): Promise<boolean> } | null = null;
  let engine: Engine | null = null;
  let watcher: FSWatcher | null = null;
  let poll: NodeJS.Timeout | null = null;
  let events: EventWriter | null = null;
  const end = async (status: TaskRecordFile['status'], outcome?: string) => {
    if (timer) clearTimeout(timer);
    // Every event is on disk before the record says it ended: a window following it misses none.
    await events?.close();
    progress = { ...progress, activity: null, waiting: [], running: new Map() };
    record = { ...record, status, endedAt: Date.now(), ...(outcome ? { outcome: outcome.slice(0, 2_000) } : {}) };
    await saveApprovals();
    await save();
  };

  try {
    engine = await (opts.engine ?? ((r) => defaultEngine(r, opts)))(record);
    if (!engine.auth.status().configured) {
      await end('failed', NO_KEY);
      return 0;
    }
    await engine.mcp.forProject(record.projectDir).ready();
    const session = await engine.sessions.createSession(record.projectDir, {
      origin: { kind: 'task', label: record.name, where: shortFolder(record.projectDir, opts.env.HOME) },
      // At 80 % a notice; used up, it pauses and asks in the inbox like an approval (issue 20 item 4).
      ...(record.budgetUsd !== undefined ? { budget: { usd: record.budgetUsd } } : {}),
    });
    current = session;
    record = { ...record, sessionId: session.id };
    await save();

    const active = engine;
    const writer = createEventWriter(taskFiles(dataDir, id).events, log);
    events = writer;
    active.bus.subscribe((channel, payload) => {
      if (channel !== 'session:event') return;
      const ev = payload as SessionEvent;
      if (ev.sessionId !== session.id) return;
      writer.add(ev);
      const before = progress;
      progress = applyEvent(progress, ev);
      if (progress.waiting !== before.waiting) {
        void saveApprovals();
        void save();
      } else if (progress !== before) saveSoon();
    });

    // Answers from the project's windows (any host): applied as a window's own would be; a stale one is dropped.
    let reading = false;
    const readReplies = async () => {
      if (reading) return;
      reading = true;
      try {
        for (const reply of await takeReplies(dataDir, id, log)) {
          const ok = await active.sessions.replyPermission(record.projectDir, reply);
          if (!ok) log.info(`background task ${id}: an answer came for a request that no longer waits (${reply.requestId}); it is ignored`);
        }
      } finally {
        reading = false;
      }
    };
    try {
      watcher = watch(taskFiles(dataDir, id).replies, () => void readReplies());
      watcher.on('error', () => undefined);
    } catch (err) {
      log.debug(`background task ${id}: no file watch on its replies; reading them every ${opts.replyPollMs ?? 500} ms`, err);
    }
    poll = setInterval(() => void readReplies(), opts.replyPollMs ?? 500);

    if (stopRequested) {
      await end('stopped', 'Stopped before it began.');
      return 0;
    }
    const outcome = await session.start(record.prompt).done;
    if (stopRequested || outcome.aborted) await end('stopped', progress.lastText || 'Stopped.');
    else if (outcome.budgetStopped) await end('stopped', `Stopped at its budget of $${record.budgetUsd?.toFixed(2) ?? '?'}.`);
    else if (outcome.error) await end('failed', outcome.error.message);
    else await end('done', progress.lastText || 'Finished.');
    return 0;
  } catch (err) {
    log.error(`background task ${id}: it crashed`, err);
    await end('failed', `Agent Desk could not run the task: ${err instanceof Error ? err.message : String(err)}`);
    return 0;
  } finally {
    offStop();
    watcher?.close();
    if (poll) clearInterval(poll);
    await engine?.dispose().catch((err: unknown) => log.warn(`background task ${id}: shutting down failed`, err));
    await chain;
  }
}

function defaultEngine(record: TaskRecordFile, opts: WorkerOptions): Promise<Engine> {
  return createEngine({
    env: opts.env,
    dataDir: opts.dataDir,
    log: opts.log,
    // A person answers in a window: requests wait (and a task's expire into denials), never auto-deny.
    tools: { ...(record.mode !== 'default' ? { permissionMode: record.mode } : {}) },
    // A command line's own folder counts like `-p`'s; a folder chosen in the app counts once trusted there.
    folderTrust: record.trustFolder ? 'all' : 'ask',
  });
}
