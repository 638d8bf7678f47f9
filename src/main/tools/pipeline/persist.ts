// PL6's disk side: saves a whole result under the session's tool-results folder and builds the
// preview the model gets instead (first ~2,000 chars + path + size + how to read the rest).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ResultPersister } from './deps';
import { PREVIEW_SIZE_CHARS } from './limits';

export const fsResultPersister: ResultPersister = {
  async save(path, text) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, 'utf8');
  },
};

/** `<dir>/<toolUseId>.txt`, with an id that cannot climb out of the folder. */
export function persistedResultPath(dir: string, toolUseId: string): string {
  const safe = toolUseId.replace(/[^A-Za-z0-9_-]/g, '_') || 'result';
  return join(dir, `${safe}.txt`);
}

/** The first ~2,000 chars, cut at the last newline in the final fifth so lines stay whole. */
export function previewOf(text: string, size = PREVIEW_SIZE_CHARS): string {
  if (text.length <= size) return text;
  const cut = text.lastIndexOf('\n', size);
  return text.slice(0, cut > size * 0.8 ? cut : size);
}

export const PERSISTED_TAG = '<persisted-output>';

export function persistedMessage(path: string, text: string): string {
  const preview = previewOf(text);
  return [
    PERSISTED_TAG,
    `Output too large (${text.length.toLocaleString('en-US')} characters). The full output was saved to: ${path}`,
    `Use Read with offset/limit to see more.`,
    ``,
    `Preview (first ${preview.length.toLocaleString('en-US')} characters):`,
    preview,
    `</persisted-output>`,
  ].join('\n');
}

/** When the disk write fails, the model still must not get the whole thing: truncate and say so. */
export function truncatedMessage(text: string, limit: number, why: string): string {
  const kept = previewOf(text, Math.max(PREVIEW_SIZE_CHARS, Math.floor(limit / 2)));
  return `${kept}\n\n[Output truncated: ${text.length.toLocaleString('en-US')} characters in all; the full output could not be saved (${why}).]`;
}

export interface PersistOutcome {
  text: string;
  persistedPath?: string;
}

/** Saves `text` whole and returns the preview text; on a write failure, a truncated text. */
export async function persistLargeText(
  persister: ResultPersister,
  dir: string,
  toolUseId: string,
  text: string,
  limit: number,
): Promise<PersistOutcome> {
  const path = persistedResultPath(dir, toolUseId);
  try {
    await persister.save(path, text);
    return { text: persistedMessage(path, text), persistedPath: path };
  } catch (e) {
    const why = (e as { code?: unknown }).code;
    return { text: truncatedMessage(text, limit, typeof why === 'string' ? why : 'write failed') };
  }
}
