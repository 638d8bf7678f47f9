// Reads a task's output file from where the previous read stopped (TaskOutput, BA10): one offset per
// task, so each read returns only what is new. Bounded: past `maxBytes` only the newest part is
// returned and the rest is counted (it stays in the file).
import { open } from 'node:fs/promises';

export const DEFAULT_READ_MAX_BYTES = 30_000;

export interface OutputChunk {
  text: string;
  /** New bytes not in `text` (the older part of what is new). */
  omittedBytes: number;
}

export interface OutputReader {
  /** What `file` gained since the last read of task `id`; the offset moves to the file's end. */
  readNew(id: string, file: string): Promise<OutputChunk>;
}

/** Where to start so the text opens on a whole UTF-8 character (continuation bytes are 10xxxxxx). */
function charStart(buf: Buffer): number {
  let i = 0;
  while (i < buf.length && i < 4 && (buf[i]! & 0xc0) === 0x80) i++;
  return i;
}

export function createOutputReader(maxBytes = DEFAULT_READ_MAX_BYTES): OutputReader {
  const offsets = new Map<string, number>();
  return {
    async readNew(id, file) {
      const from = offsets.get(id) ?? 0;
      let fh;
      try {
        fh = await open(file, 'r');
      } catch {
        // Not created yet, or removed: nothing new to say.
        return { text: '', omittedBytes: 0 };
      }
      try {
        const size = (await fh.stat()).size;
        // A file that shrank was rewritten: read it from its start.
        const start = size < from ? 0 : from;
        const total = size - start;
        const take = Math.min(total, maxBytes);
        const buf = Buffer.alloc(take);
        let got = 0;
        while (got < take) {
          const { bytesRead } = await fh.read(buf, got, take - got, start + total - take + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        const read = buf.subarray(0, got);
        const skip = total > take ? charStart(read) : 0;
        // A character cut at the very end stays whole only if the writer finishes it: keep it for the next read.
        let end = read.length;
        for (let i = read.length - 1, seen = 1; i >= skip && seen <= 4; i--, seen++) {
          const b = read[i]!;
          if ((b & 0xc0) === 0x80) continue;
          const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
          if (need > seen) end = i;
          break;
        }
        offsets.set(id, start + total - take + end);
        return { text: read.subarray(skip, end).toString('utf8'), omittedBytes: total - take + skip };
      } finally {
        await fh.close();
      }
    },
  };
}

/** The app's reader: one offset per task for the whole process, like the app's task registry. */
export const appOutputReader: OutputReader = createOutputReader();
