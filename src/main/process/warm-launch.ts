// Runs a program (a Bash command, rg for Grep and Glob) through the app's launcher shell, so the call
// does not fork our large process (see launcher-shell.ts): same exit code, stdout and stderr as a
// spawn, and the shell's env is made the program's (unset / export first). Anything unusual spawns.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { isDirectory } from '../fs/is-directory';
import type { PipedProcess } from './launcher-shell';
import { defaultHelperShells, defaultLauncherShells, isPoolableShell, type LauncherShells } from './launchers';
import { buildShellEnv, resolveShell } from './shell-env';

type Env = Readonly<Record<string, string | undefined>>;

/** Starts a helper program with an empty stdin and its stdout and stderr piped. */
export type Launcher = (file: string, args: readonly string[], opts: { cwd: string; env: Record<string, string> }) => PipedProcess;

export const spawnLauncher: Launcher = (file, args, opts) =>
  // Piped stdout and stderr are never null; ChildProcess types them as if they could be.
  spawn(file, [...args], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] }) as PipedProcess;

/** A launcher's key: the shell it is and the env it was forked with. */
export interface ShellHome {
  shell: string;
  env: Record<string, string>;
}

/**
 * The shell and env this session's commands run in: the key its launcher is forked for. The settings
 * `env` reaches the commands, but the shell program itself is the user's own (`$SHELL` of the app's
 * environment): a project's settings never choose a program the app starts (PX4).
 */
export function sessionShell(ctxEnv: Env, appEnv: Env = process.env): ShellHome {
  return { shell: resolveShell(appEnv), env: buildShellEnv(ctxEnv, appEnv) };
}

/**
 * What every launcher is forked with: the app's own shell and environment, never a settings `env`. A
 * launcher starts before anything is approved (while the model thinks), so a BASH_ENV, LD_PRELOAD or
 * exported function from a project's settings must not be in it; a job gets the session's env from a
 * prelude, and an env no prelude can give is spawned when its call runs (PX4).
 */
export function appShell(appEnv: Env = process.env): ShellHome {
  return { shell: resolveShell(appEnv), env: buildShellEnv({}, appEnv) };
}

/** Variables that load code into a program as it starts (the dynamic loader's). */
const LOADS_CODE = /^(LD_|DYLD_)/;

/** Whether a shell started with `env` ahead of its command would run code nobody approved yet. */
export function runsCodeAtStart(home: ShellHome, env: Record<string, string>): boolean {
  return Object.keys(env).some((k) => LOADS_CODE.test(k) && home.env[k] !== env[k]);
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The program started by the app's launcher shell, or undefined (none is ready, or the case is
 * unusual). `refill`: a used-up launcher is replaced at once (another call that starts a program is
 * queued), else the next warm-up forks one while the process waits for the model.
 */
export function launchInLauncher(
  launchers: LauncherShells,
  file: string,
  args: readonly string[],
  opts: { cwd: string; env: Record<string, string> },
  refill = true,
): PipedProcess | undefined {
  const home = appShell();
  if (!isPoolableShell(home.shell)) return undefined;
  // A failed `cd` or a missing program in the shell would read as the program's own exit status: let
  // spawn report a bad cwd or a missing program as it does (an 'error' event).
  if (!isDirectory(opts.cwd) || !path.isAbsolute(file) || !isExecutable(file)) return undefined;
  // Jobs reach the launcher NUL-terminated.
  if ([opts.cwd, file, ...args].some((s) => s.includes('\0'))) return undefined;
  return launchers.launch(home, { cwd: opts.cwd, env: opts.env, file, args }, { refill });
}

/** Who starts programs: Bash commands, or the app's helper programs (rg; at a lower priority). */
export type LauncherKind = 'commands' | 'helpers';

/** The launchers a tool uses: the app's of that kind (default), the given ones, or none (false; and on Windows). */
export function launchersFor(launchers: LauncherShells | false | undefined, kind: LauncherKind = 'commands'): LauncherShells | undefined {
  if (launchers === false || process.platform === 'win32') return undefined;
  return launchers ?? (kind === 'helpers' ? defaultHelperShells() : defaultLauncherShells());
}

/**
 * A helper program's launcher for one tool call: the app's helper launcher shell when one is ready,
 * else a spawn. `false` = always spawn. Never the session's settings env (see appShell).
 */
export function warmLauncher(launchers: LauncherShells | false | undefined, refill: () => boolean): Launcher {
  const shells = launchersFor(launchers, 'helpers');
  if (!shells) return spawnLauncher;
  return (file, args, opts) => launchInLauncher(shells, file, args, opts, refill()) ?? spawnLauncher(file, args, opts);
}

/** The tools' warmUp: fork the launcher of that kind while the model thinks (unless one is ready). */
export function warmSessionLauncher(launchers: LauncherShells | false | undefined, kind: LauncherKind): void {
  const shells = launchersFor(launchers, kind);
  if (!shells) return;
  const home = appShell();
  if (isPoolableShell(home.shell)) shells.warm(home);
}

/**
 * Forks the app's launchers with the app's own shell env, before any session exists (a session's
 * settings env is then set job by job). For process start-up: a smaller process forks faster.
 */
export function prewarmLauncher(env: Env, launchers?: LauncherShells | false): void {
  const home = appShell(env);
  if (!isPoolableShell(home.shell)) return;
  for (const kind of ['commands', 'helpers'] as const) launchersFor(launchers, kind)?.warm(home);
}
