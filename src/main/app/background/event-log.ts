// A running task's session events, as the worker saw them, in its folder (`events.jsonl`, one event a
// line, append-only): what lets a window follow the task live — streaming text, tool calls as they run,
// their output — though the task runs in another process. The session file alone would not do: it holds
// finished steps only (a reply once complete, a call once done), never the text or output on the way.
// The writer gathers events and appends them a few times a second (consecutive text and output pieces
// joined); the reader hands back whole lines from an offset, a broken line skipped with a log line.
import { appendFile, open } from 'node:fs/promises';
import { SessionEvent } from '../../../shared/session-events';
import type { Logger } from '../../base/log';

/** How often the writer appends what it gathered (ms). */
export const EVENT_FLUSH_MS = 100;
/** A call's output is logged up to this many characters; its result carries the whole of it anyway. */
export const PROGRESS_LOGGED_MAX = 256 * 1024;
/** What one read takes at most: a long log reaches a window in bounded pieces. */
const READ_MAX = 4 * 1024 * 1024;

export interface EventWriter {
  add(event: SessionEvent): void;
  /** Appends what is gathered now; resolves when it is on disk. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/** Joins an event onto the last one gathered when both are pieces of the same text or output. */
function joined(last: SessionEvent | undefined, ev: SessionEvent): SessionEvent | null {
  if (!last) return null;
  if (last.type === 'text_delta' && ev.type === 'text_delta' && last.messageId === ev.messageId) return { ...last, text: last.text + ev.text };
  if (
    last.type === 'tool_progress' &&
    ev.type === 'tool_progress' &&
    last.callId === ev.callId &&
    last.progress.type === 'output' &&
    ev.progress.type === 'output' &&
    last.progress.stream === ev.progress.stream
  ) {
    return { ...last, progress: { ...last.progress, text: last.progress.text + ev.progress.text } };
  }
  return null;
}

export function createEventWriter(file: string, log: Logger, flushMs = EVENT_FLUSH_MS): EventWriter {
  let gathered: SessionEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  /** Output characters logged per call, so a chatty command cannot fill the disk twice. */
  const output = new Map<string, number>();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (gathered.length === 0) return chain;
    const text = gathered.map((e) => JSON.stringify(e)).join('\n') + '\n';
    gathered = [];
    chain = chain.then(() => appendFile(file, text, { mode: 0o600 })).catch((err: unknown) => log.warn(`background task: could not log its events to ${file}`, err));
    return chain;
  };

  return {
    add(ev) {
      if (ev.type === 'tool_progress' && ev.progress.type === 'output') {
        const sofar = output.get(ev.callId) ?? 0;
        if (sofar >= PROGRESS_LOGGED_MAX) return;
        output.set(ev.callId, sofar + ev.progress.text.length);
      }
      const both = joined(gathered.at(-1), ev);
      if (both) gathered[gathered.length - 1] = both;
      else gathered.push(ev);
      timer ??= setTimeout(() => void flush(), flushMs);
    },
    flush,
    async close() {
      await flush();
    },
  };
}

export interface EventsRead {
  events: SessionEvent[];
  /** Where the next read starts: after the last whole line read. */
  next: number;
}

/** The whole lines from `offset` on (a line still being written waits for the next read). */
export async function readEvents(file: string, offset: number, log: Logger): Promise<EventsRead> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`background task: could not read ${file}`, err);
    return { events: [], next: offset };
  }
  try {
    const { size } = await fh.stat();
    // Shorter than where we were: not the file we followed; start over.
    const from = size < offset ? 0 : offset;
    if (size === from) return { events: [], next: from };
    const buf = Buffer.alloc(Math.min(READ_MAX, size - from));
    const { bytesRead } = await fh.read(buf, 0, buf.length, from);
    const end = buf.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (end === -1) {
      // One line longer than a read: no event is that large; skip past it rather than stall.
      if (bytesRead === READ_MAX) log.warn(`background task: skipping an over-long line of ${file}`);
      return { events: [], next: bytesRead === READ_MAX ? from + bytesRead : from };
    }
    const events: SessionEvent[] = [];
    for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const ev = SessionEvent.safeParse(JSON.parse(line));
        if (ev.success) events.push(ev.data);
        else log.warn(`background task: skipping an event of ${file} Agent Desk cannot read`);
      } catch {
        log.warn(`background task: skipping a broken line of ${file}`);
      }
    }
    return { events, next: from + end + 1 };
  } finally {
    await fh.close();
  }
}
