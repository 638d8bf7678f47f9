// Conversations: the session list, the open session's messages, live reply drafts and run status.
// Fed by bridge calls (list/open/send/stop) and by session events (handleEvent), never by components directly.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ErrorInfo, SessionEvent } from '../../../shared/session-events';
import type { InvokeResponse } from '../../../shared/ipc/contract';
import { CONTINUE_TEXT, type Message, type RunStop, type SessionStatus, type SessionSummary } from '../../../shared/transcript';
import type { Bridge } from '../bridge/types';
import type { Banner } from './app-store';
import { errorText } from './error-text';
import { createFrameBatch, frameSchedule, type Schedule } from './frame-batch';

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

const newestFirst = (a: SessionSummary, b: SessionSummary): number => b.updatedAt - a.updatedAt;

function upsertSession(list: SessionSummary[], session: SessionSummary): SessionSummary[] {
  return [...list.filter((s) => s.id !== session.id), session].sort(newestFirst);
}

function upsertMessage(list: Message[], message: Message): Message[] {
  const at = list.findIndex((m) => m.id === message.id);
  if (at === -1) return [...list, message];
  const next = list.slice();
  next[at] = message;
  return next;
}

const titles: Record<string, string> = {
  auth: 'Check your API key',
  network: 'Cannot reach the model',
  rate_limit: 'Rate limited',
  overloaded: 'The model is overloaded',
  api: 'The model request failed',
  internal: 'Something went wrong',
};

function errorBanner(error: ErrorInfo): Omit<Banner, 'id'> {
  return { level: 'error', title: titles[error.code] ?? 'The reply failed', message: error.message };
}

export function createSessionsStore(bridge: Bridge, options: SessionsStoreOptions): SessionsStore {
  const { notify } = options;
  const fail = (error: unknown, title: string): void => notify({ level: 'error', title, message: errorText(error) });
  /** Bumped on every open/startNew, so a slow session:open answer for an older choice is ignored. */
  let openSeq = 0;

  return createStore<SessionsState>()((set, get) => {
    const batch = createFrameBatch((pending) => {
      const drafts = get().drafts.map((d) => {
        const more = pending.get(d.messageId);
        return more ? { ...d, text: d.text + more } : d;
      });
      set({ drafts });
    }, options.schedule ?? frameSchedule);

    const setStatus = (sessionId: string, status: SessionStatus): void => {
      set({ statuses: { ...get().statuses, [sessionId]: status } });
      if (status === 'idle' && get().queued[sessionId] !== undefined) void sendQueued(sessionId);
    };

    /** A turn that failed keeps the queued message: it would fail the same way, and the person may want to retry first. */
    const endedOnError = (sessionId: string): boolean => {
      if (sessionId !== get().currentId) return false;
      const stop = get().unsentStop ?? get().messages.at(-1)?.stopped;
      return stop?.kind === 'error';
    };

    const sendQueued = async (sessionId: string): Promise<void> => {
      // The turn's last events (its stop reason) may still be on their way: let them land first.
      await Promise.resolve();
      const text = get().queued[sessionId];
      if (text === undefined || get().statuses[sessionId] !== 'idle' || endedOnError(sessionId)) return;
      const { [sessionId]: _sent, ...rest } = get().queued;
      set({ queued: rest });
      try {
        await bridge.invoke('session:send', { sessionId, text });
      } catch (error) {
        set({ queued: { ...get().queued, [sessionId]: text } });
        fail(error, 'The waiting message was not sent');
      }
    };

    const ensureDraft = (messageId: string, model = ''): void => {
      if (!get().drafts.some((d) => d.messageId === messageId)) {
        set({ drafts: [...get().drafts, { messageId, model, text: '' }] });
      }
    };

    const removeDraft = (messageId: string): void => {
      batch.drop(messageId);
      const drafts = get().drafts.filter((d) => d.messageId !== messageId);
      if (drafts.length !== get().drafts.length) set({ drafts });
    };

    const leaveCurrent = (currentId: string | null): void => {
      batch.clear();
      openSeq++;
      set({ currentId, messages: [], drafts: [], retry: null, compacting: null, unsentStop: null, opening: currentId !== null, earlier: 0, earlierIds: [], loadingEarlier: false });
      options.onEnter?.(currentId);
    };

    return {
      sessions: [],
      listLoaded: false,
      currentId: null,
      messages: [],
      drafts: [],
      retry: null,
      compacting: null,
      statuses: {},
      opening: false,
      sending: false,
      unsentStop: null,
      queued: {},
      removed: null,
      earlier: 0,
      earlierIds: [],
      loadingEarlier: false,

      async refresh() {
        try {
          const { sessions } = await bridge.invoke('session:list', {});
          set({ sessions: sessions.slice().sort(newestFirst), listLoaded: true });
        } catch (error) {
          set({ listLoaded: true });
          fail(error, 'Could not load the conversations');
        }
      },

      async open(sessionId) {
        if (sessionId === get().currentId) {
          // Re-reading the open session (after a reconnect): keep the transcript on screen meanwhile,
          // but drop live drafts, whose missed deltas cannot be recovered.
          batch.clear();
          openSeq++;
          set({ drafts: [], retry: null, unsentStop: null });
        } else {
          leaveCurrent(sessionId);
        }
        const seq = openSeq;
        try {
          const answer = await bridge.invoke('session:open', { sessionId });
          if (seq !== openSeq) return;
          // Messages that arrived as events while the answer travelled are kept (merged by id).
          let messages = answer.messages;
          for (const m of get().messages) messages = upsertMessage(messages, m);
          set({
            messages,
            opening: false,
            earlier: answer.earlier,
            earlierIds: answer.earlierIds,
            sessions: upsertSession(get().sessions, answer.session),
            statuses: { ...get().statuses, [sessionId]: answer.status },
          });
          options.onOpened?.(sessionId, answer);
        } catch (error) {
          if (seq !== openSeq) return;
          set({ opening: false, currentId: null });
          fail(error, 'Could not open the conversation');
          void get().refresh();
        }
      },

      async loadEarlier() {
        const { currentId, earlier, loadingEarlier } = get();
        if (!currentId || earlier === 0 || loadingEarlier) return;
        const seq = openSeq;
        set({ loadingEarlier: true });
        try {
          const answer = await bridge.invoke('session:earlier', { sessionId: currentId, before: earlier });
          if (seq !== openSeq) return;
          const shown = new Set(get().messages.map((m) => m.id));
          set({ messages: [...answer.messages.filter((m) => !shown.has(m.id)), ...get().messages], earlier: answer.earlier, loadingEarlier: false });
          options.onEarlier?.(currentId, answer);
        } catch (error) {
          if (seq !== openSeq) return;
          set({ loadingEarlier: false });
          fail(error, 'Could not show the earlier messages');
        }
      },

      startNew() {
        leaveCurrent(null);
      },

      async send(text) {
        const body = text.trim();
        const { currentId, sending, statuses } = get();
        if (!body || sending) return false;
        if (currentId && statuses[currentId] && statuses[currentId] !== 'idle') return false;
        set({ sending: true });
        try {
          let sessionId = currentId;
          if (!sessionId) {
            const { session } = await bridge.invoke('session:create', {});
            sessionId = session.id;
            leaveCurrent(sessionId);
            set({ opening: false, sessions: upsertSession(get().sessions, session) });
            await options.onCreated?.(sessionId);
          }
          await bridge.invoke('session:send', { sessionId, text: body });
          return true;
        } catch (error) {
          fail(error, 'The message was not sent');
          return false;
        } finally {
          set({ sending: false });
        }
      },

      queue(text) {
        const body = text.trim();
        const { currentId, statuses, queued } = get();
        if (!body || !currentId || (statuses[currentId] ?? 'idle') === 'idle') return false;
        const before = queued[currentId];
        set({ queued: { ...queued, [currentId]: before ? `${before}\n\n${body}` : body } });
        return true;
      },

      unqueue() {
        const { currentId, queued } = get();
        if (!currentId || queued[currentId] === undefined) return null;
        const { [currentId]: text, ...rest } = queued;
        set({ queued: rest });
        return text ?? null;
      },

      async rename(sessionId, title) {
        try {
          const { session } = await bridge.invoke('session:rename', { sessionId, title });
          set({ sessions: upsertSession(get().sessions, session) });
          return true;
        } catch (error) {
          fail(error, 'The conversation was not renamed');
          return false;
        }
      },

      async remove(sessionId) {
        const title = get().sessions.find((s) => s.id === sessionId)?.title ?? 'Untitled conversation';
        try {
          const { removed } = await bridge.invoke('session:delete', { sessionId });
          if (sessionId === get().currentId) leaveCurrent(null);
          const { [sessionId]: _gone, ...queued } = get().queued;
          set({ sessions: get().sessions.filter((s) => s.id !== sessionId), removed: removed ? { id: sessionId, title } : null, queued });
          return removed;
        } catch (error) {
          fail(error, 'The conversation was not deleted');
          return false;
        }
      },

      async restoreRemoved() {
        const removed = get().removed;
        if (!removed) return false;
        try {
          const { session } = await bridge.invoke('session:restore', { sessionId: removed.id });
          set({ removed: null, ...(session ? { sessions: upsertSession(get().sessions, session) } : {}) });
          if (!session) notify({ level: 'warn', title: 'Could not bring it back', message: `“${removed.title}” is no longer in the trash.` });
          return session !== null;
        } catch (error) {
          fail(error, 'The conversation was not brought back');
          return false;
        }
      },

      dismissRemoved() {
        set({ removed: null });
      },

      continueRun() {
        return get().send(CONTINUE_TEXT);
      },

      async retryRun() {
        const { currentId, sending } = get();
        if (!currentId || sending) return false;
        set({ sending: true });
        try {
          await bridge.invoke('session:retry', { sessionId: currentId });
          return true;
        } catch (error) {
          fail(error, 'Could not retry');
          return false;
        } finally {
          set({ sending: false });
        }
      },

      async stop() {
        const { currentId } = get();
        if (!currentId) return;
        try {
          await bridge.invoke('session:stop', { sessionId: currentId });
        } catch (error) {
          fail(error, 'Could not stop');
        }
      },

      async backgroundCall(toolUseId) {
        const { currentId } = get();
        if (!currentId) return false;
        try {
          return (await bridge.invoke('session:background-call', { sessionId: currentId, toolUseId })).moved;
        } catch (error) {
          fail(error, 'Could not move the command to the background');
          return false;
        }
      },

      handleEvent(event) {
        const isCurrent = event.sessionId === get().currentId;
        switch (event.type) {
          case 'summary':
            set({ sessions: upsertSession(get().sessions, event.session) });
            return;
          case 'status':
            if (isCurrent && event.status === 'running' && get().unsentStop) set({ unsentStop: null });
            if (isCurrent && event.status === 'idle') {
              batch.flush();
              // Whatever of an unfinished draft matters arrives as a `message`; the rest is void.
              batch.clear();
              set({ drafts: [], retry: null, compacting: null });
            }
            setStatus(event.sessionId, event.status);
            return;
          case 'error':
            // Stopping is the person's own doing, not a failure worth a banner.
            if (event.error.code !== 'aborted') notify(errorBanner(event.error));
            return;
        }
        if (!isCurrent) return;
        switch (event.type) {
          case 'message':
            removeDraft(event.message.id);
            set({ messages: upsertMessage(get().messages, event.message), retry: null, ...(event.message.compaction ? { compacting: null } : {}) });
            return;
          case 'compacting':
            set({ compacting: event.trigger });
            return;
          case 'assistant_start':
            ensureDraft(event.messageId, event.model);
            set({ retry: null });
            return;
          case 'text_delta':
            // A draft can be missing when the session was opened mid-reply; start one.
            ensureDraft(event.messageId);
            if (get().retry) set({ retry: null });
            batch.add(event.messageId, event.text);
            return;
          case 'retry':
            batch.drop(event.messageId);
            // A summary's call has no reply to draft: its note stands alone.
            if (!get().compacting) ensureDraft(event.messageId);
            set({
              drafts: get().drafts.map((d) => (d.messageId === event.messageId ? { ...d, text: '' } : d)),
              retry: {
                attempt: event.attempt,
                reason: event.reason,
                delayMs: event.delayMs,
                ...(event.code ? { code: event.code } : {}),
                ...(event.maxAttempts ? { maxAttempts: event.maxAttempts } : {}),
              },
            });
            return;
          case 'run_stopped': {
            const { messageId, stop } = event;
            if (messageId === null) set({ unsentStop: stop });
            else set({ messages: get().messages.map((m) => (m.id === messageId ? { ...m, stopped: stop } : m)) });
            return;
          }
        }
      },

      reset() {
        leaveCurrent(null);
        set({ sessions: [], listLoaded: false, statuses: {}, sending: false, queued: {}, removed: null });
      },
    };
  });
}
