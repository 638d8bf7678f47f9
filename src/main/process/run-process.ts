// Runs one process in its own process group with a timeout and an abort signal, streaming decoded
// output; on timeout/abort the whole tree is killed before it resolves. Never rejects.
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { DEFAULT_KILL_GRACE_MS, killTree } from './kill-tree';
import type { PipedProcess } from './launcher-shell';

export type StreamName = 'stdout' | 'stderr';

export interface RunProcessOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin, which is then closed. Without it stdin is /dev/null (nothing can wait on it). */
  stdin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Once this fires the timeout no longer applies (the command moved to the background, BA10). */
  untimed?: AbortSignal;
  /** The program's pid, as soon as it is known. */
  onPid?: (pid: number) => void;
  /**
   * Decoded text, and the bytes it came from (`raw`: everything read, in arrival order, so a file of
   * them holds exactly what the command printed; empty for the decoder's final flush).
   */
  onData(stream: StreamName, text: string, raw: Buffer, decoded: boolean): void;
  /**
   * Whether the next chunks still need decoding (default: always). Once this answers false they
   * arrive with `decoded: false` and empty text, and none is decoded after (a large output past
   * everything its consumer shows: decoding megabytes only to drop them fills the heap).
   */
  wantsText?: () => boolean;
  killGraceMs?: number;
  /** After the process exits, how long its pipes may stay open (a `cmd &` it left holds them). */
  drainMs?: number;
  /** A program already started (by the launcher shell: its own process group, stdout and stderr
   *  piped, stdin empty) to supervise instead of spawning `file`. */
  spawned?: PipedProcess;
}

export interface RunProcessResult {
  pid: number | undefined;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  /** The process could not be started (ENOENT shell, bad cwd, …). */
  spawnError?: Error;
}

export const DEFAULT_DRAIN_MS = 250;

const NO_BYTES = Buffer.alloc(0);

/** Whether UTF-8 bytes stop inside a character (its lead byte is there, not all its continuation bytes). */
export function endsMidCharacter(b: Buffer): boolean {
  for (let i = b.length - 1, seen = 1; i >= 0 && seen <= 4; i--, seen++) {
    const byte = b[i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > seen;
  }
  return false;
}

export function runProcess(opts: RunProcessOptions): Promise<RunProcessResult> {
  return new Promise<RunProcessResult>((resolve) => {
    let child: ChildProcess | PipedProcess;
    try {
      child = opts.spawned ?? spawn(opts.file, opts.args, {
        cwd: opts.cwd,
        env: opts.env,
        detached: true,
        stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
    } catch (err) {
      resolve({ pid: undefined, exitCode: null, signal: null, timedOut: false, aborted: false, spawnError: err as Error });
      return;
    }

    let timedOut = false;
    let aborted = false;
    let killing: Promise<void> | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let done = false;

    const kill = () => {
      if (killing) return;
      // A launcher's program reports its pid a moment after launch: the kill waits for it.
      if (child.pid === undefined) child.once('spawn', kill);
      else killing = killTree(child.pid, { graceMs: opts.killGraceMs ?? DEFAULT_KILL_GRACE_MS });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    const onUntimed = () => clearTimeout(timer);
    if (opts.untimed?.aborted) onUntimed();
    else opts.untimed?.addEventListener('abort', onUntimed, { once: true });
    if (opts.onPid) {
      const report = () => {
        if (child.pid === undefined) return;
        try {
          opts.onPid?.(child.pid);
        } catch {
          // The consumer's problem.
        }
      };
      if (child.pid !== undefined) report();
      else child.once('spawn', report);
    }

    const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
    // Per stream; it stops only after a chunk that ended on a whole character (nothing left pending
    // in the decoder), so every character is either decoded or arrives whole in the raw bytes.
    const decoding = { stdout: true, stderr: true };
    const clean = { stdout: true, stderr: true };
    const deliver = (stream: StreamName, text: string, raw: Buffer, decoded = true) => {
      if (text.length === 0 && raw.length === 0) return;
      try {
        opts.onData(stream, text, raw, decoded);
      } catch {
        // The consumer's problem must not leave a process running.
      }
    };
    const onChunk = (stream: StreamName, b: Buffer) => {
      if (decoding[stream] && clean[stream] && opts.wantsText && !opts.wantsText()) decoding[stream] = false;
      if (!decoding[stream]) {
        deliver(stream, '', b, false);
        return;
      }
      clean[stream] = !endsMidCharacter(b);
      deliver(stream, decoders[stream].write(b), b);
    };
    child.stdout?.on('data', (b: Buffer) => onChunk('stdout', b));
    child.stderr?.on('data', (b: Buffer) => onChunk('stderr', b));

    const finish = async (spawnError?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (drainTimer) clearTimeout(drainTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      opts.untimed?.removeEventListener('abort', onUntimed);
      if (killing) await killing;
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (decoding.stdout) deliver('stdout', decoders.stdout.end(), NO_BYTES);
      if (decoding.stderr) deliver('stderr', decoders.stderr.end(), NO_BYTES);
      resolve({
        pid: child.pid,
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        aborted,
        ...(spawnError ? { spawnError } : {}),
      });
    };

    child.on('error', (err) => {
      // Spawn failures come here with no pid; later errors (a kill failing) are not fatal.
      if (child.pid === undefined) void finish(err);
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      drainTimer = setTimeout(() => void finish(), opts.drainMs ?? DEFAULT_DRAIN_MS);
    });
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      exit ??= { code, signal };
      void finish();
    });

    if (opts.stdin !== undefined && 'stdin' in child && child.stdin) {
      // A script that never reads stdin closes it early: EPIPE is expected, not an error.
      child.stdin.on('error', () => undefined);
      child.stdin.end(opts.stdin);
    }
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
