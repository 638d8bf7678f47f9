// Gathers a terminal's output into batches (every `intervalMs`, or at once past `maxChars`), so a flood
// of output becomes a few large IPC messages instead of thousands of tiny ones.

export interface Coalescer {
  push(data: string): void;
  /** Sends whatever is waiting now (before an exit event, at close). */
  flush(): void;
  dispose(): void;
}

export interface CoalescerOptions {
  intervalMs?: number;
  maxChars?: number;
  /** Timer seam for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const COALESCE_INTERVAL_MS = 16;
export const COALESCE_MAX_CHARS = 64 * 1024;

export function createCoalescer(emit: (data: string) => void, opts: CoalescerOptions = {}): Coalescer {
  const intervalMs = opts.intervalMs ?? COALESCE_INTERVAL_MS;
  const maxChars = opts.maxChars ?? COALESCE_MAX_CHARS;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let parts: string[] = [];
  let size = 0;
  let timer: unknown = null;
  let disposed = false;

  function flush(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (size === 0) return;
    const data = parts.join('');
    parts = [];
    size = 0;
    // A batch never exceeds maxChars, so one message stays within the channel's bound.
    for (let i = 0; i < data.length; i += maxChars) emit(data.slice(i, i + maxChars));
  }

  return {
    push(data) {
      if (disposed || data.length === 0) return;
      parts.push(data);
      size += data.length;
      if (size >= maxChars) flush();
      else if (timer === null) timer = setTimer(flush, intervalMs);
    },
    flush,
    dispose() {
      flush();
      disposed = true;
    },
  };
}
