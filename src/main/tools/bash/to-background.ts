// "Keep running in background" for a running foreground command (BA10): the same process goes on as
// a shell task — its output so far, then everything after, goes to the task's output file — and the
// call returns at once, as if started with run_in_background. Stop no longer reaches it, nor does the
// call's timeout; TaskStop and the session's end do, through the registry.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { RunProcessResult } from '../../process/run-process';
import type { TaskInfo, TaskRegistry } from '../../tasks/registry';
import type { BashOutput } from '../../../shared/tools/bash';
import type { ToolUseContext } from '../core/tool';
import { capOutputFile } from '../../tasks/output-cap';
import { newTaskId } from './background';
import { DEFAULT_SPILL_MAX_BYTES, outputLimitsFromEnv } from './output';

/** The output so far kept for the task's file, in arrival order; past it only its start is kept. */
export const SO_FAR_MAX_BYTES = 4 * 1024 * 1024;

export interface BackgroundingOptions {
  ctx: ToolUseContext;
  tasks: TaskRegistry;
  command: string;
  description?: string;
  /** Where the task's output file goes. */
  outputDir: string;
}

export interface Backgrounding {
  /** For runProcess: the call's Stop until the move, the task's stop after it. */
  readonly signal: AbortSignal;
  /** For runProcess: fires at the move, ending the call's timeout. */
  readonly untimed: AbortSignal;
  onPid(pid: number): void;
  /** Every chunk as read: true once moved (it went to the task's file, not to the call). */
  divert(raw: Buffer): boolean;
  /** The process's run; resolves with the task if the person moved it first, else with the run. */
  race(run: Promise<RunProcessResult>): Promise<{ run: RunProcessResult } | { task: TaskInfo; run: Promise<RunProcessResult>; afterMs?: number }>;
}

export function prepareBackgrounding(opts: BackgroundingOptions): Backgrounding | undefined {
  const { ctx } = opts;
  if (!ctx.backgroundRequests || !ctx.toolUseId) return undefined;
  const stop = new AbortController();
  const untimed = new AbortController();
  const onCallAbort = () => stop.abort(ctx.abortSignal.reason);
  if (ctx.abortSignal.aborted) onCallAbort();
  else ctx.abortSignal.addEventListener('abort', onCallAbort, { once: true });

  let soFar: Buffer[] = [];
  let soFarBytes = 0;
  let droppedBytes = 0;
  let pid: number | undefined;
  let fd: number | undefined;
  let running: Promise<RunProcessResult> | undefined;
  let ended = false;
  let onMoved: ((task: TaskInfo) => void) | undefined;

  let movedAfterMs: number | undefined;
  const move = (afterMs?: number) => {
    if (ended || !running) return;
    movedAfterMs = afterMs;
    ctx.abortSignal.removeEventListener('abort', onCallAbort);
    untimed.abort();
    const id = newTaskId();
    mkdirSync(opts.outputDir, { recursive: true });
    const outputFile = path.join(opts.outputDir, `${id}.output`);
    try {
      fd = openSync(outputFile, 'a');
      for (const b of soFar) writeSync(fd, b);
      if (droppedBytes > 0) writeSync(fd, `\n... [${droppedBytes} bytes of earlier output were not kept] ...\n`);
    } catch (err) {
      ctx.log.warn(`a command moved to the background could not write its output file: ${(err as Error).message}`);
    }
    soFar = [];
    const run = running;
    const info: TaskInfo = {
      id,
      kind: 'shell',
      sessionId: ctx.sessionId,
      ...(ctx.agentLabel ? { startedBy: ctx.agentLabel } : {}),
      command: opts.command,
      ...(opts.description ? { description: opts.description } : {}),
      outputFile,
      ...(pid !== undefined ? { pid } : {}),
      // Listed with its project's programs (Running programs, the to-do list's In the background).
      projectDir: ctx.projectDir,
      status: 'running',
      startedAt: Date.now(),
    };
    opts.tasks.register({
      info,
      stop: async () => {
        stop.abort();
        await run;
      },
    });
    const cap = capOutputFile(outputFile, outputLimitsFromEnv().spillMaxBytes ?? DEFAULT_SPILL_MAX_BYTES);
    void run.then((r) => {
      cap.stop();
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      opts.tasks.settle(id, r.exitCode === 0 ? 'completed' : r.signal || r.aborted ? 'killed' : 'failed', r.exitCode);
    });
    clearTimeout(autoMove);
    onMoved?.(info);
  };
  const unlisten = ctx.backgroundRequests.listen(ctx.toolUseId, () => move());
  // Assistant mode: nobody waits on it, so past the budget it moves by itself.
  const budget = ctx.blockingBudgetMs;
  const autoMove = budget !== undefined && budget > 0 ? setTimeout(() => move(budget), budget) : undefined;
  autoMove?.unref?.();

  return {
    signal: stop.signal,
    untimed: untimed.signal,
    onPid: (p) => void (pid = p),
    divert(raw) {
      if (untimed.signal.aborted) {
        if (fd !== undefined) {
          try {
            writeSync(fd, raw);
          } catch {
            // A full disk: the task goes on; its file stops growing.
          }
        }
        return true;
      }
      if (soFarBytes + raw.length <= SO_FAR_MAX_BYTES) {
        soFar.push(raw);
        soFarBytes += raw.length;
      } else droppedBytes += raw.length;
      return false;
    },
    race(run) {
      running = run;
      return new Promise((resolve) => {
        onMoved = (task) => resolve({ task, run, ...(movedAfterMs !== undefined ? { afterMs: movedAfterMs } : {}) });
        void run.then((r) => {
          if (untimed.signal.aborted) return;
          // Ended in the foreground: nothing can move it any more.
          ended = true;
          clearTimeout(autoMove);
          unlisten();
          ctx.abortSignal.removeEventListener('abort', onCallAbort);
          soFar = [];
          resolve({ run: r });
        });
      });
    },
  };
}

/** The call's result once moved: the output so far, and the task it now is. */
export function movedOutput(
  task: TaskInfo,
  collector: { text(stream: 'stdout' | 'stderr'): string; totalChars: number },
  at: { timeoutMs: number; cwd: string; notes: string[]; afterMs?: number },
): BashOutput {
  return {
    stdout: collector.text('stdout'),
    stderr: collector.text('stderr'),
    exitCode: null,
    interrupted: false,
    timedOut: false,
    timeoutMs: at.timeoutMs,
    cwd: at.cwd,
    totalChars: collector.totalChars,
    backgroundTaskId: task.id,
    ...(at.afterMs !== undefined ? { backgroundedAfterMs: at.afterMs } : { backgroundedByUser: true }),
    outputFile: task.outputFile,
    ...(at.notes.length ? { notes: at.notes } : {}),
  };
}
