// Conversations: the session list, the open session's messages, live reply drafts and run status.
// Fed by bridge calls (list/open/send/stop) and by session events (handleEvent), never by components directly.
import { createStore } from 'zustand/vanilla';
import { CONTINUE_TEXT, type SessionStatus } from '../../../shared/transcript';
import type { Bridge } from '../bridge/types';
import { errorText } from './error-text';
import { createFrameBatch, frameSchedule } from './frame-batch';
import { newestFirst, upsertMessage, upsertSession } from './sessions-list';
import { createSessionEventHandler } from './sessions-events';
import type { SessionsState, SessionsStore, SessionsStoreOptions } from './sessions-state';

export type { Draft, RetryNote, SessionsState, SessionsStore, SessionsStoreOptions } from './sessions-state';

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
          // A task followed live says what its replies hold so far, the text that came as events meanwhile included.
          if (answer.drafts) batch.clear();
          set({
            ...(answer.drafts ? { drafts: answer.drafts } : {}),
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

      handleEvent: createSessionEventHandler({ get, set, batch, notify, setStatus, ensureDraft, removeDraft }),

      reset() {
        leaveCurrent(null);
        set({ sessions: [], listLoaded: false, statuses: {}, sending: false, queued: {}, removed: null });
      },
    };
  });
}
