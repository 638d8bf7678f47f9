// A running call's live progress as the UI keeps it: output chunks in arrival order (bounded to the
// last PROGRESS_LIMIT_CHARS, the rest counted as hidden) and the latest status line. Pure functions.
import type { ToolProgress } from '../../../shared/tools/tool-call';

export type OutputStream = 'stdout' | 'stderr';

export interface OutputChunk {
  /** Stable across trims, for React keys. */
  id: number;
  stream: OutputStream;
  text: string;
}

export interface ProgressLog {
  chunks: OutputChunk[];
  /** Characters kept in `chunks`. */
  size: number;
  /** Characters of output dropped from the front to stay within the limit. */
  hiddenChars: number;
  /** The latest status line ("Output continues: 1.2M chars more not shown live"). */
  status?: string;
  nextId: number;
}

/** About 200 KB of text per call; a terminal's scrollback, not the whole output (the result has that). */
export const PROGRESS_LIMIT_CHARS = 200_000;

export const EMPTY_PROGRESS: ProgressLog = { chunks: [], size: 0, hiddenChars: 0, nextId: 0 };

export function appendProgress(log: ProgressLog | undefined, items: readonly ToolProgress[], limit = PROGRESS_LIMIT_CHARS): ProgressLog {
  const base = log ?? EMPTY_PROGRESS;
  const chunks = base.chunks.slice();
  let { size, hiddenChars, status, nextId } = base;
  for (const item of items) {
    if (item.type === 'status') {
      status = item.text;
      continue;
    }
    if (item.text.length === 0) continue;
    const last = chunks.at(-1);
    // Same stream back to back is one chunk: fewer spans to render.
    if (last && last.stream === item.stream) chunks[chunks.length - 1] = { ...last, text: last.text + item.text };
    else chunks.push({ id: nextId++, stream: item.stream, text: item.text });
    size += item.text.length;
  }
  while (size > limit && chunks.length > 0) {
    const first = chunks[0]!;
    const excess = size - limit;
    if (first.text.length <= excess) {
      chunks.shift();
      size -= first.text.length;
      hiddenChars += first.text.length;
    } else {
      chunks[0] = { ...first, text: first.text.slice(excess) };
      size -= excess;
      hiddenChars += excess;
    }
  }
  const next: ProgressLog = { chunks, size, hiddenChars, nextId };
  if (status !== undefined) next.status = status;
  return next;
}

/** The kept output as one string (tests, copy). */
export function progressText(log: ProgressLog | undefined): string {
  return log ? log.chunks.map((c) => c.text).join('') : '';
}
