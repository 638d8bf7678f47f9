// The services handlers need, as interfaces: the engine implements them, hosts inject their own parts.
import type { AuthStatus, EventChannel, EventPayload, HostKind, ProjectInfo } from '../../shared/ipc/contract';
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../shared/permissions/request';
import type { Budget, BudgetStatus } from '../../shared/budget';
import type { UsageTotals } from '../../shared/session-events';
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { WorkingFolder } from '../../shared/working-folder';
import type { Message, SessionStatus, SessionSummary } from '../../shared/transcript';
import type { HandlerContext } from '../ipc/context';

export interface CreateSessionOptions {
  /** Whose session it is; kind 'task' = a background task, whose unanswered permission requests expire into denials. */
  origin?: RequestOrigin;
  /**
   * Its own budget (issue 20 item 4), over the settings' `agentDesk.budget`: at 80 % a notice, at 100 %
   * it pauses and asks in the inbox (a task's unanswered question becomes a stop after the approvals' wait).
   */
  budget?: Budget;
}

export interface SessionService {
  list(projectDir: string): Promise<SessionSummary[]>;
  create(projectDir: string, opts?: CreateSessionOptions): Promise<SessionSummary>;
  /** Throws IpcFailure('not_found') for an unknown id. */
  open(
    projectDir: string,
    sessionId: string,
  ): Promise<{
    session: SessionSummary;
    messages: Message[];
    status: SessionStatus;
    toolCalls?: ToolCallView[];
    pendingPermissions?: PermissionRequestView[];
    usage?: UsageTotals | null;
    mode?: string;
    workingFolder?: WorkingFolder | null;
    contextWindow?: number;
    budget?: BudgetStatus | null;
  }>;
  /** Starts a turn and resolves once it is accepted; the reply streams as events. Throws IpcFailure('busy') while a turn runs. */
  send(projectDir: string, sessionId: string, text: string): Promise<void>;
  /** Send the conversation again after a turn that ended on an error, adding nothing. */
  retry(projectDir: string, sessionId: string): Promise<void>;
  stop(projectDir: string, sessionId: string): Promise<boolean>;
  /** How the assistant works from the next call on; the mode in effect after it (absent = fixed). */
  setMode?(projectDir: string, sessionId: string, mode: 'default' | 'acceptEdits' | 'plan'): Promise<string>;
  /** "Keep running in background" for a running call (BA10); false when it cannot move (absent = none can). */
  backgroundCall?(projectDir: string, sessionId: string, toolUseId: string): Promise<boolean>;
  /** A conversation's new name (absent = conversations keep their first message's). */
  rename?(projectDir: string, sessionId: string, title: string): Promise<SessionSummary>;
  /** To the trash; IpcFailure('busy') while it works, false when there was nothing to remove. */
  remove?(projectDir: string, sessionId: string): Promise<boolean>;
  /** Out of the trash; null when it is not there (any more). */
  restore?(projectDir: string, sessionId: string): Promise<SessionSummary | null>;
  /** Answer a pending permission request; false when it is unknown or already settled. */
  replyPermission(projectDir: string, reply: PermissionReplyInput): Promise<boolean>;
  /**
   * "Always allow" undone: the session stops allowing by its session rule at once; false when it had no
   * such rule. Throws IpcFailure('not_found') for an unknown session (absent = sessions keep no rules).
   */
  forgetRule?(projectDir: string, sessionId: string, rule: string): Promise<boolean>;
  /** The approval inbox: every request of the project's sessions still waiting, oldest first (absent = none can wait). */
  pendingPermissions?(projectDir: string): Promise<PermissionRequestView[]>;
  /** The project's folder and its settings' additional working folders (absent = the project's folder only). */
  workingDirectories?(projectDir: string): Promise<string[]>;
  /** Another process wrote the conversation (a background task that ended): a copy read before is dropped, the next use reads the file. */
  forget?(projectDir: string, sessionId: string): Promise<void>;
}

export type { PermissionService } from '../workbench/rules-service';

export interface AuthService {
  status(): AuthStatus;
  /** Present only where the host can keep a secret (desktop safeStorage). */
  setApiKey?(apiKey: string): Promise<AuthStatus>;
  /** The model the next turn will use. */
  model(): string;
}

/** What only the host can do: pick folders, open windows, remember recent projects. */
export interface HostPort {
  kind: HostKind;
  version: string;
  chooseProject?(ctx: HandlerContext): Promise<ProjectInfo | null>;
  openProject?(dir: string, ctx: HandlerContext): Promise<ProjectInfo>;
  recentProjects(): ProjectInfo[];
  /** Opens a file with the system's default app for it (desktop only); rejects with the system's reason. */
  openPath?(file: string): Promise<void>;
  /** Shows a file selected in the system's file manager (desktop only). */
  showInFolder?(file: string): void;
  /** Opens a web page in the system browser (desktop only: an MCP server's sign-in page). */
  openExternal?(url: string): Promise<void>;
}

/** Where events are scoped: a project's windows, or every client; optionally one client only. */
export interface EventScope {
  projectDir: string | null;
  /** Only this window or browser tab (a terminal's output belongs to the one that opened it). */
  clientId?: string;
}

export type EventListener = <C extends EventChannel>(channel: C, payload: EventPayload<C>, scope: EventScope) => void;

export interface EventBus {
  publish<C extends EventChannel>(channel: C, payload: EventPayload<C>, scope: EventScope): void;
  subscribe(listener: EventListener): () => void;
}
