// SessionService over Session objects: per project, cached in memory, loaded lazily from the store;
// every session event goes out on the bus as 'session:event' scoped to its project. The project's
// settings files are re-read before each turn starts (an edit applies to the next message).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { IpcFailure } from '../../shared/ipc/errors';
import type { PermissionReplyInput, PermissionRequestView } from '../../shared/permissions/request';
import type { SessionSummary } from '../../shared/transcript';
import type { CreateSessionOptions, EventBus, SessionService } from './ports';
import { Session, type SessionDeps } from '../engine/session';
import type { ProjectSettings } from '../settings/project-settings';
import { isValidSessionId, type SessionStore } from '../sessions/store';

export type ManagerDeps = Omit<SessionDeps, 'publish' | 'store'> & {
  store: SessionStore;
  bus: EventBus;
  /** Re-read before each turn; absent = no settings files (tests). */
  settings?: ProjectSettings;
};

type OpenResult = Awaited<ReturnType<SessionService['open']>>;

export class SessionManager implements SessionService {
  private readonly sessions = new Map<string, Session>();
  private readonly loading = new Map<string, Promise<Session | null>>();

  constructor(private readonly deps: ManagerDeps) {}

  private key(projectDir: string, id: string): string {
    return `${projectDir}\u0000${id}`;
  }

  private sessionDeps(projectDir: string): SessionDeps {
    const { bus, settings: _settings, ...rest } = this.deps;
    return { ...rest, publish: (event) => bus.publish('session:event', event, { projectDir }) };
  }

  async list(projectDir: string): Promise<SessionSummary[]> {
    const dir = path.resolve(projectDir);
    const byId = new Map((await this.deps.store.list(dir)).map((s) => [s.id, s]));
    // Sessions in memory are fresher than disk (a running turn is written only when it ends).
    for (const s of this.sessions.values()) if (s.projectDir === dir) byId.set(s.id, s.summary());
    return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
  }

  async create(projectDir: string, opts: CreateSessionOptions = {}): Promise<SessionSummary> {
    return (await this.createSession(projectDir, opts)).summary();
  }

  /**
   * Like create, but hands back the Session itself (the CLI drives it directly). `origin` of kind
   * 'task' makes a background task: nobody watches it, so its permission requests expire into denials.
   */
  async createSession(projectDir: string, opts: CreateSessionOptions = {}): Promise<Session> {
    const dir = path.resolve(projectDir);
    await this.deps.settings?.load(dir);
    const session = new Session(this.sessionDeps(dir), {
      id: randomUUID(),
      projectDir: dir,
      createdAt: this.deps.now(),
      ...(opts.origin ? { origin: opts.origin } : {}),
      ...(opts.budget ? { budget: opts.budget } : {}),
    });
    this.sessions.set(this.key(dir, session.id), session);
    return session;
  }

  async open(projectDir: string, sessionId: string): Promise<OpenResult> {
    const s = await this.get(projectDir, sessionId);
    // Its window and budget follow the project's settings: read them if nothing has yet.
    if (s.status === 'idle') await this.deps.settings?.load(s.projectDir);
    return {
      session: s.summary(),
      messages: s.transcript(),
      status: s.status,
      toolCalls: s.toolCalls(),
      pendingPermissions: s.pendingPermissions(),
      usage: s.usage(),
      mode: s.permissionMode(),
      workingFolder: s.workingFolder(),
      contextWindow: s.contextWindow(),
      budget: s.budgetStatus(),
    };
  }

  async setMode(projectDir: string, sessionId: string, mode: 'default' | 'acceptEdits' | 'plan'): Promise<string> {
    return (await this.get(projectDir, sessionId)).setPermissionMode(mode);
  }

  async send(projectDir: string, sessionId: string, text: string): Promise<void> {
    const s = await this.get(projectDir, sessionId);
    // Settings first: a busy session must still say 'busy', so only reload when it can start.
    if (s.status === 'idle') await this.deps.settings?.load(s.projectDir);
    // start() throws 'busy' synchronously; the turn itself reports through events, never by rejecting.
    s.start(text).done.catch((err: unknown) => this.deps.log.error(`session ${sessionId}: turn crashed`, err));
  }

  async retry(projectDir: string, sessionId: string): Promise<void> {
    const s = await this.get(projectDir, sessionId);
    if (s.status === 'idle') await this.deps.settings?.load(s.projectDir);
    s.retry().done.catch((err: unknown) => this.deps.log.error(`session ${sessionId}: retry crashed`, err));
  }

  async stop(projectDir: string, sessionId: string): Promise<boolean> {
    return (await this.get(projectDir, sessionId)).stop();
  }

  async backgroundCall(projectDir: string, sessionId: string, toolUseId: string): Promise<boolean> {
    return (await this.get(projectDir, sessionId)).backgroundCall(toolUseId);
  }

  async rename(projectDir: string, sessionId: string, title: string): Promise<SessionSummary> {
    const s = await this.get(projectDir, sessionId);
    await s.rename(title);
    return s.summary();
  }

  async remove(projectDir: string, sessionId: string): Promise<boolean> {
    const dir = path.resolve(projectDir);
    if (!isValidSessionId(sessionId)) return false;
    const key = this.key(dir, sessionId);
    const s = this.sessions.get(key);
    if (s) {
      if (s.status !== 'idle' || s.pendingPermissions().length > 0) {
        throw new IpcFailure({ code: 'busy', message: 'This conversation is still working. Stop it first, then delete it.' });
      }
      // Its last lines go to disk first, so an undo brings all of it back; then nothing writes to it again.
      await s.dispose();
      this.sessions.delete(key);
    }
    const removed = await this.deps.store.remove(dir, sessionId);
    // A conversation that never reached the disk (nothing said yet) is simply gone.
    return removed || s !== undefined;
  }

  async restore(projectDir: string, sessionId: string): Promise<SessionSummary | null> {
    const dir = path.resolve(projectDir);
    if (!isValidSessionId(sessionId) || this.sessions.has(this.key(dir, sessionId))) return null;
    if (!(await this.deps.store.restore(dir, sessionId))) return null;
    return (await this.get(dir, sessionId)).summary();
  }

  async replyPermission(projectDir: string, reply: PermissionReplyInput): Promise<boolean> {
    const dir = path.resolve(projectDir);
    for (const s of this.sessions.values()) if (s.projectDir === dir && s.replyPermission(reply)) return true;
    return false;
  }

  async forgetRule(projectDir: string, sessionId: string, rule: string): Promise<boolean> {
    return (await this.get(projectDir, sessionId)).forgetRule(rule);
  }

  /** Every request still waiting in this project's sessions (tasks included), oldest first. */
  async pendingPermissions(projectDir: string): Promise<PermissionRequestView[]> {
    const dir = path.resolve(projectDir);
    const all: PermissionRequestView[] = [];
    for (const s of this.sessions.values()) if (s.projectDir === dir) all.push(...s.pendingPermissions());
    // A stable sort: requests raised in the same millisecond keep their session's order.
    return all.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
  }

  async workingDirectories(projectDir: string): Promise<string[]> {
    const dir = path.resolve(projectDir);
    const extra = (await this.deps.settings?.load(dir))?.additionalDirectories ?? [];
    return [dir, ...extra.filter((d) => d !== dir)];
  }

  async forget(projectDir: string, sessionId: string): Promise<void> {
    const key = this.key(path.resolve(projectDir), sessionId);
    const s = this.sessions.get(key);
    if (!s) return;
    this.sessions.delete(key);
    // A copy read while the task ran has nothing of its own to save; its runtime's resources go.
    await s.dispose().catch((err: unknown) => this.deps.log.warn(`session ${sessionId}: could not close a stale copy`, err));
  }

  /** The session, from memory or disk; IpcFailure('not_found') when there is none. */
  async get(projectDir: string, sessionId: string): Promise<Session> {
    const dir = path.resolve(projectDir);
    const key = this.key(dir, sessionId);
    const cached = this.sessions.get(key);
    if (cached) return cached;
    const notFound = () => new IpcFailure({ code: 'not_found', message: `No session ${sessionId.slice(0, 80)} in this project.` });
    if (!isValidSessionId(sessionId)) throw notFound();
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.deps.store.load(dir, sessionId).then(async (stored) => {
        if (!stored) return null;
        // Its runtime chooses its tools from the settings once (AS5: the to-do system, agent teams): read them first.
        if (!this.sessions.has(key)) await this.deps.settings?.load(dir);
        const s = this.sessions.get(key) ?? (await Session.restore(this.sessionDeps(dir), stored, dir));
        this.sessions.set(key, s);
        return s;
      });
      this.loading.set(key, pending);
      void pending.finally(() => this.loading.delete(key)).catch(() => undefined);
    }
    const s = await pending;
    if (!s) throw notFound();
    return s;
  }

  /** Stop every running turn and background task and wait for them (their messages are saved as usual). */
  async dispose(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.dispose()));
  }
}
