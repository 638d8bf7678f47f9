// Where a session works: the project folder, or a folder a tool moved it to (a worktree). A move sets
// Bash's working directory there, makes it the first working directory in place of the project folder
// (the settings' additional directories stay), and tells every window (the header shows the branch).
import type { WorkingFolder } from '../../../shared/working-folder';
import type { SessionToolState, WorkingFolderPort } from '../../tools/core/tool';
import type { SessionEventBody } from '../event-body';

export interface WorkingFolderState {
  /** The working directories of a call now: the working folder first, then the settings' others. */
  workingDirectories(additional: readonly string[]): string[];
  port: WorkingFolderPort;
}

export function createWorkingFolderState(opts: { projectDir: string; state: SessionToolState; publish: (e: SessionEventBody) => void; initial?: WorkingFolder | null }): WorkingFolderState {
  // A reopened conversation starts where it last worked (checked to exist by the session).
  let folder: WorkingFolder | null = opts.initial && opts.initial.path !== opts.projectDir ? { ...opts.initial } : null;
  if (folder) opts.state.cwd = folder.path;
  return {
    workingDirectories(additional) {
      const first = folder?.path ?? opts.projectDir;
      return [first, ...additional.filter((d) => d !== first)];
    },
    port: {
      get: () => folder,
      move(to) {
        folder = to && to.path !== opts.projectDir ? { ...to } : null;
        opts.state.cwd = folder?.path ?? opts.projectDir;
        opts.publish({ type: 'working_folder', folder });
      },
    },
  };
}
