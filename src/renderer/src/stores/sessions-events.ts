// What a session event does to the conversations store: the list's summaries and statuses for every
// session; the open one's messages, live drafts, retry note, summary in progress and stop reasons.
import type { ErrorInfo, SessionEvent } from '../../../shared/session-events';
import type { SessionStatus } from '../../../shared/transcript';
import type { Banner } from './app-store';
import type { FrameBatch } from './frame-batch';
import type { SessionsState } from './sessions-state';
import { upsertMessage, upsertSession } from './sessions-list';

export interface SessionEventHandlerDeps {
  get: () => SessionsState;
  set: (partial: Partial<SessionsState>) => void;
  batch: FrameBatch;
  notify: (banner: Omit<Banner, 'id'>) => void;
  setStatus: (sessionId: string, status: SessionStatus) => void;
  ensureDraft: (messageId: string, model?: string) => void;
  removeDraft: (messageId: string) => void;
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

export function createSessionEventHandler(d: SessionEventHandlerDeps): (event: SessionEvent) => void {
  const { get, set, batch, notify, setStatus, ensureDraft, removeDraft } = d;
  return (event) => {
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
  };
}
