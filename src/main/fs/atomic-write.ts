// Atomic file replacement: write a temp file in the same directory, fsync it, rename it over the
// target. A crash or error at any point leaves either the old bytes or the new ones, never a mix, and
// no temp file behind. The file's mode is kept; a symlink is written through, not replaced.
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';

/** The filesystem calls the write makes, injectable so tests can fail any step. */
export interface AtomicFs {
  realpath(p: string): Promise<string>;
  stat(p: string): Promise<{ mode: number }>;
  mkdir(p: string, opts: { recursive: true }): Promise<unknown>;
  /** Creates `p` exclusively, writes `data`, fsyncs and closes it. */
  writeTemp(p: string, data: Uint8Array, mode: number): Promise<void>;
  chmod(p: string, mode: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(p: string): Promise<void>;
  /** Best effort: makes the rename itself durable. */
  syncDir(dir: string): Promise<void>;
  /** The non-atomic fallback for a directory we may not create files in. */
  writeInPlace(p: string, data: Uint8Array): Promise<void>;
}

export const nodeAtomicFs: AtomicFs = {
  realpath: (p) => nodeFs.realpath(p),
  stat: (p) => nodeFs.stat(p),
  mkdir: (p, o) => nodeFs.mkdir(p, o),
  async writeTemp(p, data, mode) {
    const fh = await nodeFs.open(p, 'wx', mode);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  },
  chmod: (p, mode) => nodeFs.chmod(p, mode),
  rename: (a, b) => nodeFs.rename(a, b),
  unlink: (p) => nodeFs.unlink(p),
  async syncDir(dir) {
    const fh = await nodeFs.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  },
  writeInPlace: (p, data) => nodeFs.writeFile(p, data),
};

export interface AtomicWriteResult {
  /** The path actually written (a symlink's target). */
  path: string;
  /** False only when the directory refused a temp file and the file was overwritten in place. */
  atomic: boolean;
}

const code = (e: unknown) => (e as { code?: unknown }).code;

export function tempPathFor(dest: string): string {
  return path.join(path.dirname(dest), `.${path.basename(dest)}.${randomBytes(6).toString('hex')}.tmp`);
}

export async function writeFileAtomic(target: string, data: Uint8Array, fs: AtomicFs = nodeAtomicFs): Promise<AtomicWriteResult> {
  let dest = path.resolve(target);
  try {
    dest = await fs.realpath(dest);
  } catch {
    // Does not exist yet (or a dangling link): write the path as given.
  }
  let mode: number | undefined;
  try {
    mode = (await fs.stat(dest)).mode & 0o7777;
  } catch (e) {
    if (code(e) !== 'ENOENT') throw e;
  }
  await fs.mkdir(path.dirname(dest), { recursive: true });
  const tmp = tempPathFor(dest);
  try {
    await fs.writeTemp(tmp, data, mode ?? 0o666);
  } catch (e) {
    await fs.unlink(tmp).catch(() => undefined);
    // A file we may write in a directory we may not add to: overwrite in place rather than fail.
    if (mode !== undefined && (code(e) === 'EACCES' || code(e) === 'EPERM')) {
      await fs.writeInPlace(dest, data);
      return { path: dest, atomic: false };
    }
    throw e;
  }
  try {
    // `open`'s mode went through the umask; an existing file's mode is restored exactly.
    if (mode !== undefined) await fs.chmod(tmp, mode);
    await fs.rename(tmp, dest);
  } catch (e) {
    await fs.unlink(tmp).catch(() => undefined);
    throw e;
  }
  await fs.syncDir(path.dirname(dest)).catch(() => undefined);
  return { path: dest, atomic: true };
}
