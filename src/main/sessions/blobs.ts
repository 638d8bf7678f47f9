// Large strings of a session file stored once (issue 16 item 6): a 64 MB Write appears in the reply's
// blocks, the message and the call's snapshot; each line carries a reference and the text lives once
// in `<id>.blobs/<sha256>` beside the session file, written (atomically) before any line names it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Strings at least this long go to a blob; shorter ones stay in the line. */
export const BLOB_MIN_CHARS = 64 * 1024;
const REF_KEY = '$adBlob';
const HASH = /^[0-9a-f]{64}$/;

export const blobDirOf = (sessionFile: string): string => sessionFile.replace(/\.jsonl$/, '.blobs');

/** A line's JSON with its large strings as references, and the blobs it needs. */
export function serializeWithBlobs(value: unknown, hashes: BlobHashes = new BlobHashes()): { json: string; blobs: Map<string, string> } {
  const blobs = new Map<string, string>();
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'string' || v.length < BLOB_MIN_CHARS) return v;
    const hash = hashes.of(v);
    blobs.set(hash, v);
    return { [REF_KEY]: hash, chars: v.length };
  });
  return { json, blobs };
}

/** Hashes of the last few large strings: one Write's text is seen three times in a row. */
export class BlobHashes {
  private readonly recent = new Map<string, string>();
  of(text: string): string {
    const hit = this.recent.get(text);
    if (hit) return hit;
    const hash = createHash('sha256').update(text, 'utf8').digest('hex');
    this.recent.set(text, hash);
    if (this.recent.size > 8) this.recent.delete(this.recent.keys().next().value!);
    return hash;
  }
}

/** Writes the blobs a line needs that are not on disk yet; each lands whole or not at all. */
export async function writeBlobs(sessionFile: string, blobs: Map<string, string>): Promise<void> {
  if (blobs.size === 0) return;
  const dir = blobDirOf(sessionFile);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const [hash, text] of blobs) {
    const file = path.join(dir, hash);
    if (existsSync(file)) continue;
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, text, { encoding: 'utf8', mode: 0o600 });
    await rename(tmp, file);
  }
}

export type BlobReader = (ref: { hash: string; chars: number }) => string;

/** Reads a session's blobs from disk (each once per load); a missing one says so in its place. */
export function diskBlobReader(sessionFile: string, onMissing?: (hash: string) => void): BlobReader {
  const dir = blobDirOf(sessionFile);
  const cache = new Map<string, string>();
  return ({ hash, chars }) => {
    const hit = cache.get(hash);
    if (hit !== undefined) return hit;
    let text: string;
    try {
      text = readFileSync(path.join(dir, hash), 'utf8');
    } catch {
      onMissing?.(hash);
      text = `[${chars} characters saved beside the session file are missing]`;
    }
    cache.set(hash, text);
    return text;
  };
}

/** For listings: the size of a blob is enough, its text is not read. */
export const skipBlobs: BlobReader = ({ chars }) => `[${chars} characters]`;

/** JSON.parse's reviver turning references back into their text. */
export function blobReviver(read: BlobReader): (key: string, value: unknown) => unknown {
  return (_key, value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const o = value as Record<string, unknown>;
    const hash = o[REF_KEY];
    if (typeof hash !== 'string' || !HASH.test(hash) || typeof o.chars !== 'number') return value;
    const keys = Object.keys(o);
    if (keys.length !== 2) return value;
    return read({ hash, chars: o.chars });
  };
}
