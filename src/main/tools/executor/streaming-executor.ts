// The streaming tool executor (seed 4.5, CC1–CC6): starts each tool_use as soon as its block is
// complete (one that works in this thread at the end of that turn of the event loop), runs
// concurrency-safe calls together and the rest alone, cascades only Bash failures, and hands back
// progress at once and results in call order — woken by events, never by polling.
import { setMaxListeners } from 'node:events';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { createLogger } from '../../base/log';
import type { Logger } from '../../base/log';
import type { UpcomingCalls } from '../core/tool';
import { resolveMaxConcurrency } from './concurrency-limit';
import {
  ToolCallCancelled,
  afterAbort,
  cancelledOutcome,
  checkedOutcome,
  siblingFailed,
  thrownOutcome,
  userStopped,
} from './outcomes';
import type { ExecutorEventType, ExecutorItem, ExecutorOptions, ExecutorToolUse, ToolCallOutcome } from './types';
import { WakeSignal } from './wake-signal';

export type * from './types';
export { ToolCallCancelled, USER_STOPPED_MESSAGE } from './outcomes';
export { DEFAULT_MAX_TOOL_USE_CONCURRENCY, MAX_CONCURRENCY_ENV, InvalidConcurrencyError } from './concurrency-limit';

const DEFAULT_STOP_GRACE_MS = 5_000;

/** Misuse of the executor's API (a bad tool_use object, adding after the stream ended, …). */
export class ExecutorUsageError extends Error {
  override name = 'ExecutorUsageError';
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

interface TrackedCall {
  use: ExecutorToolUse;
  safe: boolean;
  abortsSiblings: boolean;
  /** Works in this thread and arrived in the current turn of the event loop: not started yet. */
  held: boolean;
  /** queued → executing → done; a queued call may go straight to done when cancelled. */
  status: 'queued' | 'executing' | 'done';
  outcome?: ToolCallOutcome;
}

/**
 * Scheduling rule (Claude Code's): walk the queue in call order; start each queued call that may
 * start; stop at the first that may not. A call may start when fewer than `maxConcurrency` run and
 * either nothing runs or it and every running call are concurrency-safe. So a non-safe call runs
 * alone and everything queued after it — safe or not — waits behind it.
 * (Claude Code breaks only at a blocked non-safe call, but a blocked safe call means a non-safe call
 * runs or the limit is reached, and then nothing after it can start either: the two rules agree.)
 * One addition: a call that works in this thread is held until the current turn of the event loop
 * ends (the rest of its stream chunk is parsed by then). Safe calls behind a held safe call may
 * start before it — they would run together anyway; nothing overtakes a held non-safe call, and no
 * non-safe call overtakes a held one.
 */
export class StreamingToolExecutor {
  private readonly calls: TrackedCall[] = [];
  private readonly ids = new Set<string>();
  private readonly out: ExecutorItem[] = [];
  private readonly wake = new WakeSignal();
  /**
   * Every running call's signal: Stop and a failing Bash call (CC4) cancel all running calls at once.
   * No call starts after it aborted (the queue is cancelled with it), so one serves them all.
   */
  private readonly running = new AbortController();
  private readonly maxConcurrency: number;
  private readonly stopGraceMs: number;
  private readonly log: Logger;
  private executing = 0;
  private executingUnsafe = 0;
  private nextResult = 0;
  private adding = true;
  private consumed = false;
  private stopReason: ToolCallCancelled | null = null;
  private siblingReason: ToolCallCancelled | null = null;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private pumping = false;
  private releaseScheduled = false;
  private pumpAgain = false;
  private readonly onTurnAbort = (): void => this.stop();
  private readonly upcoming = (): UpcomingCalls => ({
    queued: this.calls.filter((c) => c.status === 'queued').map((c) => c.use.name),
    streamOpen: this.adding,
  });

  constructor(private readonly opts: ExecutorOptions) {
    this.log = opts.log ?? createLogger({ level: process.env.AGENT_DESK_LOG, prefix: 'agent-desk:executor' });
    this.maxConcurrency = resolveMaxConcurrency(opts.maxConcurrency, opts.env ?? process.env, this.log);
    const grace = opts.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    if (!(grace >= 0)) throw new ExecutorUsageError(`stopGraceMs must be >= 0, got ${String(grace)}`);
    this.stopGraceMs = grace;
    // Each running call's tool listens on the shared signal: as many listeners as calls, not a leak.
    setMaxListeners(0, this.running.signal);
    if (opts.signal.aborted) this.stop();
    else opts.signal.addEventListener('abort', this.onTurnAbort, { once: true });
  }

  /** CC1: called the moment a tool_use block completes, while the stream goes on. */
  addTool(use: ExecutorToolUse): void {
    if (!use || typeof use !== 'object' || typeof use.id !== 'string' || use.id === '' || typeof use.name !== 'string') {
      throw new ExecutorUsageError('addTool needs a tool_use with a non-empty string id and a name');
    }
    if (!this.adding) throw new ExecutorUsageError(`addTool(${use.id}) after finishedAdding()`);
    if (this.ids.has(use.id)) {
      // A second result for the same id would make the transcript invalid; the first one answers it.
      this.log.warn(`duplicate tool_use id ${use.id} ignored`);
      return;
    }
    this.ids.add(use.id);
    const call: TrackedCall = {
      use,
      safe: this.ask('isConcurrencySafe', use),
      abortsSiblings: this.ask('abortsSiblingsOnError', use),
      held: this.ask('worksInThread', use),
      status: 'queued',
    };
    this.calls.push(call);
    this.emit('queued', use.id);
    if (call.held) this.scheduleRelease();
    this.pump();
    this.flush();
  }

  /** The stream ended: no more tools. `results()` ends once every call has its result. */
  finishedAdding(): void {
    this.adding = false;
    this.wake.wake();
  }

  /** Stop: aborts running calls and cancels queued ones; every tool_use still gets exactly one result. */
  cancelAll(reason?: string): void {
    if (reason) this.log.debug(`cancelAll: ${reason}`);
    this.stop();
  }

  /**
   * CC5: progress as it happens, results strictly in call order; ends after the last result. Consume
   * once. Leaving the loop early does not cancel anything: Stop is `cancelAll()` or the turn signal.
   */
  async *results(): AsyncGenerator<ExecutorItem> {
    if (this.consumed) throw new ExecutorUsageError('results() may be consumed only once');
    this.consumed = true;
    for (;;) {
      let item: ExecutorItem | undefined;
      while ((item = this.out.shift()) !== undefined) {
        if (item.kind === 'result') this.emit('yielded', item.outcome.toolUseId);
        yield item;
      }
      if (!this.adding && this.nextResult === this.calls.length) {
        // Only when all is done: a consumer that walks away early must not disarm the turn's Stop.
        this.opts.signal.removeEventListener('abort', this.onTurnAbort);
        return;
      }
      await this.wake.wait(); // CC6
    }
  }

  // ---- scheduling ----

  private canStart(call: TrackedCall): boolean {
    if (this.executing >= this.maxConcurrency) return false;
    return this.executing === 0 || (call.safe && this.executingUnsafe === 0);
  }

  /** Re-entrant safe: a callback that adds or stops while we start calls just asks for another pass. */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        let heldBefore = false;
        for (const call of this.calls) {
          if (call.status !== 'queued') continue;
          const cancel = this.stopReason ?? this.siblingReason;
          if (cancel) {
            this.finish(call, cancelledOutcome(call.use.id, cancel));
            this.emit('cancelled', call.use.id);
            continue;
          }
          if (call.held) {
            // Nothing passes a held non-safe call; safe calls behind a held safe one may start.
            if (!call.safe) break;
            heldBefore = true;
            continue;
          }
          if (heldBefore && !call.safe) break; // nor does a non-safe call pass a held one
          if (!this.canStart(call)) break;
          this.start(call);
        }
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  /** At the end of this turn of the event loop, the held calls may start. */
  private scheduleRelease(): void {
    if (this.releaseScheduled) return;
    this.releaseScheduled = true;
    setImmediate(() => {
      this.releaseScheduled = false;
      for (const call of this.calls) call.held = false;
      this.pump();
      this.flush();
    });
  }

  private start(call: TrackedCall): void {
    const id = call.use.id;
    call.status = 'executing';
    this.executing++;
    if (!call.safe) this.executingUnsafe++;
    this.emit('started', id);
    let running: Promise<unknown>;
    try {
      running = Promise.resolve(this.opts.runToolUse(call.use, this.running.signal, (p) => this.progress(call, p), this.upcoming));
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => this.settle(call, { ok: true, value }),
      (error: unknown) => this.settle(call, { ok: false, error }),
    );
  }

  private progress(call: TrackedCall, progress: ToolProgress): void {
    // Once a call has its result, late progress would land after it in the stream: drop it.
    if (call.status === 'done' || !progress || typeof progress !== 'object') return;
    this.out.push({ kind: 'progress', toolUseId: call.use.id, progress });
    this.emit('progress', call.use.id);
    this.wake.wake();
  }

  private settle(call: TrackedCall, settled: Settled): void {
    if (call.status !== 'executing') return; // abandoned after the Stop grace: its late result is dropped
    this.release(call);
    const id = call.use.id;
    const signal = this.running.signal;
    const reason = signal.aborted ? asCancel(signal.reason) : null;
    let outcome = settled.ok ? checkedOutcome(call.use, settled.value) : thrownOutcome(id, settled.error);
    if (!settled.ok && !reason) this.log.warn(`tool pipeline rejected for ${call.use.name} (${id})`, settled.error);
    if (reason) outcome = settled.ok ? afterAbort(outcome, reason) : cancelledOutcome(id, reason);
    this.emit('finished', id);
    this.finish(call, outcome);
    // CC4: only a failing Bash (abortsSiblingsOnError) call cascades, and only if it failed on its own.
    // A call that was not allowed never ran, so it did not fail: the siblings it runs beside (read-only
    // commands now run side by side, TC2) finish.
    if (!reason && outcome.isError && outcome.state !== 'rejected' && call.abortsSiblings && !this.siblingReason && !this.stopReason) {
      this.siblingReason = siblingFailed(call.use);
      this.cancelRunning(this.siblingReason);
    }
    if (this.executing === 0) this.clearGrace();
    this.pump();
    this.flush();
  }

  private release(call: TrackedCall): void {
    this.executing--;
    if (!call.safe) this.executingUnsafe--;
  }

  private finish(call: TrackedCall, outcome: ToolCallOutcome): void {
    call.status = 'done';
    call.outcome = outcome;
  }

  /** Moves finished results to the output in call order (CC5) and wakes the consumer. */
  private flush(): void {
    let call: TrackedCall | undefined;
    while ((call = this.calls[this.nextResult])?.outcome) {
      this.out.push({ kind: 'result', outcome: call.outcome });
      this.nextResult++;
    }
    this.wake.wake();
  }

  // ---- stop ----

  private stop(): void {
    if (this.stopReason) return;
    this.stopReason = userStopped();
    this.cancelRunning(this.stopReason);
    this.pump(); // queued calls get their cancelled results
    if (this.executing > 0) {
      if (this.stopGraceMs === 0) this.abandonRunning();
      else {
        // A one-shot deadline, not a poll: it only fires if some tool ignores its aborted signal.
        this.graceTimer = setTimeout(() => this.abandonRunning(), this.stopGraceMs);
        this.graceTimer.unref?.();
      }
    }
    this.flush();
  }

  /** Aborts every running call's signal (the first reason wins). */
  private cancelRunning(reason: ToolCallCancelled): void {
    if (this.running.signal.aborted) return;
    this.running.abort(reason);
    for (const call of this.calls) if (call.status === 'executing') this.emit('cancelled', call.use.id);
  }

  private abandonRunning(): void {
    this.graceTimer = null;
    for (const call of this.calls) {
      if (call.status !== 'executing') continue;
      this.log.warn(`${call.use.name} (${call.use.id}) did not stop within ${this.stopGraceMs} ms; cancelled without its result`);
      this.release(call);
      this.finish(call, cancelledOutcome(call.use.id, this.stopReason ?? userStopped()));
    }
    this.flush();
  }

  private clearGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
  }

  // ---- guarded callbacks ----

  /** The predicates are other people's code: one that throws must not break the batch (fail closed). */
  private ask(which: 'isConcurrencySafe' | 'abortsSiblingsOnError' | 'worksInThread', use: ExecutorToolUse): boolean {
    try {
      return this.opts[which]?.(use) === true;
    } catch (error) {
      this.log.warn(`${which}(${use.name}) threw; treating as false`, error);
      return false;
    }
  }

  private emit(type: ExecutorEventType, toolUseId: string): void {
    if (!this.opts.onEvent) return;
    try {
      this.opts.onEvent({ type, toolUseId });
    } catch (error) {
      this.log.warn('executor onEvent hook threw', error);
    }
  }
}

function asCancel(reason: unknown): ToolCallCancelled {
  return reason instanceof ToolCallCancelled ? reason : userStopped();
}
