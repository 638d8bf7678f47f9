// Finds the file a Read names: the path as given, else its macOS screenshot twin (U+202F); refuses
// missing paths (with "did you mean"), directories and non-regular files with plain messages.
import { statSync, type Stats } from 'node:fs';
import { isBlockedDevicePath } from '../fs-common/device-paths';
import { FileToolError } from '../fs-common/errors';
import { alternateScreenshotPath } from './screenshot-path';
import { similarFiles } from '../fs-common/similar-files';
import { READ_ERROR } from './validate';

export interface Located {
  path: string;
  stat: Stats;
  /** Set when the screenshot twin was used. */
  note?: string;
}

// Sync, like the permission stage's working-directory check of the same path just before: one
// syscall, where an async stat costs two turns of the event loop shared with the batch's other calls.
function statOrNull(p: string): Stats | null {
  try {
    return statSync(p);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw e;
  }
}

/**
 * `hidden`: paths a permission rule keeps from Read. The permission stage judged `abs`; the screenshot
 * twin and "did you mean" names were not judged, so a hidden one is never opened or named.
 */
export async function locateFile(abs: string, cwd: string, hidden: (p: string) => boolean = () => false): Promise<Located> {
  let found: Located | undefined;
  const st = statOrNull(abs);
  if (st) found = { path: abs, stat: st };
  else {
    const alt = alternateScreenshotPath(abs);
    const altStat = alt ? statOrNull(alt) : null;
    if (alt && altStat && !hidden(alt)) {
      found = { path: alt, stat: altStat, note: `No file has the exact name given; read ${alt} (the space before AM/PM differs).` };
    }
  }
  if (!found) {
    const similar = (await similarFiles(abs)).filter((p) => !hidden(p));
    const hint = similar.length ? ` Did you mean ${similar.join(' or ')}?` : '';
    throw new FileToolError(`File does not exist: ${abs}.${hint} Current working directory: ${cwd}`, READ_ERROR.notFound);
  }
  if (found.stat.isDirectory()) {
    throw new FileToolError(
      `${found.path} is a directory, not a file. To see what it contains, use the Bash tool with \`ls\`, or the Glob tool.`,
      READ_ERROR.directory,
    );
  }
  // A link to /dev/zero, a FIFO that never gets a writer, a socket: nothing Read can finish reading.
  if (!found.stat.isFile() || isBlockedDevicePath(found.path)) {
    throw new FileToolError(`Cannot read ${found.path}: it is not a regular file (a device, pipe or socket).`, READ_ERROR.blockedDevice);
  }
  return found;
}
