// Follows a growing file (a background task's output): what is there now, then each addition, until stopped.
import { open, stat } from 'node:fs/promises';
import { watch, type FSWatcher } from 'node:fs';

export interface FileFollower {
  stop(): void;
}

export const FOLLOW_POLL_MS = 250;
/** What one read takes at most, so a huge file reaches the window in bounded pieces. */
const READ_CHUNK = 64 * 1024;

/** A read-only tab has no line discipline: a bare newline must also return to the line's start. */
export function toTerminalText(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export function followFile(file: string, onData: (text: string) => void, opts: { pollMs?: number; onError?: (err: unknown) => void } = {}): FileFollower {
  let offset = 0;
  let stopped = false;
  let reading = false;
  let again = false;
  let watcher: FSWatcher | null = null;
  const decoder = new TextDecoder('utf-8');

  async function readMore(): Promise<void> {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const size = (await stat(file)).size;
        // Truncated (the task started over): follow from the start.
        if (size < offset) offset = 0;
        if (size === offset) continue;
        const fh = await open(file, 'r');
        try {
          while (offset < size && !stopped) {
            const buf = Buffer.alloc(Math.min(READ_CHUNK, size - offset));
            const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
            if (bytesRead === 0) break;
            offset += bytesRead;
            const text = decoder.decode(buf.subarray(0, bytesRead), { stream: true });
            if (text && !stopped) onData(toTerminalText(text));
          }
        } finally {
          await fh.close();
        }
      } while (again && !stopped);
    } catch (err) {
      opts.onError?.(err);
    } finally {
      reading = false;
    }
  }

  try {
    watcher = watch(file, () => void readMore());
    watcher.on('error', () => undefined);
  } catch {
    // Some file systems cannot be watched: the poll below still follows.
  }
  // fs.watch misses changes on some systems; a slow poll is the floor.
  const poll = setInterval(() => void readMore(), opts.pollMs ?? FOLLOW_POLL_MS);
  poll.unref?.();
  void readMore();
  return {
    stop() {
      stopped = true;
      clearInterval(poll);
      watcher?.close();
    },
  };
}
