// The acceptEdits policy the permission stage leaves open (permissions/modes.ts): in that mode the
// editing tools (kind 'edit') run without asking when their path is inside the working directories.
// Wired by the composition root, which knows the session's directories.
import path from 'node:path';
import { isInsideDir } from '../fs/working-dirs';
import type { AcceptEditsPolicy } from './modes';
import { realpathForPermissions } from './real-path';
import { fileTargetOf, isEditTool } from './tool-catalog';

/** Inside as written and after resolving symlinks, like the tools' own check. */
export function createAcceptEditsPolicy(
  session: () => { cwd: string; workingDirectories: readonly string[] },
  realpath: (abs: string) => string = realpathForPermissions,
): AcceptEditsPolicy {
  return (toolName, input, catalog) => {
    if (!isEditTool(catalog, toolName)) return false;
    const p = fileTargetOf(toolName, input, catalog)?.path;
    // `~` means home to the tools; never guess it here (fail closed: ask).
    if (p === undefined || p.trim() === '' || p.trim().startsWith('~')) return false;
    const { cwd, workingDirectories } = session();
    const abs = path.resolve(cwd, p.trim());
    if (!workingDirectories.some((d) => isInsideDir(abs, d))) return false;
    // Where it really leads, through a dangling symlink too (writing through one creates its target).
    const real = realpath(abs);
    return workingDirectories.some((d) => isInsideDir(real, realpath(d)));
  };
}
