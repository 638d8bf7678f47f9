// TL1: macOS names screenshots "Screenshot 2024-01-01 at 10.00.00 AM.png" with U+202F (narrow no-break
// space) before AM/PM on newer systems and a plain space on older ones; a model often retypes one as
// the other. Given a path that does not exist, this is the other spelling to try.
import path from 'node:path';

const NARROW_NBSP = '\u202f';

export function alternateScreenshotPath(abs: string): string | null {
  const dir = path.dirname(abs);
  const base = path.basename(abs);
  const m = /([ \u202f])(AM|PM)\.([^.]+)$/.exec(base);
  if (!m) return null;
  const swapped = m[1] === ' ' ? NARROW_NBSP : ' ';
  return path.join(dir, `${base.slice(0, m.index)}${swapped}${m[2]}.${m[3]}`);
}
