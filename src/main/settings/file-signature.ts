// Whether a settings file changed since it was read, without reading it: its mtime, size and inode
// (an editor's save-by-rename changes the inode even within one mtime tick). A missing file is "-".
import { statSync } from 'node:fs';

export function fileSignature(file: string): string {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.mtimeNs}:${s.size}:${s.ino}`;
  } catch {
    return '-';
  }
}

/** One string for a list of files, in order. */
export function filesSignature(files: readonly string[]): string {
  return files.map(fileSignature).join('|');
}
