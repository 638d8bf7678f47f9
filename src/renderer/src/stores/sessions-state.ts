// The conversations store's shape: its state, its actions, and what its owner tells it (plain types,
// shared by the store, its event handler and the components that read it).
import type { StoreApi } from 'zustand/vanilla';
import type { InvokeResponse } from '../../../shared/ipc/contract';
import type { RunStop, Message, SessionStatus, SessionSummary } from '../../../shared/transcript';
import type { SessionEvent } from '../../../shared/session-events';
import type { Banner } from './app-store';
import type { Schedule } from './frame-batch';

/** A reply still streaming: its text so far. */
export interface Draft {
  messageId: string;
  model: string;
  text: string;
}

export interface RetryNote {
  /** The attempt that failed (the next one is attempt + 1). */
  attempt: number;
  reason: string;
  delayMs?: number;
  code?: string;
  maxAttempts?: number;
}

export interface SessionsState {
  sessions: SessionSummary[];
  listLoaded: boolean;
  /** The open session; null = a new conversation that is created on the first send. */
  currentId: string | null;
  /** Messages of the open session, in transcript order. */
  messages: Message[];
  /** Live drafts of the open session, in the order they started. */
  drafts: Draft[];
  retry: RetryNote | null;
  /** The open conversation is being summarised to make room (issue 20 item 2). */
  compacting: 'auto' | 'manual' | null;
  statuses: Record<string, SessionStatus>;
  opening: boolean;
  /** A send is on its way to main (create + send); the composer waits. */
  sending: boolean;
  /** Why the last run stopped when no message of it joined the conversation (a hook blocked the prompt). */
  unsentStop: RunStop | null;
  /** Messages typed while a session worked, sent when it is done (issue 12 item 7), by session. */
  queued: Record<string, string>;
  /** The conversation just deleted, for its Undo. */
  removed: { id: string; title: string } | null;
  /** Messages of the open session before the first one shown, not read yet (a long one comes a page at a time). */
  earlier: number;
  /** Messages on those earlier pages whose file changes are known already (the Changes pane). */
  earlierIds: string[];
  loadingEarlier: boolean;

  refresh(): Promise<void>;
  open(sessionId: string): Promise<void>;
  /** The page of the open session's messages before the first one shown. */
  loadEarlier(): Promise<void>;
  /** Leave the open session: the next send starts a new one. */
  startNew(): void;
  send(text: string): Promise<boolean>;
  /** While the open session works: keep `text` and send it once the session is idle (added to what waits). */
  queue(text: string): boolean;
  /** Take back the open session's queued message (to edit it, or not to send it). */
  unqueue(): string | null;
  rename(sessionId: string, title: string): Promise<boolean>;
  /** To the trash (the open one is left for a new conversation); `restoreRemoved` undoes it. */
  remove(sessionId: string): Promise<boolean>;
  restoreRemoved(): Promise<boolean>;
  dismissRemoved(): void;
  stop(): Promise<void>;
  /** "Keep running in background" for a running call of the open session (BA10); false when it could not move. */
  backgroundCall(toolUseId: string): Promise<boolean>;
  /** Continue a run that stopped short: sends CONTINUE_TEXT as the next message. */
  continueRun(): Promise<boolean>;
  /** Send the conversation again after a turn that ended on an error, adding no message. */
  retryRun(): Promise<boolean>;
  handleEvent(event: SessionEvent): void;
  /** Forget everything (another project was opened). */
  reset(): void;
}

export type SessionsStore = StoreApi<SessionsState>;

export interface SessionsStoreOptions {
  notify: (banner: Omit<Banner, 'id'>) => void;
  schedule?: Schedule;
  /** Another session is shown (null = a new conversation): stores keyed by session follow. */
  onEnter?: (sessionId: string | null) => void;
  /** session:open answered for the session still shown. */
  onOpened?: (sessionId: string, answer: InvokeResponse<'session:open'>) => void;
  /** An earlier page of the session still shown arrived, with its calls' snapshots. */
  onEarlier?: (sessionId: string, answer: InvokeResponse<'session:earlier'>) => void;
  /** A conversation was created for the message about to go out; it is sent once this settles. */
  onCreated?: (sessionId: string) => Promise<void>;
}
