// One conversation of one project: takes a user message (UserPromptSubmit hooks may block it), runs the
// turn loop with tools, publishes what happens as SessionEvents (usage and cost after every model call,
// and why a run stopped short), and hands what happens to its persistence as it happens (PX5): each
// tool call is on disk before it runs and its result when it finishes, and no request goes out before
// what it carries (the prompt, earlier replies and results) is on disk. A session reopened after a crash comes with its interrupted turn rebuilt (sessions/recover.ts)
// and the temp files of its unfinished writes removed. A conversation that outgrows the model's window
// is summarised (session-compaction.ts); "/compact [instructions]" asks for a summary by hand.
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { IpcFailure } from '../../shared/ipc/errors';
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../shared/permissions/request';
import type { ErrorInfo, SessionEvent, UsageTotals } from '../../shared/session-events';
import { isTerminal, type ToolCallView } from '../../shared/tools/tool-call';
import { targetOf } from '../../shared/tools/traits';
import { messageText, type Message, type RunStop, type SessionStatus, type SessionSummary, type Usage } from '../../shared/transcript';
import type { Logger } from '../base/log';
import type { PermissionMode } from '../permissions/types';
import { TEMP_FILE_PATTERN, tempPathFor } from '../fs/atomic-write';
import type { ModelAccess } from '../model/access';
import { ModelError } from '../model/errors';
import type { RetryPolicy } from '../model/retry';
import type { ModelClient } from '../model/types';
import { CLAUDE_CODE_CATALOG } from '../permissions/tool-catalog';
import type { InterruptedTurn } from '../sessions/recover';
import type { SessionStore, StoredSession } from '../sessions/store';
import { titleFromText, UNTITLED } from '../sessions/title';
import { SESSION_TITLE_MAX } from '../sessions/store';
import { buildSystemBlocks } from '../tools/core/tools-param';
import type { SessionEventBody } from './event-body';
import { runLoop, type LoopOptions, type LoopResult } from './loop';
import type { RequestParts } from './model-call';
import { toApiMessages } from './request';
import { runStopOf } from './run-stop';
import { SessionCompaction } from './session-compaction';
import { compactSettingsFrom, type CompactSettings } from './compact/settings';
import { SessionHooks } from './session-hooks';
import { SessionPersistence } from './session-persistence';
import type { SessionRuntime, SessionRuntimeFactory } from './session-runtime';
import { addTotals, callTotals, totalsOf, ZERO_TOTALS, ZERO_USAGE } from './usage';

export interface SessionDeps {
  store: SessionStore;
  model: ModelAccess;
  publish: (event: SessionEvent) => void;
  log: Logger;
  retry: RetryPolicy;
  /** Model turns a run may take; absent = no limit (interactive sessions, like Claude Code). */
  maxTurns?: number;
  /** The session's system prompt; built once per session so the cached prefix never changes. */
  systemPrompt: (projectDir: string) => string;
  now: () => number;
  newId: () => string;
  /** Tools and hooks per session; without it a session is plain chat. */
  runtime?: SessionRuntimeFactory;
  sleep?: LoopOptions['sleep'];
  /** When conversations are summarised (issue 20 item 2); absent = Claude Code's defaults. */
  compaction?: (projectDir: string) => CompactSettings;
}

/** `/compact` and what follows it: a summary asked for by hand, not a message for the model. */
const COMPACT_COMMAND = /^\/compact(?:\s+([\s\S]*))?$/;

export interface TurnOptions {
  /** A model for this turn only (the CLI's --model). */
  model?: string;
  maxTurns?: number;
}

export interface TurnOutcome {
  ok: boolean;
  aborted: boolean;
  error?: ErrorInfo;
  /** Messages appended by this turn, the user's first (none when a hook blocked the prompt). */
  messages: Message[];
  usage: Usage;
  /** This turn's cost in USD; null when a model's price is unknown. */
  costUsd: number | null;
  turns: number;
  stopReason: string | null;
  maxTurnsReached: boolean;
  /** A hook ended the turn (PostToolUse `continue: false`), or blocked the prompt. */
  hookStopped?: string;
  /** Why the run stopped short, when it did (also published, and saved on its last message). */
  stopped?: RunStop;
  durationMs: number;
}

export class Session {
  readonly id: string;
  readonly projectDir: string;
  readonly createdAt: number;
  private title: string;
  private readonly messages: Message[];
  private statusValue: SessionStatus = 'idle';
  private readonly persistence: SessionPersistence;
  private controller: AbortController | null = null;
  private current: Promise<TurnOutcome> | null = null;
  private readonly runtime: SessionRuntime | null;
  private systemPromptText: string | null = null;
  private totals: UsageTotals;
  private readonly hooks: SessionHooks;
  /** Set for background tasks and subagents; a conversation's origin follows its title. */
  private readonly fixedOrigin: RequestOrigin | undefined;
  private readonly compaction: SessionCompaction;
  /** Where a message of the running turn goes (its list, the run's cost); set per turn. */
  private turnAppend: (m: Message) => void = () => undefined;
  /** The model of the running turn (its subagents inherit it). */
  private turnModel: string | undefined;

  constructor(
    private readonly deps: SessionDeps,
    init: { id: string; projectDir: string; createdAt: number; title?: string; messages?: Message[]; calls?: ToolCallView[]; persisted?: boolean; origin?: RequestOrigin },
  ) {
    this.id = init.id;
    this.projectDir = init.projectDir;
    this.createdAt = init.createdAt;
    this.title = init.title ?? UNTITLED;
    this.messages = [...(init.messages ?? [])];
    this.persistence = new SessionPersistence({
      store: deps.store,
      log: deps.log,
      id: this.id,
      projectDir: this.projectDir,
      createdAt: this.createdAt,
      title: () => this.title,
      ...(init.calls ? { calls: init.calls } : {}),
      persisted: init.persisted ?? false,
      now: deps.now,
    });
    this.totals = totalsOf(this.messages);
    this.fixedOrigin = init.origin ? { ...init.origin } : undefined;
    this.runtime =
      deps.runtime?.({
        sessionId: this.id,
        projectDir: this.projectDir,
        publish: (e) => this.publish(e),
        origin: () => this.origin(),
        subagentModels: {
          parent: () => this.turnModel ?? deps.model.model(),
          client: (model) => deps.model.client(deps.model.config(model)),
          retry: deps.retry,
        },
      }) ?? null;
    this.hooks = new SessionHooks({
      sessionId: this.id,
      projectDir: this.projectDir,
      hooks: this.runtime?.hooks,
      notify: (messages) => messages.forEach((m) => this.runtime?.notify('info', m)),
      resumed: this.messages.length > 0,
    });
    const hooks = this.runtime?.hooks;
    this.compaction = new SessionCompaction({
      settings: () => deps.compaction?.(this.projectDir) ?? compactSettingsFrom({}),
      requestFor: (view) => this.requestFor(view),
      messages: () => this.messages,
      append: (m) => this.turnAppend(m),
      publish: (e) => this.publish(e),
      notify: (m) => this.runtime?.notify('info', m),
      forgetReads: () => this.runtime?.tools?.forgetReads?.(),
      ...(hooks?.preCompact
        ? {
            preCompact: (trigger, customInstructions, signal) =>
              hooks.has('PreCompact', trigger) ? hooks.preCompact!({ sessionId: this.id, cwd: this.projectDir, trigger, customInstructions }, signal) : Promise.resolve({ messages: [] }),
          }
        : {}),
      retry: deps.retry,
      now: deps.now,
      newId: deps.newId,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    });
  }

  static fromStored(deps: SessionDeps, stored: StoredSession, projectDir: string): Session {
    return new Session(deps, { id: stored.meta.id, projectDir, createdAt: stored.meta.createdAt, title: stored.meta.title, messages: stored.messages, calls: stored.calls, persisted: true });
  }

  /** A saved session, after removing what its interrupted turns' unfinished writes left (their temp files). */
  static async restore(deps: SessionDeps, stored: StoredSession, projectDir: string): Promise<Session> {
    await removeUnfinishedWrites(stored.interrupted ?? [], projectDir, deps.log);
    return Session.fromStored(deps, stored, projectDir);
  }

  /** Who waits on this session's permission requests: the conversation by its title, or the task. */
  origin(): RequestOrigin {
    return this.fixedOrigin ? { ...this.fixedOrigin } : { kind: 'session', label: this.title };
  }

  get status(): SessionStatus {
    return this.statusValue;
  }

  /** Whether anything of this session is on disk (an untouched new session is not). */
  get saved(): boolean {
    return this.persistence.saved;
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

  /** Token use and cost of every model call of this session, stored ones included. */
  usage(): UsageTotals {
    return this.totals;
  }

  /** Tokens the model reads at once, as this session counts them (a configured window wins). */
  contextWindow(): number {
    let model: string | undefined;
    try {
      model = this.deps.model.config().model;
    } catch {
      model = undefined; // no model configured yet: the default window
    }
    return this.compaction.limits(model).window;
  }

  /** Saved calls (earlier runs, or forgotten by the runtime) and the live ones; a live snapshot wins. */
  toolCalls(): ToolCallView[] {
    const live = this.runtime?.tools?.views() ?? [];
    const liveIds = new Set(live.map((c) => c.id));
    return [...this.persistence.calls().filter((c) => !liveIds.has(c.id)), ...live];
  }

  pendingPermissions(): PermissionRequestView[] {
    return this.runtime?.tools?.pendingPermissions() ?? [];
  }

  /** Names of the tools the model is offered now. */
  toolNames(): string[] {
    return this.runtime?.tools?.toolNames() ?? [];
  }

  permissionMode(): string {
    return this.runtime?.tools?.mode() ?? 'default';
  }

  /** The person's choice of mode, from the next call on (a running turn sees it at its next call). */
  setPermissionMode(mode: PermissionMode): string {
    this.runtime?.tools?.setMode(mode);
    return this.permissionMode();
  }

  /** Answers one of this session's pending permission requests; false when it is not one of them. */
  replyPermission(reply: PermissionReplyInput): boolean {
    return this.runtime?.tools?.replyPermission(reply) ?? false;
  }

  /** An "Always allow" rule of this session undone: the next call is decided without it; false when it had none such. */
  forgetRule(rule: string): boolean {
    return this.runtime?.tools?.forgetRule(rule) ?? false;
  }

  /** "Keep running in background" for a running call of this session (BA10). */
  backgroundCall(toolUseId: string): boolean {
    return this.runtime?.tools?.backgroundCall(toolUseId) ?? false;
  }

  /**
   * Accept a user message and start the turn. Throws IpcFailure('busy') while a turn runs; the returned
   * promise settles when the turn ends (it never rejects: failures are in the outcome and published).
   */
  start(text: string, opts: TurnOptions = {}): { done: Promise<TurnOutcome> } {
    if (this.statusValue !== 'idle') throw new IpcFailure({ code: 'busy', message: 'This session is still working on the previous message. Stop it or wait.' });
    const compact = COMPACT_COMMAND.exec(text.trim());
    if (compact) return this.startCompaction(compact[1]?.trim() ?? '', opts);
    // A command the person typed ("/fmt src/a.ts") goes with its instructions; anything else as typed.
    const content = this.runtime?.tools?.expandCommand(text) ?? [{ type: 'text' as const, text }];
    const user: Message = { id: this.deps.newId(), role: 'user', content, createdAt: this.deps.now() };
    const controller = new AbortController();
    this.controller = controller;
    this.persistence.beginTurn(this.deps.newId());
    // A UserPromptSubmit hook decides first whether the prompt joins the conversation at all.
    const gated = this.hooks.gatesPrompts();
    if (gated) this.setStatus('running');
    const saved = gated ? null : this.accept(user, true);
    const done = this.runTurn(user, saved, controller.signal, opts);
    this.current = done;
    return { done };
  }

  /**
   * Send the conversation to the model again, adding nothing, after a turn that ended on an error
   * (issue 12 item 5: the notice's Retry). Throws 'busy' while a turn runs and 'invalid_input' when
   * the last turn did not end on an error.
   */
  retry(opts: TurnOptions = {}): { done: Promise<TurnOutcome> } {
    if (this.statusValue !== 'idle') throw new IpcFailure({ code: 'busy', message: 'This session is still working on the previous message. Stop it or wait.' });
    const at = this.messages.length - 1;
    const last = this.messages[at];
    if (!last || last.role !== 'user' || last.stopped?.kind !== 'error') {
      throw new IpcFailure({ code: 'invalid_input', message: 'There is nothing to retry: the last turn did not end on an error.' });
    }
    // The old notice goes: the retry is the answer to it.
    const { stopped: _old, ...again } = last;
    this.messages[at] = again;
    this.publish({ type: 'message', message: again });
    const controller = new AbortController();
    this.controller = controller;
    this.persistence.beginTurn(this.deps.newId());
    this.setStatus('running');
    const done = this.runTurn(again, this.persistence.resume(again.id), controller.signal, opts);
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

  /** Stops the turn and the session's background tasks. */
  async dispose(): Promise<void> {
    await this.stop();
    await this.runtime?.dispose?.();
    await this.persistence.settled();
  }

  /** The person's own name for the conversation: kept on disk, told to every window. */
  async rename(title: string): Promise<void> {
    const clean = title.replace(/\s+/g, ' ').trim().slice(0, SESSION_TITLE_MAX);
    if (!clean || clean === this.title) return;
    this.title = clean;
    await this.persistence.rename(clean);
    this.publish({ type: 'summary', session: this.summary() });
  }

  private publish(e: SessionEventBody): void {
    if (e.type === 'tool_call' && isTerminal(e.call.state) && e.call.kind === 'edit') this.persistence.keepCall(e.call);
    this.deps.publish({ ...e, sessionId: this.id } as SessionEvent);
  }

  private setStatus(status: SessionStatus): void {
    this.statusValue = status;
    this.publish({ type: 'status', status });
  }

  /**
   * The prompt joins the conversation; the first one names the session (lists show it at once).
   * Resolves once it is on disk.
   */
  private accept(user: Message, setRunning: boolean): Promise<void> {
    const titled = this.title === UNTITLED && !this.messages.some((m) => m.role === 'user');
    if (titled) this.title = titleFromText(messageText(user));
    this.messages.push(user);
    const saved = this.persistence.prompt(user);
    saved.catch(() => undefined); // the turn reports it
    this.publish({ type: 'message', message: user });
    if (setRunning) this.setStatus('running');
    if (titled) this.publish({ type: 'summary', session: this.summary() });
    return saved;
  }

  /** A request for `view`, the messages as the model reads them. */
  private requestFor(view: Message[]): RequestParts {
    this.systemPromptText ??= this.deps.systemPrompt(this.projectDir);
    const tools = this.runtime?.tools?.request();
    const messages = toApiMessages(this.hooks.forRequest(view));
    return {
      messages,
      system: buildSystemBlocks(this.systemPromptText, [tools?.systemAddendum]),
      ...(tools && tools.tools.length > 0 ? { tools: tools.tools } : {}),
    };
  }

  /** `saved`: the prompt's write, once it joined the conversation (null: a UserPromptSubmit hook decides first). */
  private async runTurn(user: Message, saved: Promise<void> | null, signal: AbortSignal, opts: TurnOptions): Promise<TurnOutcome> {
    const t0 = this.deps.now();
    const maxTurns = opts.maxTurns ?? this.deps.maxTurns;
    const turnMessages: Message[] = [];
    let result: LoopResult | null = null;
    let error: ModelError | null = null;
    let blocked: string | undefined;
    let saveError: ErrorInfo | null = null;
    let runTotals = ZERO_TOTALS;
    try {
      this.runtime?.tools?.beginMessage(user);
      await this.hooks.sessionStart(signal);
      if (!saved) {
        ({ blocked } = await this.hooks.submit(user, signal));
        if (!blocked && !signal.aborted) saved = this.accept(user, false);
      }
      if (this.messages.at(-1) === user) turnMessages.push(user);
      // Nothing goes to the model that is not on disk first.
      if (saved) saveError = await saved.then(() => null, (err: unknown) => this.saveFailure(err));
      if (!blocked && !saveError && turnMessages.length > 0 && !signal.aborted) {
        const config = this.deps.model.config(opts.model);
        this.turnModel = config.model;
        // Every request, not only the first, waits for the turn's lines: what the model was sent (a
        // call's result, a reply) must survive a crash that follows at once.
        const client = afterSaving(this.deps.model.client(config), () => this.persistence.settled());
        const tools = this.runtime?.tools;
        const append = (m: Message) => {
          this.messages.push(m);
          this.persistence.add(m);
          turnMessages.push(m);
          this.publish({ type: 'message', message: m });
          runTotals = this.countUsage(m, config.model, runTotals);
        };
        this.turnAppend = append;
        result = await runLoop(
          {
            client,
            model: config.model,
            request: () => this.compaction.request(config.model),
            prepare: this.compaction.prepare({ client, model: config.model }),
            ...(tools ? { toolRunner: tools } : {}),
            ...(maxTurns ? { maxTurns } : {}),
            retry: this.deps.retry,
            record: {
              replyBlocks: (messageId, blocks) => this.persistence.replyBlocks(messageId, blocks),
              toolResult: (messageId, r) => this.persistence.toolResult(messageId, r),
              settled: () => this.persistence.settled(),
            },
            append,
            emit: (e) => this.publish(e),
            onEnd: (active, s) => this.hooks.stop(active, s),
            newId: this.deps.newId,
            now: this.deps.now,
            ...(this.deps.sleep ? { sleep: this.deps.sleep } : {}),
          },
          signal,
        );
        error = result.error ?? null;
      }
    } catch (err) {
      error = err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
      if (error.code === 'internal') this.deps.log.error(`session ${this.id}: turn failed`, err);
    }
    const aborted = (result?.aborted ?? false) || (signal.aborted && !result && !error);
    if (result?.hookStopped) this.runtime?.notify('info', `A hook ended the turn: ${result.hookStopped}`);
    const stopped = runStopOf({
      aborted,
      ...(result?.maxTurnsReached && maxTurns ? { maxTurnsReached: { limit: maxTurns } } : {}),
      stopReason: result?.stopReason ?? null,
      ...(result?.hookStopped !== undefined ? { hookStopped: result.hookStopped } : {}),
      ...(blocked !== undefined ? { promptBlocked: blocked } : {}),
      ...(error ? { error: error.toInfo() } : saveError ? { error: saveError } : {}),
    });
    const stoppedAt = stopped ? this.markStopped(turnMessages, stopped) : null;

    try {
      await this.persistence.endTurn(stopped && stoppedAt ? { messageId: stoppedAt, stop: stopped } : undefined);
    } catch (err) {
      saveError ??= this.saveFailure(err);
    }

    const blockedInfo: ErrorInfo | null = blocked ? { code: 'hook_blocked', message: `A UserPromptSubmit hook blocked this message: ${blocked}`, retryable: false } : null;
    const info = blockedInfo ?? (error && !aborted ? error.toInfo() : saveError);
    if (error && !aborted) this.deps.log.warn(`session ${this.id}: ${error.code}: ${error.message}`);
    if (info) this.publish({ type: 'error', error: info });
    this.publish({ type: 'summary', session: this.summary() });
    this.controller = null;
    this.current = null;
    this.setStatus('idle');
    const hookStopped = blocked ?? result?.hookStopped;
    return {
      ok: !error && !aborted && !saveError && !blocked,
      aborted,
      ...(info ? { error: info } : {}),
      messages: turnMessages,
      usage: result?.usage ?? ZERO_USAGE,
      costUsd: runTotals.costUsd,
      turns: result?.turns ?? 0,
      stopReason: result?.stopReason ?? null,
      maxTurnsReached: result?.maxTurnsReached ?? false,
      ...(hookStopped ? { hookStopped } : {}),
      ...(stopped ? { stopped } : {}),
      durationMs: this.deps.now() - t0,
    };
  }

  /**
   * A message's model call joins the session's cost (a reply's, or a summary's), and the header learns
   * how full the conversation is now against the window the session counts with. Returns the run's total.
   */
  private countUsage(m: Message, model: string, runTotals: UsageTotals): UsageTotals {
    const usage = m.role === 'assistant' ? m.usage : m.compaction?.usage;
    if (!usage) return runTotals;
    const call = callTotals(m.role === 'assistant' ? m.model : m.compaction?.model, usage);
    this.totals = addTotals(this.totals, call);
    const window = this.compaction.limits(model).window;
    this.publish({ type: 'usage', turn: call, total: this.totals, context: m.compaction ? { used: m.compaction.tokensAfter, window } : { window } });
    return addTotals(runTotals, call);
  }

  /** "/compact [instructions]": a summary asked for by hand, as a turn of its own (Stop ends it). */
  private startCompaction(instructions: string, opts: TurnOptions): { done: Promise<TurnOutcome> } {
    const controller = new AbortController();
    this.controller = controller;
    this.persistence.beginTurn(this.deps.newId());
    this.setStatus('running');
    const done = this.runCompaction(instructions, controller.signal, opts);
    this.current = done;
    return { done };
  }

  private async runCompaction(instructions: string, signal: AbortSignal, opts: TurnOptions): Promise<TurnOutcome> {
    const t0 = this.deps.now();
    const turnMessages: Message[] = [];
    let runTotals = ZERO_TOTALS;
    let info: ErrorInfo | null = null;
    let aborted = false;
    try {
      const config = this.deps.model.config(opts.model);
      const client = afterSaving(this.deps.model.client(config), () => this.persistence.settled());
      this.turnAppend = (m) => {
        this.messages.push(m);
        turnMessages.push(m);
        this.publish({ type: 'message', message: m });
        runTotals = this.countUsage(m, config.model, runTotals);
      };
      const settings = this.deps.compaction?.(this.projectDir) ?? compactSettingsFrom({});
      const r = settings.enabled
        ? await this.compaction.run({ client, model: config.model }, 'manual', instructions, signal)
        : ({ kind: 'blocked', reason: 'summaries are turned off (DISABLE_COMPACT)' } as const);
      if (r.kind === 'compacted') await this.persistence.prompt(r.message);
      else if (r.kind === 'nothing') this.runtime?.notify('info', 'There is nothing to summarise yet.');
      else if (r.kind === 'blocked') info = { code: 'hook_blocked', message: `The conversation was not summarised: ${r.reason}`, retryable: false };
      else if (r.error.code === 'aborted' || signal.aborted) aborted = true;
      else info = r.error.toInfo();
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
      if (error.code === 'aborted' || signal.aborted) aborted = true;
      else info = error.toInfo();
    }
    await this.persistence.endTurn().catch((err: unknown) => {
      info ??= this.saveFailure(err);
    });
    if (info) this.publish({ type: 'error', error: info });
    this.publish({ type: 'summary', session: this.summary() });
    this.controller = null;
    this.current = null;
    this.setStatus('idle');
    return {
      ok: !info && !aborted,
      aborted,
      ...(info ? { error: info } : {}),
      messages: turnMessages,
      usage: ZERO_USAGE,
      costUsd: runTotals.costUsd,
      turns: 0,
      stopReason: null,
      maxTurnsReached: false,
      durationMs: this.deps.now() - t0,
    };
  }

  private saveFailure(err: unknown): ErrorInfo {
    this.deps.log.error(`session ${this.id}: could not save`, err);
    return { code: 'internal', message: `Could not save the session: ${err instanceof Error ? err.message : String(err)}` };
  }

  /**
   * The run's last message says why it stopped, and so does an event now; returns that message's id
   * (the turn's end line saves the reason with it), null when no message joined the conversation.
   */
  private markStopped(turnMessages: Message[], stop: RunStop): string | null {
    const last = turnMessages.at(-1);
    const at = last ? this.messages.lastIndexOf(last) : -1;
    if (!last || at === -1) {
      this.publish({ type: 'run_stopped', messageId: null, stop });
      return null;
    }
    const marked: Message = { ...last, stopped: stop };
    this.messages[at] = marked;
    turnMessages[turnMessages.length - 1] = marked;
    this.publish({ type: 'run_stopped', messageId: last.id, stop });
    return last.id;
  }
}

/** `client`, each of whose requests goes out once `settled` resolves. */
function afterSaving(client: ModelClient, settled: () => Promise<void>): ModelClient {
  return {
    async *stream(request, signal) {
      await settled();
      yield* client.stream(request, signal);
    },
  };
}

/**
 * An atomic write a crash cut short leaves its temp file next to the file it was writing: for the
 * file-changing calls that never finished, those temp files go (the file itself kept its old bytes).
 */
async function removeUnfinishedWrites(turns: readonly InterruptedTurn[], projectDir: string, log: Logger): Promise<void> {
  for (const use of turns.flatMap((t) => t.unfinished)) {
    const traits = CLAUDE_CODE_CATALOG.traits(use.name);
    const target = traits?.kind === 'edit' ? targetOf(traits.target, use.input) : undefined;
    if (!target || target.isDir || target.path.startsWith('~')) continue;
    const file = path.resolve(projectDir, target.path);
    for (const temp of await tempFilesOf(file)) {
      await unlink(temp).then(
        () => log.info(`removed ${temp}, left by a write that did not finish`),
        () => undefined,
      );
    }
  }
}

/** The temp files an atomic write of `file` may have left (its name up to the random part, and ours). */
async function tempFilesOf(file: string): Promise<string[]> {
  const sample = path.basename(tempPathFor(file));
  const prefix = sample.slice(0, sample.lastIndexOf('-') + 1);
  const dir = path.dirname(file);
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(prefix) && TEMP_FILE_PATTERN.test(n)).map((n) => path.join(dir, n));
}
