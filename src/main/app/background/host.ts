// Where background tasks run, as an interface (issue 18 item 2's `remote`): the local host runs each
// task in a detached worker process on this computer (local-host.ts). A remote host — a background
// agent on another machine's `agent-desk serve` — would implement the same six calls over that
// server's contract channels (`background:start`, `background:list`, `background:stop`,
// `permission:pending`, `permission:reply`, and its `session:event`s for `events`), with its token; none
// exists yet.
import type { BackgroundTaskSpecParsed, BackgroundTaskView, TaskStartedFrom } from '../../../shared/background-tasks';
import type { PermissionReplyInput, PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionEvent } from '../../../shared/session-events';
import type { TaskChange } from './folder-watch';
import type { TaskSettlement } from './records';

export interface StartOptions {
  /** The folder's own settings count without asking (a command line's own folder, like `-p`). */
  trustFolder?: boolean;
  /** Where the person started it (default: the command line, the one caller that does not say). */
  from?: TaskStartedFrom;
}

/** What a Stop did: stopped it, it had already ended, or there is no such task. */
export type StopResult = { outcome: 'stopped'; task: BackgroundTaskView } | { outcome: 'ended'; task: BackgroundTaskView } | { outcome: 'not_found' };

/** A request of a task waiting for a person, with the task and project it belongs to. */
export interface TaskApproval {
  taskId: string;
  projectDir: string;
  request: PermissionRequestView;
}

export interface BackgroundTaskHost {
  readonly kind: 'local' | 'remote';
  /** Starts a task and answers its first view; throws IpcFailure('invalid_input') for a folder that cannot be used. */
  start(spec: BackgroundTaskSpecParsed, opts?: StartOptions): Promise<BackgroundTaskView>;
  /** Every task this host knows, newest first. */
  list(): Promise<BackgroundTaskView[]>;
  stop(id: string): Promise<StopResult>;
  /** The requests its running tasks wait on. */
  approvals(): Promise<TaskApproval[]>;
  /** Hands a person's answer to the task; false when that request no longer waits. */
  reply(taskId: string, reply: PermissionReplyInput): Promise<boolean>;
  /** How its requests that no longer wait ended, as far as it remembers. */
  settled(taskId: string): Promise<TaskSettlement[]>;
  /**
   * Tells of changes as they happen (a task appeared, its state or its events changed); the answer stops
   * it. Null when this host cannot tell (the service then looks more often).
   */
  watch?(onChange: (change: TaskChange) => void): (() => void) | null;
  /** Its session's events from a cursor on (0 = the first), and the cursor after them. */
  events(taskId: string, from: number): Promise<{ events: SessionEvent[]; next: number }>;
}
