// One conversation of one project: takes a user message (UserPromptSubmit hooks may block it), runs the
// turn loop with tools (session-turn.ts), publishes what happens as SessionEvents (usage and cost after
// every model call, and why a run stopped short), and hands what happens to its persistence as it
// happens (PX5): each tool call is on disk before it runs and its result when it finishes, and no
// request goes out before what it carries (the prompt, earlier replies and results) is on disk. A
// session reopened after a crash comes with its interrupted turn rebuilt (sessions/recover.ts) and the
// temp files of its unfinished writes removed. A conversation that outgrows the model's window is
// summarised (session-compaction.ts); "/compact [instructions]" asks for a summary by hand (compact-turn.ts).
// What it spends — its subagents' calls included — is counted in session-accounts.ts, against its budget
// (budget/session-budget.ts), whose gate every request of the session and of its subagents passes.
import { IpcFailure } from '../../shared/ipc/errors';
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../shared/permissions/request';
import type { BudgetStatus } from '../../shared/budget';
import type { ErrorInfo, SessionEvent, UsageTotals } from '../../shared/session-events';
import { isTerminal, type ToolCallView } from '../../shared/tools/tool-call';
import { messageText, type Message, type SessionStatus, type SessionSummary } from '../../shared/transcript';
import type { PermissionMode } from '../permissions/types';
import { titleFromText, UNTITLED } from '../sessions/title';
import { SESSION_TITLE_MAX, type StoredSession } from '../sessions/store';
import { buildSystemBlocks } from '../tools/core/tools-param';
import { COMPACT_COMMAND, runCompactionTurn } from './compact-turn';
import type { SessionEventBody } from './event-body';
import type { RequestParts } from './model-call';
import { toApiMessages } from './request';
import { SessionCompaction } from './session-compaction';
import { compactSettingsFrom } from './compact/settings';
import { SessionHooks } from './session-hooks';
import { SessionPersistence } from './session-persistence';
import type { SessionRuntime } from './session-runtime';
import { busy, retryableLast, runTurn, type TurnHost } from './session-turn';
import type { SessionDeps, SessionInit, TurnOptions, TurnOutcome } from './session-types';
import { removeUnfinishedWrites } from './unfinished-writes';
import { SessionAccounts } from './session-accounts';
import { SessionBudget } from './budget/session-budget';
import { SummaryPulse } from './summary-pulse';
import { reopenedWorkingFolder } from './reopen-working-folder';
import type { WorkingFolder } from '../../shared/working-folder';

export type { SessionDeps, SessionInit, TurnOptions, TurnOutcome } from './session-types';

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
  private readonly accounts: SessionAccounts;
  /** Its budget; the gate of every request (its subagents' too). */
  readonly budget: SessionBudget;
  private readonly hooks: SessionHooks;
  /** Set for background tasks and subagents; a conversation's origin follows its title. */
  private readonly fixedOrigin: RequestOrigin | undefined;
  private readonly compaction: SessionCompaction;
  private readonly pulse = new SummaryPulse({ summary: () => this.summary(), publish: (session) => this.deps.publish({ type: 'summary', session, sessionId: this.id }), now: () => Date.now() });
  /** Where a message of the running turn goes (its list, the run's cost); set per turn. */
  private turnAppend: (m: Message) => void = () => undefined;
  /** The model of the running turn (its subagents inherit it). */
  private turnModel: string | undefined;

  constructor(
    private readonly deps: SessionDeps,
    init: SessionInit,
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
    this.fixedOrigin = init.origin ? { ...init.origin } : undefined;
    const publish = (e: SessionEventBody) => this.publish(e);
    const policy = () => deps.budget?.(this.projectDir, this.origin().kind) ?? { limit: null, canAsk: true };
    this.budget = new SessionBudget({ sessionId: this.id, explicit: init.budget, policy, spent: () => this.accounts.spent(), origin: () => this.origin(), publish, newId: deps.newId, now: deps.now });
    const window = (model: string) => this.compaction.limits(model).window;
    this.accounts = new SessionAccounts(this.messages, init.extraUsage ?? [], { publish, save: (call) => this.persistence.usage(call), window, counted: () => this.budget.observe() });
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
          gate: (signal) => this.budget.gate(signal),
          onUsage: (call) => this.accounts.countAgent(call),
        },
        // A teammate's message (AG7) is a turn of its own, started while the conversation is free.
        startTurn: (text) => {
          if (this.statusValue !== 'idle') return false;
          void this.start(text).done;
          return true;
        },
        ...(init.workingFolder ? { workingFolder: init.workingFolder } : {}),
      }) ?? null;
    this.hooks = new SessionHooks({
      sessionId: this.id,
      projectDir: this.projectDir,
      hooks: this.runtime?.hooks,
      notify: (messages) => messages.forEach((m) => this.runtime?.notify('info', m)),
      resumed: this.messages.length > 0,
    });
    const preCompact = this.hooks.preCompactHook();
    this.compaction = new SessionCompaction({
      settings: () => deps.compaction?.(this.projectDir) ?? compactSettingsFrom({}),
      requestFor: (view) => this.requestFor(view),
      messages: () => this.messages,
      append: (m) => this.turnAppend(m),
      publish: (e) => this.publish(e),
      notify: (m) => this.runtime?.notify('info', m),
      forgetReads: () => this.runtime?.tools?.forgetReads?.(),
      ...(preCompact ? { preCompact } : {}),
      retry: deps.retry,
      now: deps.now,
      newId: deps.newId,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    });
  }

  /** A saved session, its interrupted turns' temp files removed, back in its worktree (or told why not). */
  static async restore(deps: SessionDeps, stored: StoredSession, projectDir: string): Promise<Session> {
    await removeUnfinishedWrites(stored.interrupted ?? [], projectDir, deps.log);
    const reopened = reopenedWorkingFolder(stored.workingFolder);
    const { meta, messages, calls, extraUsage } = stored;
    const session = new Session(deps, { id: meta.id, projectDir, createdAt: meta.createdAt, title: meta.title, messages, calls, persisted: true, workingFolder: reopened.folder, ...(extraUsage ? { extraUsage } : {}) });
    if (!reopened.notice) return session;
    session.persistence.workingFolder(null);
    session.runtime?.notify('warn', reopened.notice);
    if (messages.length > 0) session.hooks.noteAfter(messages.at(-1)!.id, 'Working directory changed', reopened.forModel!);
    return session;
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
      spend: this.accounts.spend(this.messages),
    };
  }

  transcript(): Message[] {
    return [...this.messages];
  }

  /** Token use and cost of every model call of this session, stored ones and its subagents' included. */
  usage(): UsageTotals {
    return this.accounts.total();
  }

  /** Its budget now (null: none). */
  budgetStatus(): BudgetStatus | null {
    return this.budget.status();
  }

  /** Tokens the model reads at once, as this session counts them (a configured window wins). */
  contextWindow(): number {
    return this.compaction.limits(this.deps.model.model()).window;
  }

  /** Saved calls (earlier runs, or forgotten by the runtime) and the live ones; a live snapshot wins. */
  toolCalls(): ToolCallView[] {
    const live = this.runtime?.tools?.views() ?? [];
    const liveIds = new Set(live.map((c) => c.id));
    return [...this.persistence.calls().filter((c) => !liveIds.has(c.id)), ...live];
  }

  /** Its permission requests still waiting, and its budget question. */
  pendingPermissions(): PermissionRequestView[] {
    return [...this.budget.pending(), ...(this.runtime?.tools?.pendingPermissions() ?? [])];
  }

  /** Names of the tools the model is offered now. */
  toolNames(): string[] {
    return this.runtime?.tools?.toolNames() ?? [];
  }

  permissionMode(): string {
    return this.runtime?.tools?.mode() ?? 'default';
  }

  /** Where it works when a tool moved it out of the project folder (a worktree); null = the project folder. */
  workingFolder(): WorkingFolder | null {
    return this.runtime?.tools?.workingFolder() ?? null;
  }

  /** The person's choice of mode, from the next call on (a running turn sees it at its next call). */
  setPermissionMode(mode: PermissionMode): string {
    this.runtime?.tools?.setMode(mode);
    return this.permissionMode();
  }

  /** Answers one of this session's pending permission requests; false when it is not one of them. */
  replyPermission(reply: PermissionReplyInput): boolean {
    return this.budget.reply(reply) || (this.runtime?.tools?.replyPermission(reply) ?? false);
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
    if (this.statusValue !== 'idle') throw busy();
    const compact = COMPACT_COMMAND.exec(text.trim());
    if (compact) {
      return this.begin((signal) => {
        this.setStatus('running');
        return runCompactionTurn(this.turnHost(), this.projectDir, compact[1]?.trim() ?? '', signal, opts);
      });
    }
    // A command the person typed ("/fmt src/a.ts") goes with its instructions; anything else as typed.
    const content = this.runtime?.tools?.expandCommand(text) ?? [{ type: 'text' as const, text }];
    const user: Message = { id: this.deps.newId(), role: 'user', content, createdAt: this.deps.now() };
    return this.begin((signal) => {
      // A UserPromptSubmit hook decides first whether the prompt joins the conversation at all.
      const gated = this.hooks.gatesPrompts();
      if (gated) this.setStatus('running');
      const saved = gated ? null : this.accept(user, true);
      return runTurn(this.turnHost(), user, saved, signal, opts);
    });
  }

  /**
   * Send the conversation to the model again, adding nothing, after a turn that ended on an error
   * (issue 12 item 5: the notice's Retry). Throws 'busy' while a turn runs and 'invalid_input' when
   * the last turn did not end on an error.
   */
  retry(opts: TurnOptions = {}): { done: Promise<TurnOutcome> } {
    if (this.statusValue !== 'idle') throw busy();
    const again = retryableLast(this.messages);
    this.messages[this.messages.length - 1] = again;
    this.publish({ type: 'message', message: again });
    return this.begin((signal) => {
      this.setStatus('running');
      return runTurn(this.turnHost(), again, this.persistence.resume(again.id), signal, opts);
    });
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
    this.pulse.dispose();
    await this.persistence.settled();
  }

  /** The person's own name for the conversation: kept on disk, told to every window. */
  async rename(title: string): Promise<void> {
    const clean = title.replace(/\s+/g, ' ').trim().slice(0, SESSION_TITLE_MAX);
    if (!clean || clean === this.title) return;
    this.title = clean;
    await this.persistence.rename(clean);
    this.pulse.now();
  }

  private publish(e: SessionEventBody): void {
    if (e.type === 'tool_call' && isTerminal(e.call.state) && e.call.kind === 'edit') this.persistence.keepCall(e.call);
    if (e.type === 'working_folder') this.persistence.workingFolder(e.folder);
    this.pulse.pass(e, () => this.deps.publish({ ...e, sessionId: this.id } as SessionEvent));
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
    if (titled) this.pulse.now();
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

  /** What a turn reaches of this session. */
  private turnHost(): TurnHost {
    return {
      id: this.id,
      deps: this.deps,
      messages: this.messages,
      persistence: this.persistence,
      compaction: this.compaction,
      hooks: this.hooks,
      runtime: this.runtime,
      publish: (e) => this.publish(e),
      accept: (user, setRunning) => this.accept(user, setRunning),
      beginRun: (model, append) => {
        this.turnModel = model;
        this.turnAppend = append;
      },
      count: (m, model) => {
        // What the API said the request was calibrates the next estimate (issue 20 item 1).
        if (m.role === 'assistant' && m.usage) this.compaction.calibrate(m.usage);
        return this.accounts.count(m, model);
      },
      budget: this.budget,
      settle: (info) => this.settle(info),
    };
  }

  /** A turn ended: its error (if any) and the new summary told, the session idle again. */
  private settle(info: ErrorInfo | null): void {
    if (info) this.publish({ type: 'error', error: info });
    this.pulse.now();
    this.controller = null;
    this.current = null;
    this.setStatus('idle');
    this.runtime?.idle?.();
  }

  /** A turn begins: the session can be stopped from now on, and its lines are grouped as one turn. */
  private begin(run: (signal: AbortSignal) => Promise<TurnOutcome>): { done: Promise<TurnOutcome> } {
    const controller = new AbortController();
    this.controller = controller;
    this.persistence.beginTurn(this.deps.newId());
    const done = run(controller.signal);
    this.current = done;
    return { done };
  }
}
