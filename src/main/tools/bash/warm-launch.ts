// Runs a program (ripgrep, for Grep and Glob) in a pre-forked warm shell through `exec`, so the call
// does not fork our large process (see warm-pool.ts). The child is the program itself after the
// exec: same pid, exit code, stdout and stderr as a spawn, and the shell's env is made the program's
// (unset / export before the exec). Anything unusual falls back to a plain spawn.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ToolUseContext } from '../core/tool';
import { buildShellEnv, resolveShell } from './shell';
import { defaultWarmShellPool, isPoolableShell, type WarmShellPool } from './warm-pool';

/** A started helper program: stdin closed (or fed and closed), stdout and stderr piped. */
export type PipedChild = ChildProcess & { stdout: Readable; stderr: Readable };
export type Launcher = (file: string, args: readonly string[], opts: { cwd: string; env: Record<string, string> }) => PipedChild;

export const spawnLauncher: Launcher = (file, args, opts) => spawn(file, [...args], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });

/** Tools whose calls take a warm shell. */
const WARM_SHELL_TOOLS: ReadonlySet<string> = new Set(['Bash', 'Grep', 'Glob']);

/** Whether a call queued behind this one will want a warm shell (then a replacement is forked now). */
export function shellWantedNext(ctx: ToolUseContext): boolean {
  const next = ctx.upcoming?.();
  return !next || next.queued.some((name) => WARM_SHELL_TOOLS.has(name));
}

/** The shell and env this session's commands run in: the key its warm shells are forked for. */
export function sessionShell(ctxEnv: ToolUseContext['env']): { shell: string; env: Record<string, string> } {
  const env = buildShellEnv(ctxEnv);
  return { shell: resolveShell(env), env };
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Bash keeps these itself (a spawned bash would set them too): they are left as the shell has them.
const SHELL_KEPT = new Set(['SHLVL', 'PWD', 'OLDPWD', '_']);
// Bash owns these (read-only, or read at start-up): an env that differs in them is not worth the risk.
const SHELL_OWNED = /^(BASH.*|SHELLOPTS|EUID|UID|PPID|SHLVL|PWD|OLDPWD|_|IFS|PS4|ENV)$/;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The script that gives the program exactly `env` (the warm shell has `shellEnv`) and execs it;
 * undefined when a variable that differs cannot be set from a shell.
 */
export function execScript(file: string, args: readonly string[], shellEnv: Record<string, string>, env: Record<string, string>): string | undefined {
  const unset = Object.keys(shellEnv).filter((k) => !Object.hasOwn(env, k) && !SHELL_KEPT.has(k));
  const changed = Object.keys(env).filter((k) => shellEnv[k] !== env[k]);
  if ([...unset, ...changed].some((k) => !NAME.test(k) || SHELL_OWNED.test(k))) return undefined;
  if ([file, ...args, ...changed.map((k) => env[k]!)].some((s) => s.includes('\0'))) return undefined;
  const parts: string[] = [];
  if (unset.length > 0) parts.push(`unset -v ${unset.join(' ')}`);
  for (const k of changed) parts.push(`export ${k}=${quote(env[k]!)}`);
  parts.push(`exec ${[file, ...args].map(quote).join(' ')}`);
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

/** The program started in a warm shell of this session, or undefined (none waits, or the case is unusual). */
export function launchInWarmShell(
  pool: WarmShellPool,
  ctx: ToolUseContext,
  file: string,
  args: readonly string[],
  opts: { cwd: string; env: Record<string, string> },
): PipedChild | undefined {
  const { shell, env: shellEnv } = sessionShell(ctx.env);
  if (!isPoolableShell(shell)) return undefined;
  // A failed `cd` or `exec` in the shell would read as the program's own exit status: let spawn
  // report a bad cwd or a missing program as it does (an 'error' event).
  if (!isDirectory(opts.cwd) || !path.isAbsolute(file) || !isExecutable(file)) return undefined;
  const script = execScript(file, args, shellEnv, opts.env);
  const request = script === undefined ? undefined : pool.request(opts.cwd, '/dev/null', script);
  if (request === undefined) return undefined;
  const child = pool.take(shell, shellEnv, { refill: shellWantedNext(ctx) });
  // The pool's shells are spawned with every stdio piped.
  if (!child?.stdout || !child.stderr) return undefined;
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(request);
  return child as PipedChild;
}

/** A launcher for one tool call: a warm shell when one waits, else a spawn. `pool: false` = always spawn. */
export function warmLauncher(ctx: ToolUseContext, pool?: WarmShellPool | false): Launcher {
  if (pool === false || process.platform === 'win32') return spawnLauncher;
  return (file, args, opts) => launchInWarmShell(pool ?? defaultWarmShellPool(), ctx, file, args, opts) ?? spawnLauncher(file, args, opts);
}

/** warmUp for the tools that take warm shells: fork this session's next shell while the model thinks. */
export function warmSessionShell(ctx: ToolUseContext, pool?: WarmShellPool | false): void {
  if (pool === false || process.platform === 'win32') return;
  const { shell, env } = sessionShell(ctx.env);
  if (isPoolableShell(shell)) (pool ?? defaultWarmShellPool()).warm(shell, env);
}
