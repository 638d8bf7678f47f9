// A task's folder in short, as the inbox and the tray name it: "~/proj" under the home folder, else the path.
import path from 'node:path';

export function shortFolder(dir: string, home: string | undefined): string {
  const abs = path.resolve(dir);
  if (home) {
    const h = path.resolve(home);
    if (abs === h) return '~';
    const rel = path.relative(h, abs);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return `~${path.sep}${rel}`;
  }
  return abs;
}
