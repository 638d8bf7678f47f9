// Saved tasks (DK3): kept in Agent Desk's own settings file (<data>/settings.json, `savedTasks`), never in
// Claude Code's. Read fresh each time (the tray, the dialog and the CLI may each have changed it); a
// save keeps every other key, and a broken file is left alone rather than overwritten.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SavedTask } from '../../../shared/background-tasks';
import { IpcFailure } from '../../../shared/ipc/errors';
import type { Logger } from '../../base/log';
import { settingsFile } from '../../base/data-paths';
import { writeFileAtomic } from '../../fs/atomic-write';

/** Saved tasks kept at most; the oldest goes when one more is saved. */
export const SAVED_TASKS_MAX = 50;

async function readSettingsObject(file: string): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return null;
  }
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The saved tasks; an entry that is not one is skipped with a log line. */
export async function readSavedTasks(dataDir: string, log: Logger): Promise<SavedTask[]> {
  const settings = await readSettingsObject(settingsFile(dataDir));
  const list = settings?.savedTasks;
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    log.warn('settings: savedTasks is not a list; no saved tasks are offered');
    return [];
  }
  return list.flatMap((entry) => {
    const r = SavedTask.safeParse(entry);
    if (!r.success) log.warn(`settings: a saved task is not readable (${z.prettifyError(r.error).split('\n')[0]}); it is skipped`);
    return r.success ? [r.data] : [];
  });
}

/** Writes the saved tasks `change` makes of the current ones, every other key kept; a broken file is left alone. */
async function changeSavedTasks(dataDir: string, log: Logger, what: string, change: (tasks: SavedTask[]) => SavedTask[]): Promise<SavedTask[]> {
  const file = settingsFile(dataDir);
  const settings = await readSettingsObject(file);
  if (!settings) throw new IpcFailure({ code: 'internal', message: `Agent Desk’s settings file ${file} cannot be read, so ${what}; fix or remove the file.` });
  const savedTasks = change(await readSavedTasks(dataDir, log)).slice(-SAVED_TASKS_MAX);
  await writeFileAtomic(file, Buffer.from(JSON.stringify({ ...settings, savedTasks }, null, 2) + '\n'));
  return savedTasks;
}

/**
 * Adds a saved task, or replaces the one of the same name; `replaces` names the one it was (an edit
 * that renamed it: the old name goes, its place in the list is kept). Answers the new list.
 */
export function saveTask(dataDir: string, task: SavedTask, log: Logger, replaces?: string): Promise<SavedTask[]> {
  return changeSavedTasks(dataDir, log, 'the task was not saved', (tasks) => {
    const at = tasks.findIndex((t) => t.name === (replaces ?? task.name));
    const others = tasks.filter((t) => t.name !== task.name && t.name !== replaces);
    if (at === -1) return [...others, task];
    // In its old place: an edit does not move it to the end of the list.
    const before = tasks.slice(0, at).filter((t) => others.includes(t)).length;
    return [...others.slice(0, before), task, ...others.slice(before)];
  });
}

/** Removes a saved task; IpcFailure('not_found') when there is none of that name. */
export async function deleteSavedTask(dataDir: string, name: string, log: Logger): Promise<SavedTask[]> {
  if (!(await readSavedTasks(dataDir, log)).some((t) => t.name === name)) {
    throw new IpcFailure({ code: 'not_found', message: `There is no saved task “${name.slice(0, 80)}”.` });
  }
  return changeSavedTasks(dataDir, log, 'the saved task was not deleted', (tasks) => tasks.filter((t) => t.name !== name));
}
