// A per-connection bound on the log lines a client causes (PX8): `log:write` frames and the warnings
// its malformed frames produce. In each window at most `lines` lines (a message's newlines count) and
// `bytes` bytes reach the log; the rest is dropped and counted, and one line says how many once the
// window ends (or the socket closes), so a looping renderer cannot flood the log or the disk.

export interface LogLimit {
  lines: number;
  bytes: number;
  windowMs: number;
}

/** 100 lines or 64 KB per 10 s per connection. */
export const DEFAULT_LOG_LIMIT: LogLimit = { lines: 100, bytes: 64 * 1024, windowMs: 10_000 };

export interface LogLimiter {
  /** Whether `text` may be logged now; if not it is counted as dropped. */
  allow(text: string): boolean;
  /** Says what was dropped in the current window, if anything, and stops the timer. */
  close(): void;
}

function linesIn(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function createLogLimiter(
  limit: LogLimit,
  onDropped: (lines: number, bytes: number) => void,
  now: () => number = Date.now,
): LogLimiter {
  let windowStart = -Infinity;
  let lines = 0;
  let bytes = 0;
  let droppedLines = 0;
  let droppedBytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const report = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (droppedLines === 0) return;
    const [l, b] = [droppedLines, droppedBytes];
    droppedLines = 0;
    droppedBytes = 0;
    onDropped(l, b);
  };

  return {
    allow(text) {
      const t = now();
      if (t - windowStart >= limit.windowMs) {
        report();
        windowStart = t;
        lines = 0;
        bytes = 0;
      }
      const n = linesIn(text);
      const size = Buffer.byteLength(text, 'utf8');
      if (lines + n <= limit.lines && bytes + size <= limit.bytes) {
        lines += n;
        bytes += size;
        return true;
      }
      droppedLines += n;
      droppedBytes += size;
      if (!timer) {
        // Said once the window is over, even if the client goes quiet.
        timer = setTimeout(report, Math.max(0, windowStart + limit.windowMs - t));
        timer.unref?.();
      }
      return false;
    },
    close: report,
  };
}
