// Whether a path is a directory, as one synchronous stat: the Bash tool, Glob and the launchers ask it.
import { statSync } from 'node:fs';

/** Whether `p` is a directory (following links); false when it is anything else or missing. */
export function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
