// A session's persistence: appends its messages and the final snapshots of its file-changing calls to
// the session store, one append after another (the meta line first while the session is new on disk).
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { Message } from '../../shared/transcript';
import type { Logger } from '../base/log';
import { CLAUDE_CODE_CATALOG } from '../permissions/tool-catalog';
import type { SessionMeta, SessionStore } from '../sessions/store';

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
}

export class SessionPersistence {
  private persisted: boolean;
  /** Messages not yet written (kept after a failed write, so the next turn's append retries them). */
  private pending: Message[] = [];
  /** Final snapshots of file-changing calls: saved ones and this run's (kept when the runtime forgets them). */
  private readonly savedCalls = new Map<string, ToolCallView>();
  /** Such snapshots not yet written; they go with the messages of the same append. */
  private pendingCalls: ToolCallView[] = [];
  /** Appends one after another, so a late call's save never races the turn's. */
  private saving: Promise<void> = Promise.resolve();
  /** False while a turn runs and its end will save; a call that ends after that point is saved alone. */
  private saveCallsAtOnce = true;
  /** The messages of the append in flight. */
  private writing: Message[] | null = null;

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

  /** A message to write with the next append. */
  add(message: Message): void {
    this.pending.push(message);
  }

  /** A message not yet written takes a new form (the same id): false when it is written, or being written, already. */
  replace(old: Message, next: Message): boolean {
    const at = this.pending.indexOf(old);
    if (at === -1 || this.writing?.includes(old)) return false;
    this.pending[at] = next;
    return true;
  }

  /** The final snapshot of a file-changing call. */
  keepCall(call: ToolCallView): void {
    this.savedCalls.set(call.id, call);
    this.pendingCalls.push(call);
    // Normally the turn's end saves it; one that ends after its turn (past the stop grace) is saved now.
    if (this.saveCallsAtOnce) this.flush().catch((err: unknown) => this.o.log.error(`session ${this.o.id}: could not save`, err));
  }

  /** A turn runs: its end saves the calls that end meanwhile. */
  beginTurn(): void {
    this.saveCallsAtOnce = false;
  }

  /** The turn ended: writes what it added; rejects when the write fails (kept for the next append). */
  endTurn(): Promise<void> {
    this.saveCallsAtOnce = true;
    return this.flush();
  }

  private flush(): Promise<void> {
    const run = this.saving.then(() => this.write());
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    if (this.pending.length === 0 && this.pendingCalls.length === 0) return;
    const o = this.o;
    const meta: SessionMeta | undefined = this.persisted
      ? undefined
      : { type: 'meta', version: 1, id: o.id, projectDir: o.projectDir, createdAt: o.createdAt, title: o.title() };
    const batch = [...this.pending];
    const calls = [...this.pendingCalls];
    this.writing = batch;
    try {
      await o.store.append(o.projectDir, o.id, { ...(meta ? { meta } : {}), messages: batch, ...(calls.length > 0 ? { calls } : {}) });
    } finally {
      this.writing = null;
    }
    this.persisted = true;
    this.pending = this.pending.slice(batch.length);
    this.pendingCalls = this.pendingCalls.slice(calls.length);
  }
}
