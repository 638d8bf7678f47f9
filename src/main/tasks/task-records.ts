// The small file in the app's data folder that remembers every running task and every kept one (pid,
// group, start token, command, project, session), so what a crash or a kept task left running is found
// at the next start. Written atomically; a broken file is ignored with a log line, never a crash.
import { readFile } from 'node:fs/promises';
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

const RecordFile = z.object({ version: z.literal(1), programs: z.array(z.unknown()) });

export function taskRecordsFile(dataDir: string): string {
  return path.join(dataDir, 'running-programs.json');
}

/** The records of the file; [] when there is none, or when it cannot be read (logged). */
export async function readTaskRecords(file: string, log: Logger): Promise<TaskRecord[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`running programs: could not read ${file}; it is ignored`, err);
    return [];
  }
  let parsed: z.infer<typeof RecordFile>;
  try {
    parsed = RecordFile.parse(JSON.parse(text));
  } catch {
    log.warn(`running programs: ${file} is not a record Agent Desk can read; it is ignored and will be written anew`);
    return [];
  }
  // One broken entry costs that entry only.
  const out: TaskRecord[] = [];
  for (const entry of parsed.programs) {
    const r = TaskRecord.safeParse(entry);
    if (r.success) out.push(r.data);
    else log.warn(`running programs: an entry of ${file} is not readable and was dropped`);
  }
  return out;
}

export async function writeTaskRecords(file: string, records: readonly TaskRecord[]): Promise<void> {
  const text = `${JSON.stringify({ version: 1, programs: records }, null, 2)}\n`;
  await writeFileAtomic(file, new TextEncoder().encode(text));
}
