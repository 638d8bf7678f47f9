// A session's persistence (PX5, nothing lost): every line is appended as soon as what it records
// happened, one append after another (the meta line first while the session is new on disk):
//   the prompt, with its turn's start line  — before the request goes out (the turn waits for it);
//   a reply's blocks up to each tool call   — before that call runs (the call waits for it);
//   each call's result                       — the moment the call finishes;
//   each complete message (a reply, a turn's results) and each file-changing call's final snapshot;
//   where the session works when a tool moves it (a worktree), so a reopened conversation is back there;
//   the turn's end line, with why its run stopped short, if it did.
// Each request of the turn waits until the lines queued before it are written (`settled`).
// A failed append keeps its lines, and the next one writes them first.
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { ContentBlock, ExtraUsage, Message, RunStop } from '../../shared/transcript';
import type { WorkingFolder } from '../../shared/working-folder';
import type { Logger } from '../base/log';
import type { ToolResultBlock } from '../model/types';
import { CLAUDE_CODE_CATALOG } from '../permissions/tool-catalog';
import type { SessionLine, SessionMeta, SessionStore } from '../sessions/store';

export interface SessionPersistenceOptions {
  store: SessionStore;
  log: Logger;
  id: string;
  projectDir: string;
  createdAt: number;
  /** The title at the time the meta line is written. */
  title: () => string;
  /** Snapshots saved by earlier runs. */
  calls?: ToolCallView[];
  /** Whether the meta line is on disk already. */
  persisted: boolean;
  now: () => number;
}

export class SessionPersistence {
  private persisted: boolean;
  /** Lines not yet written (kept after a failed write, so the next append retries them). */
  private pending: SessionLine[] = [];
  /** Final snapshots of file-changing calls: saved ones and this run's (kept when the runtime forgets them). */
  private readonly savedCalls = new Map<string, ToolCallView>();
  /** Appends one after another, in the order their lines were queued. */
  private saving: Promise<void> = Promise.resolve();
  /** The running turn; `logged` once its start line is queued (a prompt a hook blocked writes nothing). */
  private turn: { id: string; logged: boolean } | null = null;

  constructor(private readonly o: SessionPersistenceOptions) {
    this.persisted = o.persisted;
    // Calls saved before views carried their tool's kind get it from the tool's name.
    for (const call of o.calls ?? []) this.savedCalls.set(call.id, call.kind ? call : { ...call, kind: CLAUDE_CODE_CATALOG.traits(call.name)?.kind ?? 'other' });
  }

  /** Whether anything of this session is on disk. */
  get saved(): boolean {
    return this.persisted;
  }

  /** The saved snapshots (earlier runs, and this run's file-changing calls). */
  calls(): ToolCallView[] {
    return [...this.savedCalls.values()];
  }

  /** A turn begins (its lines are written once its prompt joins the conversation). */
  beginTurn(turnId: string): void {
    this.turn = { id: turnId, logged: false };
  }

  /** The turn's prompt, after the turn's start line: resolves once both are on disk. */
  prompt(message: Message): Promise<void> {
    if (this.turn && !this.turn.logged) {
      this.turn.logged = true;
      this.pending.push({ type: 'turn_start', turnId: this.turn.id, at: message.createdAt });
    }
    return this.queue({ type: 'message', message });
  }

  /**
   * The turn sends the conversation again with no new prompt (a retry of the turn whose error stop
   * sits on `retried`, which the retry clears): its start line, on disk once this resolves.
   */
  resume(retried: string): Promise<void> {
    if (this.turn && !this.turn.logged) {
      this.turn.logged = true;
      this.pending.push({ type: 'turn_start', turnId: this.turn.id, at: this.o.now(), retries: retried });
    }
    return this.flush();
  }

  /** A complete message of the turn. */
  add(message: Message): void {
    this.queueInBackground({ type: 'message', message });
  }

  /** Blocks of reply `messageId` before one of its tool calls, ending with it: resolves once on disk. */
  replyBlocks(messageId: string, blocks: ContentBlock[]): Promise<void> {
    return this.queue({ type: 'reply_blocks', messageId, blocks, at: this.o.now() });
  }

  /** A call of reply `messageId` finished. */
  toolResult(messageId: string, result: ToolResultBlock): void {
    this.queueInBackground({ type: 'tool_result', messageId, result, at: this.o.now() });
  }

  /** A subagent's model call: its cost stays in the conversation's total after a restart. */
  usage(call: ExtraUsage): void {
    this.queueInBackground({ type: 'usage', call });
  }

  /** A new name: a title line once the session is on disk (before, the meta line takes it). */
  rename(title: string): Promise<void> {
    if (!this.persisted) return Promise.resolve();
    return this.queue({ type: 'title', title, at: this.o.now() });
  }

  /** A tool moved the session (a worktree; null = back in the project folder): where it works after a restart too. */
  workingFolder(folder: WorkingFolder | null): void {
    this.queueInBackground({ type: 'working_folder', folder, at: this.o.now() });
  }

  /** The final snapshot of a file-changing call (one that ends after its turn too). */
  keepCall(call: ToolCallView): void {
    this.savedCalls.set(call.id, call);
    this.queueInBackground({ type: 'tool_call', call });
  }

  /**
   * Resolves once every line queued so far has been written, so a request can wait for them. A write
   * that fails is logged and its lines go with the next append (a full disk does not stop the turn).
   */
  settled(): Promise<void> {
    return this.flush().catch((err: unknown) => this.o.log.error(`session ${this.o.id}: could not save`, err));
  }

  /** The turn ended (`stopped`: why its run stopped short): rejects when its lines could not be written (kept for the next append). */
  endTurn(stopped?: { messageId: string; stop: RunStop }): Promise<void> {
    const turn = this.turn;
    this.turn = null;
    if (turn?.logged) this.pending.push({ type: 'turn_end', turnId: turn.id, at: this.o.now(), ...(stopped ? { stopped } : {}) });
    return this.flush();
  }

  private queue(line: SessionLine): Promise<void> {
    this.pending.push(line);
    return this.flush();
  }

  /** Nobody waits for these: a failure is logged, and the lines go with the next append. */
  private queueInBackground(line: SessionLine): void {
    this.queue(line).catch((err: unknown) => this.o.log.error(`session ${this.o.id}: could not save`, err));
  }

  private flush(): Promise<void> {
    const run = this.saving.then(() => this.write());
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    if (this.pending.length === 0) return;
    const o = this.o;
    const meta: SessionMeta | undefined = this.persisted
      ? undefined
      : { type: 'meta', version: 1, id: o.id, projectDir: o.projectDir, createdAt: o.createdAt, title: o.title() };
    const batch = [...this.pending];
    await o.store.append(o.projectDir, o.id, { ...(meta ? { meta } : {}), lines: batch });
    this.persisted = true;
    this.pending = this.pending.slice(batch.length);
  }
}
