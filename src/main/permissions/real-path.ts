// Where a path really leads, for permission checks: the realpath of the path, or of its nearest existing
// ancestor with the rest appended — and, unlike a plain realpath, through a symlink whose target does not
// exist yet. Writing through such a dangling link creates its target, so `notes → secrets/new.txt`
// must be judged as `secrets/new.txt`, not as `notes`.
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Links followed before giving up (the kernel's own limit is 40). */
const MAX_HOPS = 40;

export function realpathForPermissions(abs: string): string {
  let cur = path.resolve(abs);
  const rest: string[] = [];
  for (let hops = 0; hops <= MAX_HOPS; ) {
    try {
      const real = realpathSync.native(cur);
      return rest.length ? path.join(real, ...[...rest].reverse()) : real;
    } catch {
      // Not there (or a link to nowhere): follow a dangling link, else look one folder up.
    }
    let link: string | null = null;
    try {
      if (lstatSync(cur).isSymbolicLink()) link = readlinkSync(cur);
    } catch {
      link = null;
    }
    if (link !== null) {
      cur = path.resolve(path.dirname(cur), link);
      hops++;
      continue;
    }
    const parent = path.dirname(cur);
    if (parent === cur) break;
    rest.push(path.basename(cur));
    cur = parent;
  }
  return path.resolve(cur, ...[...rest].reverse());
}
