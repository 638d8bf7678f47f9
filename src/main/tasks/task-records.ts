// The small files in the app's data folder that remember every running task and every kept one (pid,
// group, start token, command, project, session), so what a crash or a kept task left running is found
// at the next start. One file per running Agent Desk (desktop, web and cli may run at once), named by
// its pid and naming its start token, so one never takes another's live programs for leftovers.
// Written atomically; a broken file is ignored with a log line, never a crash.
import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../base/log';
import { writeFileAtomic } from '../fs/atomic-write';

export const TaskRecord = z.object({
  taskId: z.string().min(1).max(200),
  pid: z.number().int().positive(),
  groupId: z.number().int().positive().optional(),
  startToken: z.string().min(1).max(200),
  command: z.string().max(100_000),
  description: z.string().max(10_000).optional(),
  projectDir: z.string().max(4096).optional(),
  sessionId: z.string().max(200),
  kept: z.boolean(),
  startedAt: z.number(),
  outputFile: z.string().max(4096).optional(),
});
export type TaskRecord = z.infer<typeof TaskRecord>;

/** The Agent Desk process a file belongs to. */
export const RecordOwner = z.object({ pid: z.number().int().positive(), startToken: z.string().min(1).max(200) });
export type RecordOwner = z.infer<typeof RecordOwner>;

const RecordFile = z.object({ version: z.literal(1), owner: RecordOwner.optional(), programs: z.array(z.unknown()) });

export interface RecordFileContent {
  owner?: RecordOwner;
  programs: TaskRecord[];
}

export function taskRecordsDir(dataDir: string): string {
  return path.join(dataDir, 'running-programs');
}

export function instanceRecordFile(dir: string, ownerPid: number): string {
  return path.join(dir, `agent-desk-${ownerPid}.json`);
}

/** The record files of a folder (every instance's), [] when there is none. */
export async function listRecordFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((n) => /^agent-desk-\d+\.json$/.test(n)).map((n) => path.join(dir, n));
  } catch {
    return [];
  }
}

/** One file's records; null when it is gone or cannot be read (logged: it is ignored). */
export async function readTaskRecords(file: string, log: Logger): Promise<RecordFileContent | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`running programs: could not read ${file}; it is ignored`, err);
    return null;
  }
  let parsed: z.infer<typeof RecordFile>;
  try {
    parsed = RecordFile.parse(JSON.parse(text));
  } catch {
    log.warn(`running programs: ${file} is not a record Agent Desk can read; it is ignored`);
    return null;
  }
  // One broken entry costs that entry only.
  const programs: TaskRecord[] = [];
  for (const entry of parsed.programs) {
    const r = TaskRecord.safeParse(entry);
    if (r.success) programs.push(r.data);
    else log.warn(`running programs: an entry of ${file} is not readable and was dropped`);
  }
  return { ...(parsed.owner ? { owner: parsed.owner } : {}), programs };
}

export async function writeTaskRecords(file: string, owner: RecordOwner | undefined, records: readonly TaskRecord[]): Promise<void> {
  const text = `${JSON.stringify({ version: 1, ...(owner ? { owner } : {}), programs: records }, null, 2)}\n`;
  await writeFileAtomic(file, new TextEncoder().encode(text));
}

export async function removeRecordFile(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}
