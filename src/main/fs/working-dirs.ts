// Whether a path lies inside the project's working directories, judged both on the path as written
// and on where symlinks really lead (a link inside the project to /etc is outside).
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Lexical containment: `dir` itself or anything below it. */
export function isInsideDir(abs: string, dir: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(abs));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Inside some working directory both as written and after resolving symlinks. */
export async function isInWorkingDirectories(abs: string, dirs: readonly string[]): Promise<boolean> {
  if (!dirs.some((d) => isInsideDir(abs, d))) return false;
  const real = realpathOrAncestorSync(abs);
  return dirs.some((d) => isInsideDir(real, realpathOrAncestorSync(d)));
}

/**
 * The realpath of `abs`, or of its nearest existing ancestor with the rest appended. One synchronous
 * realpath(3) call per try: microseconds on a local disk, where a trip through the thread pool per
 * call cost ~1 ms in a burst of ten Reads.
 */
export function realpathOrAncestorSync(abs: string): string {
  let cur = path.resolve(abs);
  const rest: string[] = [];
  for (;;) {
    try {
      const real = realpathSync.native(cur);
      return rest.length ? path.join(real, ...rest.reverse()) : real;
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return path.resolve(abs);
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
}

export function isInWorkingDirectoriesSync(abs: string, dirs: readonly string[]): boolean {
  if (!dirs.some((d) => isInsideDir(abs, d))) return false;
  const real = realpathOrAncestorSync(abs);
  return dirs.some((d) => isInsideDir(real, realpathOrAncestorSync(d)));
}
