// The project folder a CLI command works in: --cwd (or the current folder) resolved, checked and made real.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CliIO } from './io';

export async function projectDirOf(io: CliIO, cwd: string | null): Promise<string | { error: string }> {
  const dir = path.resolve(io.cwd, cwd ?? '.');
  try {
    if (!(await stat(dir)).isDirectory()) return { error: `not a directory: ${dir}` };
    return await realpath(dir);
  } catch {
    return { error: `no such directory: ${dir}` };
  }
}
