// Bash's warm-up: a shell with the session's env waits in the app's launcher for the next command
// (WARM_WRAPPER_SCRIPT), so a command starts without a fork on anyone's critical path.
import type { LauncherShells } from '../../process/launchers';
import { isPoolableShell } from '../../process/launchers';
import { appShell, launchersFor, runsCodeAtStart, sessionShell } from '../../process/warm-launch';
import type { ToolUseContext } from '../core/tool';
import { WARM_WRAPPER_SCRIPT } from './shell';

/** Prepares that shell — unless the session's env would load code into it before anything was approved. */
export function prepareSessionShell(ctx: Pick<ToolUseContext, 'env'>, launchers?: LauncherShells | false): void {
  const shells = launchersFor(launchers, 'commands');
  const home = appShell();
  const session = sessionShell(ctx.env);
  if (!shells || !isPoolableShell(home.shell) || runsCodeAtStart(home, session.env)) return;
  shells.prepare(home, { cwd: '/', env: session.env, file: home.shell, args: ['-c', WARM_WRAPPER_SCRIPT, 'bash'] });
}
