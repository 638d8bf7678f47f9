// A background task's output file stays bounded (issue 16 item 6): the program writes to it directly
// (a dev server for days, or `yes` at hundreds of MB a second), so it is looked at twice a second and,
// once over its cap, cut to its newest quarter with a note saying how much was dropped. The newest
// output is what a person and TaskOutput want; the program keeps writing (its descriptor appends) and
// never notices. What it writes during the cut itself is lost, and counted.
import { appendFileSync, closeSync, openSync, readSync, statSync, truncateSync } from 'node:fs';

/** The newest `bytes` of the file, from the start of a line. */
function tailOf(file: string, size: number, bytes: number): Buffer {
  const take = Math.min(size, bytes);
  const buf = Buffer.alloc(take);
  const fd = openSync(file, 'r');
  try {
    const got = readSync(fd, buf, 0, take, size - take);
    const read = buf.subarray(0, got);
    const nl = read.indexOf(0x0a);
    return nl >= 0 && nl < read.length - 1 ? read.subarray(nl + 1) : read;
  } finally {
    closeSync(fd);
  }
}

export const OUTPUT_CAP_CHECK_MS = 500;

export interface OutputCap {
  /** Bytes dropped so far. */
  dropped(): number;
  stop(): void;
}

export function capOutputFile(file: string, maxBytes: number, opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}): OutputCap {
  let dropped = 0;
  const check = () => {
    try {
      const { size } = statSync(file);
      if (size <= maxBytes) return;
      const tail = tailOf(file, size, Math.floor(maxBytes / 4));
      truncateSync(file, 0);
      dropped += size - tail.length;
      appendFileSync(file, Buffer.concat([Buffer.from(`[${size - tail.length} bytes of earlier output were dropped: this file is kept under ${maxBytes} bytes]\n`), tail]));
    } catch (err) {
      // Removed with its session, or a full disk: nothing to keep small.
      opts.onError?.(err);
    }
  };
  const timer = setInterval(check, opts.intervalMs ?? OUTPUT_CAP_CHECK_MS);
  timer.unref?.();
  return {
    dropped: () => dropped,
    stop: () => {
      clearInterval(timer);
      check();
    },
  };
}
