// The directory walk that applies the ignore layers while descending, so ignored directories are pruned
// and never listed, and that yields to the event loop between slices of synchronous file system work.

import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { IgnoreMatch } from '../../fs/gitignore-glob';
import { loadAncestorLayers, loadIgnoreLayer, matchIgnoreLayers, toSlash, type IgnoreLayer } from './ignore-layers';

/**
 * Synchronous file system calls are several times faster than their promise forms for thousands of
 * small files; this keeps them from holding the event loop: work runs in slices of SLICE_MS.
 */
export const SLICE_MS = 10;

export function createTimeSlicer(sliceMs = SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

export interface WalkOptions {
  signal?: AbortSignal;
  /** rg's `--glob` overrides, given the path relative to the walk root; consulted before any ignore file. */
  overrides?: (rel: string, isDir: boolean) => IgnoreMatch;
  /** rg's `--type` selection, given a file's name; consulted after the ignore files. */
  fileType?: (name: string) => IgnoreMatch;
  /** A directory that could not be listed (permissions): the walk goes on without it. */
  onError?: (p: string, err: unknown) => void;
  /** 1 = only the root's own entries; unset = no limit. */
  maxDepth?: number;
}

/**
 * Every regular file under `root` a search should see, depth first in name order. Symbolic links are
 * not followed (rg's default); ignored directories are pruned, never listed. `root` itself is never
 * matched against the rules: naming a directory searches it even when it is ignored.
 */
export async function* walkFiles(root: string, opts: WalkOptions = {}): AsyncGenerator<string> {
  const absRoot = path.resolve(root);
  const ancestors = loadAncestorLayers(absRoot);
  const breathe = createTimeSlicer();
  const stack: Array<{ dir: string; parent: IgnoreLayer | undefined; depth: number }> = [{ dir: absRoot, parent: ancestors, depth: 1 }];
  while (stack.length > 0) {
    await breathe();
    if (opts.signal?.aborted) return;
    const { dir, parent, depth } = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      opts.onError?.(dir, err);
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const layer = loadIgnoreLayer(dir, parent, new Set(entries.map((e) => e.name)));
    const subdirs: string[] = [];
    for (const entry of entries) {
      const isDir = entry.isDirectory();
      if (!isDir && !entry.isFile()) continue;
      const abs = path.join(dir, entry.name);
      if (!included(abs, isDir, entry.name, absRoot, layer, opts)) continue;
      if (isDir) {
        if (opts.maxDepth === undefined || depth < opts.maxDepth) subdirs.push(abs);
      } else {
        yield abs;
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push({ dir: subdirs[i]!, parent: layer, depth: depth + 1 });
  }
}

/** rg's order (ignore crate, `Ignore::matched`): overrides, then ignore files, then file types. */
function included(abs: string, isDir: boolean, name: string, root: string, layer: IgnoreLayer, opts: WalkOptions): boolean {
  if (opts.overrides) {
    const o = opts.overrides(toSlash(path.relative(root, abs)), isDir);
    if (o === 'ignore') return false;
    if (o === 'whitelist') return true;
  }
  if (matchIgnoreLayers(layer, abs, isDir) === 'ignore') return false;
  if (!isDir && opts.fileType && opts.fileType(name) === 'ignore') return false;
  return true;
}
