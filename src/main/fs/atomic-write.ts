// Atomic file replacement: write a temp file in the same directory, fsync it, rename it over the
// target. A crash or error at any point leaves either the old bytes or the new ones, never a mix, and
// no temp file behind. The file's mode is kept; a symlink is written through, not replaced.
// Temp files are named `.<name>.agent-desk-<12 hex>.tmp`: a process killed mid-write leaves one,
// and sweepStaleTempFiles removes those older than a minute from a folder tree (PX8).
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
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

/** How an atomic write's temp file is named, and nothing else (`.` + up to 100 characters of the name). */
export const TEMP_FILE_PATTERN = /^\..{1,100}\.agent-desk-[0-9a-f]{12}\.tmp$/s;

/** The name part is cut to 100 characters so a long file name never makes the temp name too long. */
export function tempPathFor(dest: string): string {
  const name = Array.from(path.basename(dest)).slice(0, 100).join('');
  return path.join(path.dirname(dest), `.${name}.agent-desk-${randomBytes(6).toString('hex')}.tmp`);
}

export interface SweepOptions {
  /** Only temp files last modified longer ago than this are removed (default one minute). */
  olderThanMs?: number;
  /** Folders read at most, breadth first, so the shallow ones come first (default 5,000). */
  maxDirs?: number;
  /** How deep below `root` to look (default 32; 0 = `root` only). */
  maxDepth?: number;
  now?: () => number;
}

export interface SweepResult {
  removed: string[];
  dirsRead: number;
  /** The folder budget ran out before the tree was walked. */
  truncated: boolean;
}

/** Never walked: dependency trees and version-control stores (no edit tool writes there through us). */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);

/**
 * Removes the temp files interrupted atomic writes left in `root`'s tree: only files named by
 * TEMP_FILE_PATTERN and older than `olderThanMs`, never following symlinks, never entering
 * node_modules or .git, reading at most `maxDirs` folders. Never throws: an unreadable folder or a
 * file that went away is skipped.
 */
export async function sweepStaleTempFiles(root: string, opts: SweepOptions = {}): Promise<SweepResult> {
  const olderThanMs = opts.olderThanMs ?? 60_000;
  const maxDirs = opts.maxDirs ?? 5_000;
  const maxDepth = opts.maxDepth ?? 32;
  const cutoff = (opts.now ?? Date.now)() - olderThanMs;
  const removed: string[] = [];
  const queue: { dir: string; depth: number }[] = [{ dir: path.resolve(root), depth: 0 }];
  let dirsRead = 0;
  let truncated = false;
  while (queue.length > 0 && dirsRead < maxDirs) {
    const { dir, depth } = queue.shift()!;
    dirsRead++;
    let entries: Dirent[];
    try {
      entries = await nodeFs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (depth >= maxDepth || SKIPPED_DIRS.has(e.name)) continue;
        // The queue never holds more folders than the budget can still read.
        if (dirsRead + queue.length < maxDirs) queue.push({ dir: full, depth: depth + 1 });
        else truncated = true;
      } else if (e.isFile() && TEMP_FILE_PATTERN.test(e.name)) {
        try {
          if ((await nodeFs.lstat(full)).mtimeMs > cutoff) continue;
          await nodeFs.unlink(full);
          removed.push(full);
        } catch {
          // Renamed or removed meanwhile (a write finishing): nothing to do.
        }
      }
    }
  }
  return { removed, dirsRead, truncated: truncated || queue.length > 0 };
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
