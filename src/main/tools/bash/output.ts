// Collects a command's stdout and stderr with bounded memory: everything stays in memory up to a
// threshold; past it the whole combined output (its bytes, in arrival order) goes to a file and
// memory keeps only each stream's head and tail. The file is bounded too (PX8): past `spillMaxBytes`
// it keeps its head, the middle is dropped and counted, and memory still holds each stream's tail.
import { isAscii } from 'node:buffer';
import { closeSync, mkdirSync, openSync, writevSync } from 'node:fs';
import path from 'node:path';
import type { StreamName } from '../../process/run-process';
import { formatBytes } from '../../../shared/format-bytes';

export interface OutputLimits {
  /** Total characters held in memory before spilling to a file (~1 MB). */
  spillAtChars: number;
  /** Once spilled: characters kept from the start and from the end of each stream. */
  headChars: number;
  tailChars: number;
  /** The most bytes the spill file takes (default 64 MB, AGENT_DESK_BASH_SPILL_MAX_BYTES). */
  spillMaxBytes?: number;
}

export const DEFAULT_SPILL_MAX_BYTES = 64 * 1024 * 1024;
export const SPILL_MAX_BYTES_ENV = 'AGENT_DESK_BASH_SPILL_MAX_BYTES';

/** What stays in memory once spilled (for the view); the model gets a shorter clip of it plus the
 *  file's path (result-text.ts), well under Bash's 100K limit so the pipeline does not persist again. */
export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { spillAtChars: 1_000_000, headChars: 20_000, tailChars: 20_000, spillMaxBytes: DEFAULT_SPILL_MAX_BYTES };

/** The limits with the spill file's cap from the app's own environment (a whole number of bytes ≥ 1). */
export function outputLimitsFromEnv(env: Record<string, string | undefined> = process.env, base: OutputLimits = DEFAULT_OUTPUT_LIMITS): OutputLimits {
  const v = env[SPILL_MAX_BYTES_ENV]?.trim();
  const n = v && /^\d+$/.test(v) ? Number(v) : 0;
  return n >= 1 && Number.isSafeInteger(n) ? { ...base, spillMaxBytes: n } : base;
}

export { formatBytes };

/** The note a capped spill adds to the result; result-text.ts words the file line by it. */
export const SPILL_CAP_NOTE_START = 'The output file reached its cap';

export function spillCapNote(capBytes: number, droppedBytes: number): string {
  return (
    `${SPILL_CAP_NOTE_START} of ${formatBytes(capBytes)} (${SPILL_MAX_BYTES_ENV}): it holds only the first ${formatBytes(capBytes)} of the output; ` +
    `the ${formatBytes(droppedBytes)} (${droppedBytes.toLocaleString('en-US')} bytes) after that were dropped. The end of each stream shown is the real end of the output.`
  );
}

/** Where to cut `buf` at most `max` bytes in, not inside a UTF-8 character. */
function utf8Cut(buf: Buffer, max: number): number {
  if (max >= buf.length) return buf.length;
  let cut = Math.max(0, max);
  for (let i = 0; i < 3 && cut > 0 && (buf[cut]! & 0xc0) === 0x80; i++) cut--;
  return cut;
}

const WRITE_BATCH_BYTES = 1 << 20;

/** One writev per batch, no copying into one buffer; a short write (a full disk, a signal) goes on
 *  from where it stopped until all is written or it throws. */
function writeAll(fd: number, chunks: Buffer[]): void {
  let rest = chunks;
  while (rest.length > 0) {
    let written = writevSync(fd, rest);
    let i = 0;
    while (i < rest.length && written >= rest[i]!.length) written -= rest[i++]!.length;
    rest = rest.slice(i);
    if (written > 0 && rest.length > 0) rest[0] = rest[0]!.subarray(written);
  }
}

/** The JS length (UTF-16 units) of these UTF-8 bytes once decoded, without decoding them. */
export function utf16Length(bytes: Buffer): number {
  if (isAscii(bytes)) return bytes.length;
  let n = 0;
  for (const b of bytes) if ((b & 0xc0) !== 0x80) n += b >= 0xf0 ? 2 : 1;
  return n;
}

/** A window of the last bytes of a stream, enough for `chars` characters (UTF-8: at most 4 bytes each). */
class ByteTail {
  private chunks: Buffer[] = [];
  private bytes = 0;
  /** Bytes fell out of the window. */
  dropped = false;

  constructor(private readonly chars: number) {}

  get empty(): boolean {
    return this.bytes === 0;
  }

  push(raw: Buffer): void {
    this.chunks.push(raw);
    this.bytes += raw.length;
    const keep = 4 * this.chars + 4;
    while (this.chunks.length > 1 && this.bytes - this.chunks[0]!.length >= keep) {
      this.bytes -= this.chunks.shift()!.length;
      this.dropped = true;
    }
  }

  /** The window decoded from its first whole character on (a character cut at its start is skipped). */
  text(): string {
    const buf = Buffer.concat(this.chunks);
    let start = 0;
    if (this.dropped) while (start < buf.length && start < 4 && (buf[start]! & 0xc0) === 0x80) start++;
    return buf.subarray(start).toString('utf8');
  }
}

class StreamBuffer {
  private full: string[] = [];
  private fullChars = 0;
  head = '';
  private tail = '';
  /** Bytes after the spill that were never decoded: only their last ones can be shown. */
  private rawTail: ByteTail;
  total = 0;

  constructor(private readonly limits: OutputLimits) {
    this.rawTail = new ByteTail(limits.tailChars);
  }

  /** Bytes past the spill that nobody decoded: counted, and kept only as far as the tail reaches. */
  appendRaw(raw: Buffer): void {
    if (this.head.length < this.limits.headChars) {
      this.append(raw.toString('utf8'), true);
      return;
    }
    this.total += utf16Length(raw);
    this.rawTail.push(raw);
  }

  private settleRawTail(): string {
    if (this.rawTail.empty) return this.tail;
    const text = this.rawTail.text();
    return (this.rawTail.dropped ? text : this.tail + text).slice(-this.limits.tailChars);
  }

  append(text: string, spilled: boolean): void {
    if (!this.rawTail.empty) {
      this.tail = this.settleRawTail();
      this.rawTail = new ByteTail(this.limits.tailChars);
    }
    this.total += text.length;
    if (!spilled) {
      this.full.push(text);
      this.fullChars += text.length;
      return;
    }
    this.pushBounded(text);
  }

  /** Drop the full copy, keeping head and tail (called once, when the collector spills). */
  shrink(): void {
    const all = this.full.join('');
    this.full = [];
    this.fullChars = 0;
    this.head = '';
    this.tail = '';
    this.pushBounded(all);
  }

  private pushBounded(text: string): void {
    let rest = text;
    if (this.head.length < this.limits.headChars) {
      const take = this.limits.headChars - this.head.length;
      this.head += rest.slice(0, take);
      rest = rest.slice(take);
    }
    if (rest.length === 0) return;
    const keep = this.limits.tailChars;
    // A chunk at least as long as the tail replaces it outright: no concatenation of large strings.
    this.tail = rest.length >= keep ? rest.slice(-keep) : (this.tail + rest).slice(-keep);
  }

  get inMemoryChars(): number {
    return this.fullChars;
  }

  text(omittedNote: (chars: number) => string): string {
    if (this.full.length > 0 || this.head === '') return this.full.join('');
    const tail = this.settleRawTail();
    // Head and tail never overlap, so anything beyond them was dropped.
    if (this.total <= this.head.length + tail.length) return this.head + tail;
    const omitted = this.total - this.head.length - tail.length;
    return this.head + omittedNote(omitted) + tail;
  }
}

export class OutputCollector {
  private readonly streams: Record<StreamName, StreamBuffer>;
  /** The bytes in arrival order, kept only until the spill (then the file holds them). */
  private order: Buffer[] = [];
  private fd: number | undefined;
  private file: string | undefined;
  /** Spilled bytes not yet written: one write per ~1 MB instead of one per pipe chunk. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private spillError: Error | undefined;
  /** Bytes the file takes (written or pending), at most the cap. */
  private fileBytes = 0;
  /** Bytes past the cap, never written. */
  private dropped = 0;
  private readonly maxFileBytes: number;

  constructor(
    /** Where the full output goes if it outgrows memory (created on demand). */
    private readonly spillPath: string,
    private readonly limits: OutputLimits = DEFAULT_OUTPUT_LIMITS,
  ) {
    this.streams = { stdout: new StreamBuffer(limits), stderr: new StreamBuffer(limits) };
    this.maxFileBytes = limits.spillMaxBytes ?? DEFAULT_SPILL_MAX_BYTES;
  }

  /** Past the spill the text is no longer needed as it comes: the bytes may arrive undecoded. */
  get spilled(): boolean {
    return this.fd !== undefined;
  }

  /**
   * `text` feeds the in-memory view; `raw`, the bytes as read (default: the text's UTF-8), goes to
   * the file, so the file holds exactly what the command printed and is written without re-encoding.
   * `decoded: false` (only once spilled): `text` is empty and the view is made from `raw` at the end.
   */
  append(stream: StreamName, text: string, raw: Buffer = Buffer.from(text), decoded = true): void {
    const spilled = this.fd !== undefined;
    if (!decoded && spilled) this.streams[stream].appendRaw(raw);
    else if (text.length > 0) this.streams[stream].append(text, spilled);
    if (raw.length === 0) return;
    if (spilled) {
      this.write(raw);
      return;
    }
    this.order.push(raw);
    if (this.streams.stdout.inMemoryChars + this.streams.stderr.inMemoryChars > this.limits.spillAtChars) this.spill();
  }

  private spill(): void {
    try {
      mkdirSync(path.dirname(this.spillPath), { recursive: true });
      this.fd = openSync(this.spillPath, 'w');
      this.file = this.spillPath;
    } catch (err) {
      // Cannot write the file: keep bounding memory anyway; the note says the middle is lost.
      this.spillError = err as Error;
      this.fd = -1;
    }
    for (const raw of this.order) this.write(raw);
    this.order = [];
    this.streams.stdout.shrink();
    this.streams.stderr.shrink();
  }

  private write(raw: Buffer): void {
    if (this.fd === undefined || this.fd < 0) return;
    let bytes = raw;
    if (this.fileBytes + bytes.length > this.maxFileBytes) {
      // The cap: the file keeps its head; the rest is only counted (memory keeps each stream's tail).
      const cut = this.dropped > 0 ? 0 : utf8Cut(bytes, this.maxFileBytes - this.fileBytes);
      this.dropped += bytes.length - cut;
      if (cut === 0) return;
      bytes = bytes.subarray(0, cut);
    }
    this.fileBytes += bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= WRITE_BATCH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.fd === undefined || this.fd < 0 || this.pending.length === 0) return;
    const chunks = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    try {
      writeAll(this.fd, chunks);
    } catch (err) {
      this.spillError = err as Error;
      this.close();
      this.fd = -1;
      this.file = undefined;
    }
  }

  close(): void {
    if (this.dropped > 0 && this.fd !== undefined && this.fd >= 0) {
      // Whoever reads the file learns where it stops and why (a few bytes past the cap).
      this.pending.push(
        Buffer.from(`\n\n... [Agent Desk stopped saving the output here: the file reached its cap of ${formatBytes(this.maxFileBytes)}; ${this.dropped.toLocaleString('en-US')} more bytes were dropped] ...\n`),
      );
    }
    this.flush();
    if (this.fd !== undefined && this.fd >= 0) {
      try {
        closeSync(this.fd);
      } catch {
        // Nothing left to do with a file we cannot close.
      }
    }
  }

  get totalChars(): number {
    return this.streams.stdout.total + this.streams.stderr.total;
  }

  /** The file holding the whole output, if it spilled (and writing worked). */
  get outputFile(): string | undefined {
    return this.file;
  }

  get error(): Error | undefined {
    return this.spillError;
  }

  /** Bytes past the spill file's cap that were dropped (0 = the file holds the whole output). */
  get droppedBytes(): number {
    return this.dropped;
  }

  /** The spill file's cap in bytes. */
  get spillMaxBytes(): number {
    return this.maxFileBytes;
  }

  text(stream: StreamName): string {
    const where = !this.file ? '' : this.dropped > 0 ? '; the file below holds the start of the output' : '; the full output is in the file below';
    return this.streams[stream].text((n) => `\n\n... [${n} characters omitted${where}] ...\n\n`);
  }
}
