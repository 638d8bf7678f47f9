// Streams a text file once, keeping only the requested line range (memory stays flat for big files)
// while counting all lines and hashing all bytes for the read cache. Long lines are cut with a marker.
import { createReadStream, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { detectBom, type TextEncoding } from '../fs-common/encoding';
import { looksBinary } from '../fs-common/binary';
import { FileToolError } from '../fs-common/errors';

export interface TextRangeOptions {
  /** 1-based first line. */
  startLine: number;
  maxLines: number;
  maxLineChars: number;
  /** The shown lines (with their line-number prefixes) may not exceed this. */
  maxOutputChars: number;
  signal?: AbortSignal;
  /** The file's size when known (from a stat): a small file is read in one go, not streamed. */
  size?: number;
}

/**
 * Up to this size a file is read whole, synchronously: for a small local file one read(2) costs less
 * than the four thread-pool round trips of an async read (open, fstat, read, close), and a Read that
 * finishes at once frees its concurrency slot for the calls queued behind it. (The path was already
 * resolved synchronously by the permission stage's working-directory check.)
 */
export const READ_WHOLE_MAX_BYTES = 256 * 1024;

export type TextRange =
  | { binary: true }
  | {
      binary: false;
      lines: string[];
      startLine: number;
      totalLines: number;
      truncatedLines: number;
      hash: string;
      encoding: TextEncoding;
    };

export const RANGE_TOO_LARGE_ERROR_CODE = 9;

/** What replaces the cut-off part of an over-long line. */
export function truncationMarker(fullLength: number): string {
  return `… [line truncated: ${fullLength} characters in all]`;
}

class Latin1Decoder {
  decode(chunk?: Uint8Array): string {
    return chunk ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1') : '';
  }
}

function decoderFor(encoding: TextEncoding): { decode(chunk?: Uint8Array, opts?: { stream: boolean }): string } {
  if (encoding === 'latin1') return new Latin1Decoder();
  const label = encoding === 'utf8' ? 'utf-8' : encoding === 'utf16le' ? 'utf-16le' : 'utf-16be';
  return new TextDecoder(label, { fatal: encoding === 'utf8', ignoreBOM: true });
}

export async function readTextRange(abs: string, opts: TextRangeOptions): Promise<TextRange> {
  try {
    return await scan(abs, opts, undefined);
  } catch (e) {
    // Not valid UTF-8: show it as Latin-1, byte for byte, like Edit will read it.
    if (e instanceof TypeError && (e as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') return scan(abs, opts, 'latin1');
    throw e;
  }
}

async function scan(abs: string, opts: TextRangeOptions, forced: TextEncoding | undefined): Promise<TextRange> {
  const { startLine, maxLines, maxLineChars, maxOutputChars } = opts;
  const endLine = startLine + maxLines - 1;
  const hash = createHash('sha256');
  const lines: string[] = [];
  let truncatedLines = 0;
  let outputChars = 0;
  let lineNo = 1;
  let cur = '';
  let curLen = 0;
  let lastCR = false;
  let decoder: ReturnType<typeof decoderFor> | undefined;
  let encoding: TextEncoding = 'utf8';
  let first = true;

  const endLineNow = () => {
    if (lineNo >= startLine && lineNo <= endLine) {
      const len = curLen - (lastCR ? 1 : 0);
      let text = lastCR && cur.length === curLen ? cur.slice(0, -1) : cur;
      if (len > maxLineChars) {
        text = text.slice(0, maxLineChars) + truncationMarker(len);
        truncatedLines++;
      } else if (text.length > len) text = text.slice(0, len);
      outputChars += text.length + 8;
      if (outputChars > maxOutputChars) {
        throw new FileToolError(
          `The requested range is too large to return (more than ${maxOutputChars.toLocaleString('en-US')} characters by line ${lineNo}). ` +
            `Use offset and limit to read a smaller part of the file, or Grep to search it.`,
          RANGE_TOO_LARGE_ERROR_CODE,
        );
      }
      lines.push(text);
    }
    lineNo++;
    cur = '';
    curLen = 0;
    lastCR = false;
  };

  const feed = (text: string) => {
    let pos = 0;
    for (;;) {
      const nl = text.indexOf('\n', pos);
      const end = nl === -1 ? text.length : nl;
      if (end > pos) {
        if (lineNo >= startLine && lineNo <= endLine && cur.length <= maxLineChars + 1) {
          cur += text.slice(pos, Math.min(end, pos + maxLineChars + 2 - cur.length));
        }
        curLen += end - pos;
        lastCR = text.charCodeAt(end - 1) === 13;
      }
      if (nl === -1) return;
      endLineNow();
      pos = nl + 1;
    }
  };

  const small = opts.size !== undefined && opts.size <= READ_WHOLE_MAX_BYTES;
  const stream = small ? undefined : createReadStream(abs, { highWaterMark: READ_WHOLE_MAX_BYTES });
  try {
    const chunks: AsyncIterable<Buffer> | Buffer[] = stream ?? [readFileSync(abs)];
    for await (const raw of chunks) {
      if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted');
      let chunk = raw as Buffer;
      hash.update(chunk);
      if (first) {
        first = false;
        const bom = detectBom(chunk);
        if (!bom.bom && !forced && looksBinary(chunk)) return { binary: true };
        encoding = forced ?? bom.encoding;
        decoder = decoderFor(encoding);
        chunk = chunk.subarray(bom.bomLength);
      }
      feed(decoder!.decode(chunk, { stream: true }));
    }
    if (decoder) feed(decoder.decode());
  } finally {
    stream?.destroy();
  }
  if (curLen > 0) endLineNow();
  return { binary: false, lines, startLine, totalLines: lineNo - 1, truncatedLines, hash: hash.digest('hex'), encoding };
}
