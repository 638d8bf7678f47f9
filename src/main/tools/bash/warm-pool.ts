// A pool of pre-spawned idle bash shells: forking a ~100 MB Node process blocks the event loop for
// milliseconds, so a Bash call takes a shell forked earlier and the replacement is forked while the
// command runs. An idle shell waits on stdin for "cwd\0cwdfile\0command\0" (see WARM_WRAPPER_SCRIPT).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { isProcessAlive } from './kill-tree';
import { createLauncherShells, type LauncherShells } from './launcher-shell';

/**
 * Reads the three fields, gives the command an empty stdin as a cold spawn does, enters the cwd and
 * then behaves like WRAPPER_SCRIPT (same EXIT trap, same `eval`). OLDPWD is put back because the
 * `cd` here is ours, not the command's. EOF before the fields (pool closed, parent died) → exit.
 */
export const WARM_WRAPPER_SCRIPT = [
  // Five lines with `eval` last, as in WRAPPER_SCRIPT, so $LINENO reads the same in both.
  "IFS= read -r -d '' __ad_cwd || exit 1; IFS= read -r -d '' __ad_cwd_file || exit 1; IFS= read -r -d '' __ad_cmd || exit 1",
  'exec </dev/null; __ad_oldpwd=${OLDPWD-__ad_unset}',
  'cd -- "$__ad_cwd" || exit 1; if [ "$__ad_oldpwd" = __ad_unset ]; then unset OLDPWD; else OLDPWD=$__ad_oldpwd; fi',
  `unset __ad_cwd __ad_oldpwd; trap 'pwd -P >| "$__ad_cwd_file" 2>/dev/null' EXIT`,
  'eval "$__ad_cmd"',
].join('\n');

export interface WarmShellPool {
  /**
   * A live idle shell for this shell path and exact env, or undefined (caller spawns as usual).
   * Either way a replacement for the key is forked on the next turn of the event loop, unless
   * `refill` is false (no call is expected soon: `warm` forks one when the process is idle).
   */
  take(shell: string, env: Record<string, string>, opts?: { refill?: boolean }): ChildProcess | undefined;
  /**
   * Forks an idle shell for this shell and env now, unless a live one waits already. For moments
   * the process only waits (a model request is out), so no tool call pays for the fork.
   */
  warm(shell: string, env: Record<string, string>): void;
  /** The bytes to write to a taken shell's stdin (then close it); undefined if a field holds a NUL. */
  request(cwd: string, cwdFile: string, command: string): string | undefined;
  /** pids of the idle shells (tests). */
  idlePids(): number[];
  /** Launcher shells for helper programs (rg), disposed with the pool. */
  readonly launchers: LauncherShells;
  readonly stats: { hits: number; misses: number; spawned: number };
  /** Kills the idle shells; take() returns nothing afterwards. */
  dispose(): void;
}

interface Idle {
  key: string;
  child: ChildProcess;
  dead: boolean;
}

type Unrefable = { ref?: () => void; unref?: () => void } | null | undefined;

function setRef(child: ChildProcess, on: boolean): void {
  for (const h of [child, child.stdin, child.stdout, child.stderr] as Unrefable[]) {
    if (on) h?.ref?.();
    else h?.unref?.();
  }
}

export function envKey(shell: string, env: Record<string, string>): string {
  const hash = createHash('sha1');
  hash.update(shell);
  for (const k of Object.keys(env).sort()) hash.update(`\0${k}=${env[k]}`);
  return hash.digest('hex');
}

/** Only bash: the wrapper relies on `read -d ''`. */
export const isPoolableShell = (shell: string) => /(^|\/)bash$/.test(shell);

export function createWarmShellPool(): WarmShellPool {
  const idle = new Map<string, Idle>();
  const stats = { hits: 0, misses: 0, spawned: 0 };
  const launchers = createLauncherShells();
  let disposed = false;

  const kill = (entry: Idle) => {
    idle.delete(entry.key);
    entry.dead = true;
    try {
      process.kill(-entry.child.pid!, 'SIGKILL');
    } catch {
      entry.child.kill('SIGKILL');
    }
  };
  const killAll = () => {
    for (const entry of [...idle.values()]) kill(entry);
  };
  process.once('exit', killAll);

  // Node learns of a death only when it handles SIGCHLD; /proc knows at once (a zombie is dead).
  const isLive = (entry: Idle): boolean =>
    !entry.dead && entry.child.exitCode === null && entry.child.signalCode === null && isProcessAlive(entry.child.pid!);

  const fill = (key: string, shell: string, env: Record<string, string>) => {
    if (disposed || idle.has(key)) return;
    let child: ChildProcess;
    try {
      child = spawn(shell, ['-c', WARM_WRAPPER_SCRIPT, 'bash'], { cwd: '/', env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch {
      return;
    }
    if (child.pid === undefined) {
      child.on('error', () => undefined);
      return;
    }
    stats.spawned++;
    const entry: Idle = { key, child, dead: false };
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    child.once('exit', () => {
      entry.dead = true;
      if (idle.get(key) === entry) idle.delete(key);
    });
    setRef(child, false);
    idle.set(key, entry);
  };

  return {
    take(shell, env, opts = {}) {
      if (disposed) return undefined;
      const key = envKey(shell, env);
      const entry = idle.get(key);
      // Shells forked for another env (or shell) are stale now: the session's env changed.
      for (const other of [...idle.values()]) if (other.key !== key) kill(other);
      if (opts.refill !== false) setImmediate(() => fill(key, shell, env)).unref();
      if (!entry || !isLive(entry)) {
        // Not signalled: once reaped, its pid may belong to someone else.
        if (entry) {
          entry.dead = true;
          idle.delete(key);
        }
        stats.misses++;
        return undefined;
      }
      idle.delete(key);
      setRef(entry.child, true);
      stats.hits++;
      return entry.child;
    },
    warm(shell, env) {
      if (disposed) return;
      const key = envKey(shell, env);
      for (const other of [...idle.values()]) if (other.key !== key) kill(other);
      const entry = idle.get(key);
      if (entry && isLive(entry)) return;
      if (entry) {
        entry.dead = true;
        idle.delete(key);
      }
      fill(key, shell, env);
    },
    request(cwd, cwdFile, command) {
      if (cwd.includes('\0') || cwdFile.includes('\0') || command.includes('\0')) return undefined;
      return `${cwd}\0${cwdFile}\0${command}\0`;
    },
    idlePids: () => [...idle.values()].filter((e) => !e.dead).map((e) => e.child.pid!),
    stats,
    launchers,
    dispose() {
      disposed = true;
      launchers.dispose();
      killAll();
      process.removeListener('exit', killAll);
    },
  };
}

let defaultPool: WarmShellPool | undefined;

/** The app-wide pool (created on first use). */
export function defaultWarmShellPool(): WarmShellPool {
  defaultPool ??= createWarmShellPool();
  return defaultPool;
}
