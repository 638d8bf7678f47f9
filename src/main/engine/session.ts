// One conversation of one project: takes a user message, runs the turn loop, publishes what happens
// as SessionEvents, and writes the turn's messages to the store in one append when the turn ends.
import { IpcFailure } from '../../shared/ipc/errors';
import type { ErrorInfo, SessionEvent } from '../../shared/session-events';
import type { Message, SessionStatus, SessionSummary, Usage } from '../../shared/transcript';
import type { Logger } from '../ipc/dispatch';
import type { ModelAccess } from '../model/access';
import { ModelError } from '../model/errors';
import type { RetryPolicy } from '../model/retry';
import type { ApiTool } from '../model/types';
import type { SessionMeta, SessionStore, StoredSession } from '../sessions/store';
import { titleFromText, UNTITLED } from '../sessions/title';
import { runLoop, type LoopOptions, type ToolRunner } from './loop';

export interface SessionDeps {
  store: SessionStore;
  model: ModelAccess;
  publish: (event: SessionEvent) => void;
  log: Logger;
  retry: RetryPolicy;
  maxTurns: number;
  systemPrompt: (projectDir: string) => string;
  now: () => number;
  newId: () => string;
  tools?: () => ApiTool[];
  toolRunner?: ToolRunner;
  sleep?: LoopOptions['sleep'];
}

export interface TurnOptions {
  /** A model for this turn only (the CLI's --model). */
  model?: string;
  maxTurns?: number;
}

export interface TurnOutcome {
  ok: boolean;
  aborted: boolean;
  error?: ErrorInfo;
  /** Messages appended by this turn, the user's first. */
  messages: Message[];
  usage: Usage;
  turns: number;
  stopReason: string | null;
  maxTurnsReached: boolean;
  durationMs: number;
}

export class Session {
  readonly id: string;
  readonly projectDir: string;
  readonly createdAt: number;
  private title: string;
  private readonly messages: Message[];
  private statusValue: SessionStatus = 'idle';
  /** Whether the meta line is on disk already. */
  private persisted: boolean;
  /** Messages not yet written (kept after a failed write, so the next turn's append retries them). */
  private pending: Message[] = [];
  private controller: AbortController | null = null;
  private current: Promise<TurnOutcome> | null = null;

  constructor(
    private readonly deps: SessionDeps,
    init: { id: string; projectDir: string; createdAt: number; title?: string; messages?: Message[]; persisted?: boolean },
  ) {
    this.id = init.id;
    this.projectDir = init.projectDir;
    this.createdAt = init.createdAt;
    this.title = init.title ?? UNTITLED;
    this.messages = [...(init.messages ?? [])];
    this.persisted = init.persisted ?? false;
  }

  static fromStored(deps: SessionDeps, stored: StoredSession, projectDir: string): Session {
    return new Session(deps, { id: stored.meta.id, projectDir, createdAt: stored.meta.createdAt, title: stored.meta.title, messages: stored.messages, persisted: true });
  }

  get status(): SessionStatus {
    return this.statusValue;
  }

  /** Whether anything of this session is on disk (an untouched new session is not). */
  get saved(): boolean {
    return this.persisted;
  }

  summary(): SessionSummary {
    const last = this.messages.at(-1);
    return {
      id: this.id,
      projectDir: this.projectDir,
      title: this.title,
      createdAt: this.createdAt,
      updatedAt: last ? Math.max(last.createdAt, this.createdAt) : this.createdAt,
      messageCount: this.messages.length,
    };
  }

  transcript(): Message[] {
    return [...this.messages];
  }

  /**
   * Accept a user message and start the turn. Throws IpcFailure('busy') while a turn runs; the returned
   * promise settles when the turn ends (it never rejects: failures are in the outcome and published).
   */
  start(text: string, opts: TurnOptions = {}): { done: Promise<TurnOutcome> } {
    if (this.statusValue !== 'idle') throw new IpcFailure({ code: 'busy', message: 'This session is still working on the previous message. Stop it or wait.' });
    const user: Message = { id: this.deps.newId(), role: 'user', content: [{ type: 'text', text }], createdAt: this.deps.now() };
    const titled = this.title === UNTITLED && !this.messages.some((m) => m.role === 'user');
    if (titled) this.title = titleFromText(text);
    this.messages.push(user);
    this.pending.push(user);
    const controller = new AbortController();
    this.controller = controller;
    this.publish({ type: 'message', message: user });
    this.setStatus('running');
    // The first message names the session: lists show the title at once, not when the turn ends.
    if (titled) this.publish({ type: 'summary', session: this.summary() });
    const done = this.runTurn(user, controller.signal, opts);
    this.current = done;
    return { done };
  }

  /** Abort the running turn and wait until the session is idle again; false when nothing ran. */
  async stop(): Promise<boolean> {
    const running = this.current;
    if (!running || this.statusValue === 'idle') return false;
    if (this.statusValue === 'running') this.setStatus('stopping');
    this.controller?.abort();
    await running;
    return true;
  }

  /** Resolves when no turn runs. */
  async whenIdle(): Promise<void> {
    if (this.current) await this.current;
  }

  private publish(e: DistributiveOmit<SessionEvent, 'sessionId'>): void {
    this.deps.publish({ ...e, sessionId: this.id } as SessionEvent);
  }

  private setStatus(status: SessionStatus): void {
    this.statusValue = status;
    this.publish({ type: 'status', status });
  }

  private async runTurn(user: Message, signal: AbortSignal, opts: TurnOptions): Promise<TurnOutcome> {
    const t0 = this.deps.now();
    const turnMessages: Message[] = [user];
    let result: Awaited<ReturnType<typeof runLoop>> | null = null;
    let error: ModelError | null = null;
    try {
      const config = this.deps.model.config(opts.model);
      const client = this.deps.model.client(config);
      const tools = this.deps.tools?.();
      result = await runLoop(
        {
          client,
          model: config.model,
          system: this.deps.systemPrompt(this.projectDir),
          ...(tools && tools.length > 0 ? { tools } : {}),
          ...(this.deps.toolRunner ? { toolRunner: this.deps.toolRunner } : {}),
          maxTurns: opts.maxTurns ?? this.deps.maxTurns,
          retry: this.deps.retry,
          transcript: () => this.messages,
          append: (m) => {
            this.messages.push(m);
            this.pending.push(m);
            turnMessages.push(m);
            this.publish({ type: 'message', message: m });
          },
          emit: (e) => this.publish(e),
          newId: this.deps.newId,
          now: this.deps.now,
          ...(this.deps.sleep ? { sleep: this.deps.sleep } : {}),
        },
        signal,
      );
      error = result.error ?? null;
    } catch (err) {
      error = err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
      if (error.code === 'internal') this.deps.log.error(`session ${this.id}: turn failed`, err);
    }
    const aborted = result?.aborted ?? false;

    let saveError: ErrorInfo | null = null;
    try {
      await this.flush();
    } catch (err) {
      this.deps.log.error(`session ${this.id}: could not save`, err);
      saveError = { code: 'internal', message: `Could not save the session: ${err instanceof Error ? err.message : String(err)}` };
    }

    const info = error && !aborted ? error.toInfo() : saveError;
    if (error && !aborted) this.deps.log.warn(`session ${this.id}: ${error.code}: ${error.message}`);
    if (info) this.publish({ type: 'error', error: info });
    this.publish({ type: 'summary', session: this.summary() });
    this.controller = null;
    this.current = null;
    this.setStatus('idle');
    return {
      ok: !error && !aborted && !saveError,
      aborted,
      ...(info ? { error: info } : {}),
      messages: turnMessages,
      usage: result?.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      turns: result?.turns ?? 0,
      stopReason: result?.stopReason ?? null,
      maxTurnsReached: result?.maxTurnsReached ?? false,
      durationMs: this.deps.now() - t0,
    };
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const meta: SessionMeta | undefined = this.persisted
      ? undefined
      : { type: 'meta', version: 1, id: this.id, projectDir: this.projectDir, createdAt: this.createdAt, title: this.title };
    const batch = [...this.pending];
    await this.deps.store.append(this.projectDir, this.id, { ...(meta ? { meta } : {}), messages: batch });
    this.persisted = true;
    this.pending = this.pending.slice(batch.length);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
