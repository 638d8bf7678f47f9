// A launcher shell: one pre-forked bash that starts programs on request (Bash commands, and rg for
// Grep and Glob), so a call forks a 4 MB shell instead of our ~100 MB process and our event loop never
// waits for a fork or an exec. It is spawned with SLOTS spare pipe pairs; each launch takes one pair
// for the program's stdout and stderr and reports its pid and exit status on the shell's stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { constants, getPriority, setPriority } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { isProcessAlive } from './kill-tree';

/** Programs one launcher can start; then it retires (a fresh one is forked while the process idles). */
export const LAUNCHER_SLOTS = 8;
const FIRST_SLOT_FD = 3;
/** The status channel inside a job: a copy of the launcher's stdout, above every slot fd. */
const STATUS_FD = FIRST_SLOT_FD + 2 * LAUNCHER_SLOTS;

/**
 * The launcher reads one NUL-terminated job at a time and evals it. A job is a background subshell
 * that enters the cwd, starts the program in the background with job control on (so the program
 * leads a process group of its own, as a `detached` spawn does, and the job knows its pid), waits for
 * it and reports "p <id> <pid>" then "x <id> <status>" (128 + n for a signal) on the status fd.
 */
const LAUNCHER_SCRIPT = `exec 2>/dev/null; while IFS= read -r -d '' __ad_job; do eval "$__ad_job"; done`;

/** `s` as one single-quoted shell word. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const quote = shellQuote;
const SIGNAL_NAMES = new Map<number, NodeJS.Signals>(Object.entries(constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]));

/**
 * What a launched program looks like to its caller: the part of ChildProcess the tools use. A launcher
 * job learns its pid a moment after launch ('spawn'); a ChildProcess has it at once.
 */
export interface PipedProcess {
  readonly pid?: number | undefined;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal?: NodeJS.Signals): boolean;
  on(event: 'close' | 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
  on(event: 'spawn', listener: () => void): this;
  once(event: 'spawn', listener: () => void): this;
}

/**
 * The job for slot `slot`: `prelude` (env changes) and the program, in `cwd`. With `readsSlot` the
 * program's stdin is its own stdout socket too (a socketpair carries both ways): it reads what we
 * write to that socket (a prepared shell's request), where other programs read /dev/null.
 */
export function jobLine(id: number, slot: number, cwd: string, prelude: string, file: string, args: readonly string[], readsSlot = false): string {
  const out = FIRST_SLOT_FD + 2 * slot;
  const err = out + 1;
  const s = STATUS_FD;
  const others = Array.from({ length: 2 * LAUNCHER_SLOTS }, (_, k) => FIRST_SLOT_FD + k).filter((fd) => fd !== out && fd !== err);
  // Only the program writes to the slot: the job's own stdout and stderr are /dev/null, so a message
  // of bash's (a job killed by a signal) can never meet a pipe its reader closed and kill the job by
  // SIGPIPE before it reports. A pipe reaches EOF once every holder closed it: the job drops the
  // other slots at once and its own once the program has it; the program keeps no status channel.
  const program = `${[file, ...args].map(quote).join(' ')} >&${out} 2>&${err}${readsSlot ? ` <&${out}` : ''} ${out}>&- ${err}>&- ${s}>&-`;
  // The `cd` is the launcher's, not the program's: OLDPWD is put back as a spawn would leave it.
  const enter =
    `__ad_o=\${OLDPWD-__ad_unset}; cd -- ${quote(cwd)} || { echo "x ${id} 126" >&${s}; exit; }; ` +
    'if [ "$__ad_o" = __ad_unset ]; then unset OLDPWD; else OLDPWD=$__ad_o; fi; unset __ad_o; ';
  const job =
    `{ set -m; ${enter}${prelude ? `${prelude}; ` : ''}` +
    `${program} & exec ${out}>&- ${err}>&-; echo "p ${id} $!" >&${s}; wait $!; echo "x ${id} $?" >&${s}; }`;
  const redirects = [`${s}>&1`, '>/dev/null', '2>/dev/null', '</dev/null', ...others.map((fd) => `${fd}>&-`)].join(' ');
  // The launcher then closes its copies of the slot, so the job holds the only write ends.
  return `${job} ${redirects} & exec ${out}>&- ${err}>&-\0`;
}

class LaunchedJob extends EventEmitter implements PipedProcess {
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  private status: number | undefined;
  private pendingKill: NodeJS.Signals | undefined;
  private open = 2;
  private done = false;

  /** For a prepared shell: where its request is written (its stdout socket, read as its stdin). */
  readonly stdin: Writable | undefined;

  constructor(
    readonly stdout: Readable,
    readonly stderr: Readable,
    private readonly settled: () => void,
    readsSlot = false,
  ) {
    super();
    this.stdin = readsSlot ? (stdout as unknown as Writable) : undefined;
    for (const stream of [stdout, stderr]) {
      stream.on('error', () => undefined);
      stream.once('close', () => {
        this.open--;
        this.maybeClose();
      });
    }
  }

  started(pid: number): void {
    this.pid = pid;
    if (this.pendingKill) this.kill(this.pendingKill);
    this.emit('spawn');
  }

  exited(status: number): void {
    if (this.status !== undefined) return;
    this.status = status;
    if (status > 128 && SIGNAL_NAMES.has(status - 128)) this.signalCode = SIGNAL_NAMES.get(status - 128)!;
    else this.exitCode = status;
    // As ChildProcess does on exit: output nobody reads is drained, so the streams end and 'close' comes.
    for (const stream of [this.stdout, this.stderr]) {
      if (stream.readable && stream.listenerCount('data') === 0 && stream.listenerCount('readable') === 0) stream.resume();
    }
    this.emit('exit', this.exitCode, this.signalCode);
    this.maybeClose();
  }

  /** The launcher is gone and the job never reported (it never ran, or was killed with it). */
  lost(): void {
    if (this.status === undefined && this.pid === undefined) {
      this.finish();
      this.emit('error', new Error('the launcher shell exited before the program started'));
      return;
    }
    this.exited(128 + constants.signals.SIGKILL);
  }

  /** SIGKILL to the program's process group (the launcher is going away). */
  killGroup(): void {
    if (this.pid === undefined || this.status !== undefined) return;
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      this.kill('SIGKILL');
    }
  }

  /** Signals the program (its process group is killTree's business, as for a spawn). */
  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.done || this.status !== undefined) return false;
    if (this.pid === undefined) {
      this.pendingKill = signal;
      return true;
    }
    try {
      process.kill(this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  private maybeClose(): void {
    if (this.done || this.status === undefined || this.open > 0) return;
    this.finish();
    this.emit('close', this.exitCode, this.signalCode);
  }

  private finish(): void {
    this.done = true;
    this.settled();
  }
}

type Unrefable = { ref?: () => void; unref?: () => void } | null | undefined;

/** One launcher shell with its slots. */
export class LauncherShell {
  private readonly child: ChildProcess;
  private readonly jobs = new Map<number, LaunchedJob>();
  private readonly activators = new WeakMap<PipedProcess, () => void>();
  private nextSlot = 0;
  private running = 0;
  private dead = false;
  private pending = '';

  /** Called once the launcher and all its jobs are gone. */
  onGone: (() => void) | undefined;

  /** `nice`: how much lower than ours the launcher is scheduled; every program it starts inherits it. */
  constructor(shell: string, env: Record<string, string>, nice = 0) {
    const stdio = ['pipe', 'pipe', 'ignore', ...Array<'pipe'>(2 * LAUNCHER_SLOTS).fill('pipe')] as const;
    this.child = spawn(shell, ['--norc', '--noprofile', '-c', LAUNCHER_SCRIPT], { cwd: '/', env, detached: true, stdio: [...stdio] });
    if (nice !== 0 && this.child.pid !== undefined) {
      try {
        setPriority(this.child.pid, Math.min(19, getPriority() + nice));
      } catch {
        // Not allowed here: the programs run at our priority.
      }
    }
    this.child.on('error', () => this.die());
    this.child.once('exit', () => this.die());
    this.child.stdin?.on('error', () => undefined);
    for (const s of this.child.stdio) (s as NodeJS.EventEmitter | null)?.on?.('error', () => undefined);
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (text: string) => this.onStatus(text));
    // The status channel closes once the launcher and every job it started are gone.
    this.child.stdout?.once('close', () => {
      this.dead = true;
      for (const job of [...this.jobs.values()]) job.lost();
      this.jobs.clear();
      this.onGone?.();
    });
    this.setRef(false);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Not known to be gone, and with a free slot (no system call: for choosing a launcher). */
  get hasSlot(): boolean {
    return !this.dead && this.child.pid !== undefined && this.child.exitCode === null && this.nextSlot < LAUNCHER_SLOTS;
  }

  /** With a free slot and alive: /proc knows of a death before Node handles SIGCHLD (checked once per launch). */
  get usable(): boolean {
    return this.hasSlot && isProcessAlive(this.child.pid!);
  }

  /** Starts `file args` in `cwd` after `prelude` (shell commands that set its env). Undefined if no slot is left. */
  /**
   * Starts a program. `prepared`: it reads its stdin from its stdout socket and waits there, keeping
   * nothing alive, until `activate` hands it to a caller.
   */
  launch(cwd: string, prelude: string, file: string, args: readonly string[], opts: { prepared?: boolean } = {}): PipedProcess | undefined {
    if (!this.usable || !this.child.stdin?.writable) return undefined;
    const slot = this.nextSlot++;
    const stdout = this.child.stdio[FIRST_SLOT_FD + 2 * slot] as Readable;
    const stderr = this.child.stdio[FIRST_SLOT_FD + 2 * slot + 1] as Readable;
    const id = slot;
    let active = false;
    const job = new LaunchedJob(
      stdout,
      stderr,
      () => {
        this.jobs.delete(id);
        if (active && --this.running === 0) this.setRef(false);
      },
      opts.prepared,
    );
    this.jobs.set(id, job);
    this.activators.set(job, () => {
      if (active) return;
      active = true;
      if (this.running++ === 0) this.setRef(true);
      (stdout as Unrefable)?.ref?.();
      (stderr as Unrefable)?.ref?.();
    });
    if (!opts.prepared) this.activate(job);
    this.child.stdin.write(jobLine(id, slot, cwd, prelude, file, args, opts.prepared));
    // The last slot taken: no more lines will come, so the shell may exit (its jobs live on).
    if (this.nextSlot >= LAUNCHER_SLOTS) this.child.stdin.end();
    return job;
  }

  /** A prepared program is taken: from now on it keeps the process alive like any running one. */
  activate(job: PipedProcess): void {
    this.activators.get(job)?.();
    this.activators.delete(job);
  }

  /** No more launches: the shell exits once it has read what it was sent; running jobs go on. */
  retire(): void {
    this.nextSlot = LAUNCHER_SLOTS;
    this.child.stdin?.end();
  }

  /** Kills the launcher, its jobs (its process group) and the programs they run (each its own group). */
  dispose(): void {
    this.dead = true;
    for (const job of this.jobs.values()) job.killGroup();
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  private die(): void {
    this.dead = true;
  }

  private onStatus(text: string): void {
    const lines = (this.pending + text).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) {
      const [kind, id, value] = line.split(' ');
      const job = this.jobs.get(Number(id));
      const n = Number(value);
      if (!job || !Number.isInteger(n)) continue;
      if (kind === 'p') job.started(n);
      else if (kind === 'x') job.exited(n);
    }
  }

  // Idle, the launcher must not keep the process alive; while a job runs its status must arrive.
  private setRef(on: boolean): void {
    if (on) {
      (this.child.stdout as Unrefable)?.ref?.();
      return;
    }
    for (const h of [this.child, this.child.stdin, this.child.stdout, ...this.child.stdio.slice(FIRST_SLOT_FD)] as Unrefable[]) h?.unref?.();
  }
}
