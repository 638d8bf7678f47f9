// The acceptEdits policy the permission stage leaves open (permissions/modes.ts): in that mode the
// editing tools run without asking when their path is inside the working directories. Wired by the
// composition root, which knows the session's directories.
import path from 'node:path';
import type { AcceptEditsPolicy } from '../../permissions/modes';
import { isInWorkingDirectoriesSync } from './working-dirs';

export const FILE_EDIT_TOOL_NAMES: readonly string[] = ['Edit', 'Write', 'NotebookEdit'];

/** Inside as written and after resolving symlinks, like the tools' own check. */
export function createAcceptEditsPolicy(session: () => { cwd: string; workingDirectories: readonly string[] }): AcceptEditsPolicy {
  return (toolName, input) => {
    if (!FILE_EDIT_TOOL_NAMES.includes(toolName) || !input || typeof input !== 'object') return false;
    const rec = input as Record<string, unknown>;
    const p = toolName === 'NotebookEdit' ? rec.notebook_path : rec.file_path;
    // `~` means home to the tools; never guess it here (fail closed: ask).
    if (typeof p !== 'string' || p.trim() === '' || p.trim().startsWith('~')) return false;
    const { cwd, workingDirectories } = session();
    const abs = path.resolve(cwd, p.trim());
    return isInWorkingDirectoriesSync(abs, workingDirectories);
  };
}
