// Runs a program (a Bash command, rg for Grep and Glob) through this session's launcher shell, so the
// call does not fork our large process (see launcher-shell.ts): same exit code, stdout and stderr as a
// spawn, and the shell's env is made the program's (unset / export first). Anything unusual spawns.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ToolUseContext } from '../core/tool';
import { defaultLauncherShells, envKey, isPoolableShell, shellQuote as quote, type LauncherShells, type PipedProcess } from './launcher-shell';
import { buildShellEnv, resolveShell } from './shell';

export type { PipedProcess } from './launcher-shell';
/** Starts a helper program with an empty stdin and its stdout and stderr piped. */
export type Launcher = (file: string, args: readonly string[], opts: { cwd: string; env: Record<string, string> }) => PipedProcess;

export const spawnLauncher: Launcher = (file, args, opts) =>
  spawn(file, [...args], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] }) as PipedProcess & ReturnType<typeof spawn>;

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

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Bash keeps these itself (a spawned bash would set them too): they are left as the shell has them.
const SHELL_KEPT = new Set(['SHLVL', 'PWD', 'OLDPWD', '_']);
// Bash owns these (read-only, or read at start-up): an env that differs in them is not worth the risk.
const SHELL_OWNED = /^(BASH.*|SHELLOPTS|EUID|UID|PPID|SHLVL|PWD|OLDPWD|_|IFS|PS4|ENV)$/;

/**
 * The shell commands that turn a shell's `shellEnv` into exactly `env` ('' when they agree);
 * undefined when a variable that differs cannot be set from a shell, or a value holds a NUL.
 */
export function envPrelude(shellEnv: Record<string, string>, env: Record<string, string>): string | undefined {
  const unset = Object.keys(shellEnv).filter((k) => !Object.hasOwn(env, k) && !SHELL_KEPT.has(k));
  const changed = Object.keys(env).filter((k) => shellEnv[k] !== env[k]);
  if ([...unset, ...changed].some((k) => !NAME.test(k) || SHELL_OWNED.test(k))) return undefined;
  if (changed.some((k) => env[k]!.includes('\0'))) return undefined;
  const parts: string[] = [];
  if (unset.length > 0) parts.push(`unset -v ${unset.join(' ')}`);
  for (const k of changed) parts.push(`export ${k}=${quote(env[k]!)}`);
  return parts.join('; ');
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
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
  const { shell, env: shellEnv } = sessionShell(ctx.env);
  if (!isPoolableShell(shell)) return undefined;
  // A failed `cd` or a missing program in the shell would read as the program's own exit status: let
  // spawn report a bad cwd or a missing program as it does (an 'error' event).
  if (!isDirectory(opts.cwd) || !path.isAbsolute(file) || !isExecutable(file)) return undefined;
  const prelude = envPrelude(shellEnv, opts.env);
  // Jobs reach the launcher NUL-terminated.
  if (prelude === undefined || [opts.cwd, file, ...args].some((s) => s.includes('\0'))) return undefined;
  return launchers.launch(envKey(shell, shellEnv), shell, shellEnv, { cwd: opts.cwd, prelude, file, args }, { refill: launcherWantedNext(ctx) });
}

/** The launchers a tool uses: the app's (default), the given ones, or none (false; and on Windows). */
export function launchersFor(launchers: LauncherShells | false | undefined): LauncherShells | undefined {
  return launchers === false || process.platform === 'win32' ? undefined : (launchers ?? defaultLauncherShells());
}

/** A launcher for one tool call: the launcher shell when one is ready, else a spawn. `false` = always spawn. */
export function warmLauncher(ctx: ToolUseContext, launchers?: LauncherShells | false): Launcher {
  const shells = launchersFor(launchers);
  if (!shells) return spawnLauncher;
  return (file, args, opts) => launchInSessionLauncher(shells, ctx, file, args, opts) ?? spawnLauncher(file, args, opts);
}

/** The tools' warmUp: fork this session's launcher while the model thinks (unless one is ready). */
export function warmSessionLauncher(ctx: ToolUseContext, launchers?: LauncherShells | false): void {
  const shells = launchersFor(launchers);
  if (!shells) return;
  const { shell, env } = sessionShell(ctx.env);
  if (isPoolableShell(shell)) shells.warm(envKey(shell, env), shell, env);
}
