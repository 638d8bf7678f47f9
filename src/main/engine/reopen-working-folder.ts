// Where a reopened conversation works: the folder a tool had moved it to (a worktree) when that is still
// a checkout — the header shows its branch again — else the project folder, with a notice saying why.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { WorkingFolder } from '../../shared/working-folder';

export function reopenedWorkingFolder(saved: WorkingFolder | null | undefined): { folder: WorkingFolder | null; notice?: string; forModel?: string } {
  if (!saved) return { folder: null };
  try {
    if (statSync(saved.path).isDirectory() && existsSync(path.join(saved.path, '.git'))) return { folder: saved };
  } catch {
    // Gone: said below.
  }
  const branch = saved.branch ? ` on the branch ${saved.branch}` : '';
  return {
    folder: null,
    notice: `The separate copy of the project this conversation worked in (${saved.path}${branch}) is no longer there, so it works in the project folder again.`,
    // The model's earlier turns name paths in the worktree: it is told they are gone, not left to find out.
    forModel: `The git worktree this conversation worked in (${saved.path}${branch}) no longer exists. The working directory is the project folder again; paths inside the worktree are gone.`,
  };
}
