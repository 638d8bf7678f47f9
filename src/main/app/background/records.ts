// A background task's files in the data folder, the one view the tray, the CLI and every window share:
//   <data>/background-tasks/<id>/task.json        the record (the worker's once it runs)
//   <data>/background-tasks/<id>/approvals.json   its requests waiting for a person, and how the last ones ended
//   <data>/background-tasks/<id>/replies/<req>.json  an answer from a window, read and removed by the worker
//   <data>/background-tasks/<id>/events.jsonl     its session's events as they happen (event-log.ts)
//   <data>/background-tasks/<id>/worker.log       what the worker printed
// Every write is atomic; a broken or foreign file reads as absent (logged), never as a crash.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PermissionDecision, PermissionReplyInput, PermissionRequestView } from '../../../shared/permissions/request';
import { BackgroundTaskStatus, TaskMode, TaskStartedFrom, TaskUsage } from '../../../shared/background-tasks';
import type { Logger } from '../../base/log';
import { writeFileAtomic } from '../../fs/atomic-write';

const TASK_ID = /^[a-z0-9]{6,40}$/;
export const isTaskId = (id: string): boolean => TASK_ID.test(id);
export const newTaskId = (): string => randomBytes(5).toString('hex');

export const TaskRecordFile = z.object({
  version: z.literal(1),
  id: z.string().regex(TASK_ID),
  name: z.string().max(200),
  projectDir: z.string().max(4096),
  prompt: z.string().max(100_000),
  mode: TaskMode,
  budgetUsd: z.number().positive().optional(),
  savedTask: z.string().max(200).optional(),
  startedFrom: TaskStartedFrom.optional(),
  /** Whether the folder's own settings count without the trust store (a command line's own folder, like `-p`). */
  trustFolder: z.boolean(),
  status: BackgroundTaskStatus.exclude(['needs-approval']),
  createdAt: z.number(),
  endedAt: z.number().optional(),
  /** The process running it, with its start token so a reused pid is never taken for it. */
  worker: z.object({ pid: z.number().int().positive(), startToken: z.string().max(200).optional() }).optional(),
  sessionId: z.string().max(200).optional(),
  activity: z.string().max(500).nullable(),
  turns: z.number().int().nonnegative(),
  usage: TaskUsage.nullable(),
  outcome: z.string().max(2_000).optional(),
});
export type TaskRecordFile = z.infer<typeof TaskRecordFile>;

/** How a request ended: allowed, denied (by a person, or by its deadline: `expired`), or withdrawn. */
export const TaskSettlement = z.object({ requestId: z.string(), decision: PermissionDecision.or(z.literal('cancelled')), expired: z.boolean().optional() });
export type TaskSettlement = z.infer<typeof TaskSettlement>;

/** `settled`: the last requests that stopped waiting, so every host can say truly how each ended. */
export const ApprovalsFile = z.object({ requests: z.array(PermissionRequestView), settled: z.array(TaskSettlement).max(200).default([]) });
export type ApprovalsFile = z.infer<typeof ApprovalsFile>;

export function backgroundTasksDir(dataDir: string): string {
  return path.join(dataDir, 'background-tasks');
}

export interface TaskFiles {
  dir: string;
  record: string;
  approvals: string;
  replies: string;
  events: string;
  log: string;
}

export function taskFiles(dataDir: string, id: string): TaskFiles {
  if (!isTaskId(id)) throw new Error(`not a task id: ${JSON.stringify(id.slice(0, 60))}`);
  const dir = path.join(backgroundTasksDir(dataDir), id);
  return { dir, record: path.join(dir, 'task.json'), approvals: path.join(dir, 'approvals.json'), replies: path.join(dir, 'replies'), events: path.join(dir, 'events.jsonl'), log: path.join(dir, 'worker.log') };
}

const json = (x: unknown): Uint8Array => Buffer.from(JSON.stringify(x, null, 1));

async function readJson<T>(file: string, schema: z.ZodType<T>, log: Logger): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`background tasks: could not read ${file}`, err);
    return null;
  }
  try {
    return schema.parse(JSON.parse(text));
  } catch {
    log.warn(`background tasks: ${file} is not a file Agent Desk can read; it is ignored`);
    return null;
  }
}

export async function writeRecord(dataDir: string, record: TaskRecordFile): Promise<void> {
  const f = taskFiles(dataDir, record.id);
  await mkdir(f.replies, { recursive: true });
  await writeFileAtomic(f.record, json(record));
}

export function readRecord(dataDir: string, id: string, log: Logger): Promise<TaskRecordFile | null> {
  if (!isTaskId(id)) return Promise.resolve(null);
  return readJson(taskFiles(dataDir, id).record, TaskRecordFile, log).then((r) => (r && r.id === id ? r : null));
}

/** Every task's id in the data folder (folders whose name is not an id are not ours). */
export async function listTaskIds(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(backgroundTasksDir(dataDir))).filter(isTaskId);
  } catch {
    return [];
  }
}

export async function writeApprovals(dataDir: string, id: string, approvals: z.input<typeof ApprovalsFile>): Promise<void> {
  await writeFileAtomic(taskFiles(dataDir, id).approvals, json(approvals));
}

export async function readApprovals(dataDir: string, id: string, log: Logger): Promise<ApprovalsFile> {
  return (await readJson(taskFiles(dataDir, id).approvals, ApprovalsFile, log)) ?? { requests: [], settled: [] };
}

/** A reply file's name: the request id made safe for a file name (ids are uuids; anything else is hashed away). */
const replyFileName = (requestId: string): string => `${Buffer.from(requestId).toString('base64url').slice(0, 200)}.json`;

export async function writeReply(dataDir: string, id: string, reply: PermissionReplyInput): Promise<void> {
  const f = taskFiles(dataDir, id);
  await mkdir(f.replies, { recursive: true });
  await writeFileAtomic(path.join(f.replies, replyFileName(reply.requestId)), json(reply));
}

/** The answers waiting for the worker, each removed as it is read (a broken one is dropped with a log line). */
export async function takeReplies(dataDir: string, id: string, log: Logger): Promise<PermissionReplyInput[]> {
  const dir = taskFiles(dataDir, id).replies;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch {
    return [];
  }
  const out: PermissionReplyInput[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const reply = await readJson(file, PermissionReplyInput, log);
    await unlink(file).catch(() => undefined);
    if (reply) out.push(reply);
  }
  return out;
}

export async function removeTask(dataDir: string, id: string): Promise<void> {
  await rm(taskFiles(dataDir, id).dir, { recursive: true, force: true });
}
