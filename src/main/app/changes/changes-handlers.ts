// The Changes pane's channels (PX6): revert files this conversation changed, and open one in the
// system's editor. Both act only on files the session's own record says it changed, inside the
// project's working folders, and never while the assistant is still working.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { IpcFailure } from '../../../shared/ipc/errors';
import type { HandlerContext } from '../../ipc/context';
import type { InvokeHandlers } from '../../ipc/dispatch';
import { isInWorkingDirectories } from '../../fs/working-dirs';
import type { HostPort, SessionService } from '../ports';
import { recordedChanges, type RecordedChange } from './recorded-changes';
import { revertChanges } from './revert';

export interface ChangesHandlerDeps {
  /** Its `open` sees a conversation a background task writes as running (so nothing is reverted under it). */
  sessions: Pick<SessionService, 'open' | 'workingDirectories'>;
  host: HostPort;
  requireProject(ctx: HandlerContext): string;
}

/** Types the system would run rather than open in an editor (Windows, macOS, Linux desktops). */
const RUNNABLE = new Set(
  'exe com bat cmd ps1 psm1 vbs vbe js jse wsf wsh msi msc scr pif cpl hta lnk url reg jar py pyw app command tool pkg terminal workflow desktop sh run appimage'.split(' '),
);

/** Whether opening the file with its default app could start it as a program. */
export async function couldRun(file: string): Promise<boolean> {
  if (RUNNABLE.has(path.extname(file).slice(1).toLowerCase())) return true;
  // Marked executable (macOS runs such a file in Terminal when it is opened).
  return process.platform !== 'win32' && ((await stat(file)).mode & 0o111) !== 0;
}

export function createChangesHandlers(deps: ChangesHandlerDeps): Pick<InvokeHandlers, 'changes:revert' | 'changes:open'> {
  const { sessions, host } = deps;

  async function sessionChanges(dir: string, sessionId: string, writing: boolean): Promise<{ changes: Map<string, RecordedChange>; workingDirectories: string[] }> {
    const opened = await sessions.open(dir, sessionId);
    if (writing && opened.status !== 'idle') {
      throw new IpcFailure({ code: 'busy', message: 'The assistant is still working in this conversation. Wait until it has finished (or stop it), then try again.' });
    }
    const workingDirectories = (await sessions.workingDirectories?.(dir)) ?? [dir];
    return { changes: recordedChanges(opened.toolCalls ?? []), workingDirectories };
  }

  return {
    'changes:revert': async ({ sessionId, paths, overwriteLaterChanges }, ctx) => {
      const { changes, workingDirectories } = await sessionChanges(deps.requireProject(ctx), sessionId, true);
      return { files: await revertChanges({ changes, paths, workingDirectories, overwriteLaterChanges }) };
    },
    'changes:open': async ({ sessionId, path: file }, ctx) => {
      const { openPath, showInFolder } = host;
      if (!openPath || !showInFolder) {
        throw new IpcFailure({ code: 'unsupported', message: 'Opening a file in another app is only possible in the desktop app.' });
      }
      const { changes, workingDirectories } = await sessionChanges(deps.requireProject(ctx), sessionId, false);
      if (!changes.has(file)) throw new IpcFailure({ code: 'forbidden', message: 'This conversation did not change that file.' });
      if (!(await isInWorkingDirectories(file, workingDirectories))) throw new IpcFailure({ code: 'forbidden', message: 'That file is outside this project’s folders.' });
      let runnable: boolean;
      try {
        runnable = await couldRun(file);
      } catch {
        throw new IpcFailure({ code: 'not_found', message: 'The file is not there any more.' });
      }
      if (runnable) {
        showInFolder(file);
        return { shown: 'folder' as const };
      }
      try {
        await openPath(file);
      } catch (err) {
        throw new IpcFailure({ code: 'internal', message: `The system could not open the file: ${err instanceof Error ? err.message : String(err)}` });
      }
      return { shown: 'file' as const };
    },
  };
}
