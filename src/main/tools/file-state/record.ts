// Writes to the read cache after a Read (merging ranges of unchanged content) or after the model
// wrote a file itself (it has then "seen" every byte it wrote).
import type { FileStateCache, LineRange } from './file-state';
import { coversAll, mergeRanges } from './ranges';

export interface FileFacts {
  hash: string;
  mtimeMs: number;
  size: number;
}

export interface ReadArgs {
  offset?: number;
  limit?: number;
  pages?: string;
}

/** After Write/Edit/NotebookEdit: the bytes on disk are the model's own. */
export function recordWritten(cache: FileStateCache | undefined, path: string, facts: FileFacts, now = Date.now()): void {
  cache?.set(path, { ...facts, full: true, kind: 'write', readAt: now });
}

/** After a text Read that showed `shown` (null: no lines) of a `totalLines`-line file. */
export function recordTextRead(
  cache: FileStateCache | undefined,
  path: string,
  facts: FileFacts,
  args: ReadArgs,
  shown: LineRange | null,
  totalLines: number,
  now = Date.now(),
): void {
  if (!cache) return;
  const prev = cache.get(path);
  const same = prev !== undefined && prev.hash === facts.hash;
  // Ranges of the same bytes add up: reading a long file in pages makes it fully read.
  const ranges = mergeRanges([...(same && prev.ranges ? prev.ranges : []), ...(shown ? [shown] : [])]);
  const full = coversAll(ranges, totalLines) || (same && prev.full);
  cache.set(path, { ...facts, ...pick(args), full, ranges, totalLines, kind: 'read', readAt: now });
}

/** After an image, PDF or notebook Read: `full` says whether every page/cell was shown. */
export function recordWholeRead(
  cache: FileStateCache | undefined,
  path: string,
  facts: FileFacts,
  args: ReadArgs,
  full: boolean,
  now = Date.now(),
): void {
  if (!cache) return;
  const prev = cache.get(path);
  const keepFull = prev !== undefined && prev.hash === facts.hash && prev.full;
  cache.set(path, { ...facts, ...pick(args), full: full || keepFull, kind: 'read', readAt: now });
}

function pick(args: ReadArgs): ReadArgs {
  const out: ReadArgs = {};
  if (args.offset !== undefined) out.offset = args.offset;
  if (args.limit !== undefined) out.limit = args.limit;
  if (args.pages !== undefined) out.pages = args.pages;
  return out;
}
