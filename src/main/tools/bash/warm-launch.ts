// Runs a program (a Bash command, rg for Grep and Glob) through this session's launcher shell, so the
// call does not fork our large process (see launcher-shell.ts): same exit code, stdout and stderr as a
// spawn, and the shell's env is made the program's (unset / export first). Anything unusual spawns.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { ToolUseContext } from '../core/tool';
import { isDirectory } from '../fs-common/paths';
import type { PipedProcess } from './launcher-shell';
import { defaultHelperShells, defaultLauncherShells, isPoolableShell, type LauncherShells } from './launchers';
import { buildShellEnv, resolveShell, WARM_WRAPPER_SCRIPT } from './shell';

/** Starts a helper program with an empty stdin and its stdout and stderr piped. */
export type Launcher = (file: string, args: readonly string[], opts: { cwd: string; env: Record<string, string> }) => PipedProcess;

export const spawnLauncher: Launcher = (file, args, opts) =>
  // Piped stdout and stderr are never null; ChildProcess types them as if they could be.
  spawn(file, [...args], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] }) as PipedProcess;

/** Tools whose calls start programs through the launcher. */
const LAUNCHER_TOOLS: ReadonlySet<string> = new Set(['Bash', 'Grep', 'Glob']);

/** Whether a call queued behind this one will start a program (then a used-up launcher is replaced now). */
export function launcherWantedNext(ctx: ToolUseContext): boolean {
  const next = ctx.upcoming?.();
  return !next || next.queued.some((name) => LAUNCHER_TOOLS.has(name));
}

/** The shell and env this session's commands run in: the key its launcher is forked for. */
export function sessionShell(ctxEnv: ToolUseContext['env']): { shell: string; env: Record<string, string> } {
  const env = buildShellEnv(ctxEnv);
  return { shell: resolveShell(env), env };
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program started by this session's launcher shell, or undefined (none is ready, or the case is unusual). */
export function launchInSessionLauncher(
  launchers: LauncherShells,
  ctx: ToolUseContext,
  file: string,
  args: readonly string[],
  opts: { cwd: string; env: Record<string, string> },
): PipedProcess | undefined {
  const home = sessionShell(ctx.env);
  if (!isPoolableShell(home.shell)) return undefined;
  // A failed `cd` or a missing program in the shell would read as the program's own exit status: let
  // spawn report a bad cwd or a missing program as it does (an 'error' event).
  if (!isDirectory(opts.cwd) || !path.isAbsolute(file) || !isExecutable(file)) return undefined;
  // Jobs reach the launcher NUL-terminated.
  if ([opts.cwd, file, ...args].some((s) => s.includes('\0'))) return undefined;
  return launchers.launch(home, { cwd: opts.cwd, env: opts.env, file, args }, { refill: launcherWantedNext(ctx) });
}

/** Who starts programs: Bash commands, or the app's helper programs (rg; at a lower priority). */
export type LauncherKind = 'commands' | 'helpers';

/** The launchers a tool uses: the app's of that kind (default), the given ones, or none (false; and on Windows). */
export function launchersFor(launchers: LauncherShells | false | undefined, kind: LauncherKind = 'commands'): LauncherShells | undefined {
  if (launchers === false || process.platform === 'win32') return undefined;
  return launchers ?? (kind === 'helpers' ? defaultHelperShells() : defaultLauncherShells());
}

/** A helper program's launcher for one tool call: the launcher shell when one is ready, else a spawn. `false` = always spawn. */
export function warmLauncher(ctx: ToolUseContext, launchers?: LauncherShells | false): Launcher {
  const shells = launchersFor(launchers, 'helpers');
  if (!shells) return spawnLauncher;
  return (file, args, opts) => launchInSessionLauncher(shells, ctx, file, args, opts) ?? spawnLauncher(file, args, opts);
}

/** The tools' warmUp: fork this session's launcher of that kind while the model thinks (unless one is ready). */
export function warmSessionLauncher(ctx: ToolUseContext, launchers: LauncherShells | false | undefined, kind: LauncherKind): void {
  const shells = launchersFor(launchers, kind);
  if (!shells) return;
  const home = sessionShell(ctx.env);
  if (isPoolableShell(home.shell)) shells.warm(home);
}

/** Bash's warm-up: a shell of this session waits in the launcher for the next command (WARM_WRAPPER_SCRIPT). */
export function prepareSessionShell(ctx: ToolUseContext, launchers?: LauncherShells | false): void {
  const shells = launchersFor(launchers, 'commands');
  const home = sessionShell(ctx.env);
  if (!shells || !isPoolableShell(home.shell)) return;
  shells.prepare(home, { cwd: '/', env: home.env, file: home.shell, args: ['-c', WARM_WRAPPER_SCRIPT, 'bash'] });
}

/**
 * Forks the app's launchers with the app's own shell env, before any session exists (a session's
 * settings env is then set job by job). For process start-up: a smaller process forks faster.
 */
export function prewarmLauncher(env: ToolUseContext['env'], launchers?: LauncherShells | false): void {
  const shellEnv = buildShellEnv({}, env);
  const home = { shell: resolveShell(shellEnv), env: shellEnv };
  if (!isPoolableShell(home.shell)) return;
  for (const kind of ['commands', 'helpers'] as const) launchersFor(launchers, kind)?.warm(home);
}
