// How the assistant works in each conversation (its permission mode): what main last said, the
// person's choice in the message box, and a choice made before the conversation exists (applied when
// it is created, before its first message goes out).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../bridge/types';
import type { SessionEvent } from '../../../shared/session-events';
import { errorText } from '../stores/error-text';

/** The modes a person picks from; bypassPermissions only ever comes from settings or the command line. */
export type PickableMode = 'default' | 'acceptEdits' | 'plan';

export interface ModeState {
  modes: Record<string, string>;
  /** Chosen while no conversation is open: the next one starts in it. */
  draft: PickableMode | null;
  /** True while a choice is on its way to main. */
  changing: boolean;
  load(sessionId: string, mode: string): void;
  choose(sessionId: string | null, mode: PickableMode): Promise<boolean>;
  /** A conversation was just created: it takes the draft choice before its first message. */
  applyDraft(sessionId: string): Promise<void>;
  handleEvent(event: SessionEvent): void;
  reset(): void;
}

export type ModeStore = StoreApi<ModeState>;

export function createModeStore(bridge: Bridge, notify: (b: { level: 'error'; title: string; message: string }) => void): ModeStore {
  return createStore<ModeState>()((set, get) => {
    const send = async (sessionId: string, mode: PickableMode): Promise<boolean> => {
      set({ changing: true });
      try {
        const answer = await bridge.invoke('session:set-mode', { sessionId, mode });
        set({ modes: { ...get().modes, [sessionId]: answer.mode } });
        return true;
      } catch (error) {
        notify({ level: 'error', title: 'How the assistant works was not changed', message: errorText(error) });
        return false;
      } finally {
        set({ changing: false });
      }
    };
    return {
      modes: {},
      draft: null,
      changing: false,
      load(sessionId, mode) {
        set({ modes: { ...get().modes, [sessionId]: mode } });
      },
      async choose(sessionId, mode) {
        if (!sessionId) {
          set({ draft: mode === 'default' ? null : mode });
          return true;
        }
        return send(sessionId, mode);
      },
      async applyDraft(sessionId) {
        const { draft } = get();
        if (!draft) return;
        set({ draft: null });
        await send(sessionId, draft);
      },
      handleEvent(event) {
        if (event.type === 'mode') set({ modes: { ...get().modes, [event.sessionId]: event.mode } });
      },
      reset() {
        set({ modes: {}, draft: null, changing: false });
      },
    };
  });
}
