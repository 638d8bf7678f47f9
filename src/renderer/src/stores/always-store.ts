// "Always allow" answers a person can take back (issue 13 item 3): the latest rule each conversation
// saved, as main reported it with the answer's resolution, and its Undo (permission:undo-always).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RuleDestination } from '../../../shared/permissions/rule-store';
import type { SessionEvent } from '../../../shared/session-events';
import type { Bridge } from '../bridge/types';
import { errorText } from './error-text';

/** saved: Undo offered · undoing: on its way · undone: gone · gone: it was already removed · failed: try again. */
export type AlwaysNoticeState = 'saved' | 'undoing' | 'undone' | 'gone' | 'failed';

export interface AlwaysNotice {
  /** Grows with every notice, so a view can tell a new answer from the one it showed. */
  id: number;
  sessionId: string;
  rule: string;
  destination: RuleDestination;
  state: AlwaysNoticeState;
  /** Why the last Undo failed (state 'failed'). */
  error?: string;
}

export interface AlwaysState {
  /** The latest "Always allow" rule of each conversation, by session id. */
  notices: Record<string, AlwaysNotice>;
  handleEvent(event: SessionEvent): void;
  /** Takes the rule back everywhere it was put; false when nothing was undone. */
  undo(sessionId: string): Promise<boolean>;
  dismiss(sessionId: string): void;
  reset(): void;
}

export type AlwaysStore = StoreApi<AlwaysState>;

export interface AlwaysStoreOptions {
  /** A rule left the settings files: whoever shows them reads them again. */
  onUndone?: () => void;
}

export function createAlwaysStore(bridge: Bridge, options: AlwaysStoreOptions = {}): AlwaysStore {
  let next = 0;
  return createStore<AlwaysState>()((set, get) => {
    const update = (sessionId: string, id: number, change: Partial<AlwaysNotice>): void => {
      const current = get().notices[sessionId];
      // A newer answer replaced this notice meanwhile: the old Undo's outcome must not overwrite it.
      if (!current || current.id !== id) return;
      set({ notices: { ...get().notices, [sessionId]: { ...current, ...change } } });
    };
    return {
      notices: {},

      handleEvent(event) {
        if (event.type !== 'permission_resolved' || event.decision !== 'allow_always' || !event.saved) return;
        const notice: AlwaysNotice = { id: ++next, sessionId: event.sessionId, ...event.saved, state: 'saved' };
        set({ notices: { ...get().notices, [event.sessionId]: notice } });
      },

      async undo(sessionId) {
        const notice = get().notices[sessionId];
        if (!notice || (notice.state !== 'saved' && notice.state !== 'failed')) return false;
        const { id, rule, destination } = notice;
        update(sessionId, id, { state: 'undoing' });
        try {
          const r = await bridge.invoke('permission:undo-always', { sessionId, rule, destination });
          update(sessionId, id, { state: r.undone ? 'undone' : 'gone' });
          if (r.file) options.onUndone?.();
          return r.undone;
        } catch (error) {
          update(sessionId, id, { state: 'failed', error: errorText(error) });
          return false;
        }
      },

      dismiss(sessionId) {
        const { [sessionId]: _gone, ...rest } = get().notices;
        set({ notices: rest });
      },

      reset() {
        set({ notices: {} });
      },
    };
  });
}
