// The app's launcher shells (launcher-shell.ts): one ready per kind (Bash commands; helper programs at
// a lower priority), forked ahead of need and replaced when used up; a job's env is set from the
// launcher's by a prelude, so one launcher serves every session whose env a shell can produce.
import { LauncherShell, shellQuote as quote, type PipedProcess } from './launcher-shell';

/** Only bash: the launcher relies on `read -d ''` and job control in a subshell. */
export const isPoolableShell = (shell: string) => /(^|\/)bash$/.test(shell);

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

/** A program to start: where, with exactly which env, what. */
export interface ProgramSpec {
  cwd: string;
  env: Record<string, string>;
  file: string;
  args: readonly string[];
}

/** A prepared program once taken: its request goes to `stdin`. */
export type PreparedProcess = PipedProcess & { readonly stdin: NodeJS.WritableStream };

/** The same env up to what a shell keeps itself (SHLVL, PWD, OLDPWD, _). */
const sameEnv = (a: Record<string, string>, b: Record<string, string>) => envPrelude(a, b) === '' && envPrelude(b, a) === '';

/** The shell a launcher runs, and the env it is forked with (a session's shell env). */
export interface LauncherHome {
  shell: string;
  env: Record<string, string>;
}

export interface LauncherShells {
  /**
   * Starts `job.file` through the ready launcher of `home.shell`, with exactly `job.env` (set from the
   * launcher's env by a prelude), or returns undefined (none is ready, or the env cannot be set from
   * a shell: the caller spawns). A launcher for `home` is forked on the next turn of the event loop
   * when this one has no slot left or none was ready, unless `refill` is false (the warm-up forks one
   * while the process idles).
   */
  launch(
    home: LauncherHome,
    job: ProgramSpec,
    opts?: { refill?: boolean },
  ): PipedProcess | undefined;
  /** Forks a launcher for `home` now, unless a usable one of that shell can give its env. */
  warm(home: LauncherHome): void;
  /**
   * Starts a program ahead of its call (a shell waiting on its stdin for its request), unless one for
   * exactly this job's env already waits; one waits at a time. Forks a launcher if none is ready.
   */
  prepare(home: LauncherHome, job: ProgramSpec): void;
  /**
   * The waiting program for exactly `env`, handed over (write its request to its `stdin`), or
   * undefined; the next one is prepared on the next turn of the event loop.
   */
  takePrepared(home: LauncherHome, env: Record<string, string>): PreparedProcess | undefined;
  /** pids of the launchers still alive (tests). */
  pids(): number[];
  readonly stats: { hits: number; misses: number; spawned: number };
  /** Kills every launcher and the programs they started. */
  dispose(): void;
}

/**
 * The launchers of one app: one ready at a time. It may have been forked with another env than a
 * job needs (the app's, before any session's settings were read): the job's prelude sets the
 * difference, and only an env a shell cannot produce gets a launcher of its own.
 */
export function createLauncherShells(opts: { nice?: number } = {}): LauncherShells {
  let ready: { home: LauncherHome; launcher: LauncherShell } | undefined;
  let waiting: { shell: string; spec: ProgramSpec; launcher: LauncherShell; job: PipedProcess } | undefined;
  const alive = new Set<LauncherShell>();
  const stats = { hits: 0, misses: 0, spawned: 0 };
  let disposed = false;

  const killAll = () => {
    waiting = undefined;
    for (const l of alive) l.dispose();
    alive.clear();
    ready = undefined;
  };
  process.once('exit', killAll);

  /** The prelude that gives `env` in the ready launcher of `home.shell`; undefined if it cannot serve it. */
  const preludeFor = (home: LauncherHome, env: Record<string, string>) =>
    ready !== undefined && ready.home.shell === home.shell && ready.launcher.hasSlot ? envPrelude(ready.home.env, env) : undefined;
  const serves = (home: LauncherHome, env: Record<string, string>) => preludeFor(home, env) !== undefined;

  const fork = (home: LauncherHome) => {
    if (disposed || serves(home, home.env)) return;
    ready?.launcher.retire();
    let launcher: LauncherShell;
    try {
      launcher = new LauncherShell(home.shell, home.env, opts.nice);
    } catch {
      ready = undefined;
      return;
    }
    if (launcher.pid === undefined) {
      ready = undefined;
      return;
    }
    stats.spawned++;
    alive.add(launcher);
    launcher.onGone = () => alive.delete(launcher);
    ready = { home, launcher };
  };

  /** A job through the ready launcher of `home.shell`, with exactly `spec.env`, if it can give it. */
  const start = (home: LauncherHome, spec: ProgramSpec, prepared = false) => {
    const prelude = preludeFor(home, spec.env);
    const launcher = ready?.launcher;
    const job = prelude !== undefined && launcher ? launcher.launch(spec.cwd, prelude, spec.file, spec.args, { prepared }) : undefined;
    return job && launcher ? { launcher, job } : undefined;
  };

  const api: LauncherShells = {
    launch(home, job, opts = {}) {
      if (disposed) return undefined;
      const started = start(home, job);
      if (started) stats.hits++;
      else stats.misses++;
      // A launcher that died unnoticed (not reaped yet) is dropped, so a fresh one is forked below.
      if (!started && ready && !ready.launcher.usable) ready = undefined;
      if (!started || !started.launcher.hasSlot) {
        if (opts.refill !== false) setImmediate(() => fork(home)).unref();
        else if (ready && !ready.launcher.hasSlot) ready = undefined;
      }
      return started?.job;
    },
    warm: (home) => fork(home),
    prepare(home, spec) {
      if (disposed) return;
      if (waiting) {
        const live = waiting.job.exitCode === null && waiting.job.signalCode === null;
        if (live && waiting.shell === home.shell && sameEnv(waiting.spec.env, spec.env)) return;
        // Prepared for another env (or dead): not what comes next.
        if (live) waiting.job.kill('SIGKILL');
        waiting = undefined;
      }
      if (!serves(home, spec.env)) fork(home);
      const started = start(home, spec, true);
      if (!started) return;
      const entry = { shell: home.shell, spec, ...started };
      waiting = entry;
      // Nobody listens to a waiting shell yet: if it dies (or its launcher does before it started),
      // it is only no longer waiting, not an error anyone must handle.
      const gone = () => {
        if (waiting === entry) waiting = undefined;
      };
      entry.job.on('error', gone);
      entry.job.on('close', gone);
    },
    takePrepared(home, env) {
      const w = waiting;
      if (disposed || !w || w.shell !== home.shell || !sameEnv(w.spec.env, env)) return undefined;
      waiting = undefined;
      if (w.job.exitCode !== null || w.job.signalCode !== null) return undefined;
      w.launcher.activate(w.job);
      stats.hits++;
      setImmediate(() => api.prepare(home, w.spec)).unref();
      return w.job as PreparedProcess;
    },
    pids: () => [...alive].flatMap((l) => (l.pid !== undefined ? [l.pid] : [])),
    stats,
    dispose() {
      disposed = true;
      killAll();
      process.removeListener('exit', killAll);
    },
  };
  return api;
}

/**
 * How much lower the app's own helper programs (rg for Grep and Glob) are scheduled than the app:
 * while five searches share two cores, the app's one thread still gets the CPU it needs to start
 * them and read their output, and a desktop window stays responsive. Bash commands, the user's
 * work, run at the app's priority.
 */
export const HELPER_NICENESS = 10;

let defaultShells: LauncherShells | undefined;
let defaultHelpers: LauncherShells | undefined;

/** The app-wide launchers of Bash commands (created on first use). */
export function defaultLauncherShells(): LauncherShells {
  defaultShells ??= createLauncherShells();
  return defaultShells;
}

/** The app-wide launchers of helper programs, at HELPER_NICENESS (created on first use). */
export function defaultHelperShells(): LauncherShells {
  defaultHelpers ??= createLauncherShells({ nice: HELPER_NICENESS });
  return defaultHelpers;
}
