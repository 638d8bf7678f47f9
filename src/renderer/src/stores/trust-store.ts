// Whether the open project's folder is trusted (PX4, issue 16 item 1): main's answer to
// project:trust-status, refreshed when main says the folder's configuration changed, and the person's
// choice — trust it, or work without its settings for now.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TrustStatus } from '../../../shared/trust';
import type { Bridge } from '../bridge/types';
import { errorText } from './error-text';

export interface TrustState {
  status: TrustStatus | null;
  /** The person chose "Open without its settings" for this configuration (its fingerprint). */
  declined: string | null;
  busy: boolean;
  error: string | null;
  load(): Promise<void>;
  trust(): Promise<void>;
  decline(): void;
  reset(): void;
}

export type TrustStore = StoreApi<TrustState>;

export function createTrustStore(bridge: Bridge): TrustStore {
  return createStore<TrustState>()((set, get) => ({
    status: null,
    declined: null,
    busy: false,
    error: null,
    async load() {
      try {
        set({ status: await bridge.invoke('project:trust-status', {}), error: null });
      } catch (error) {
        set({ error: errorText(error) });
      }
    },
    async trust() {
      const status = get().status;
      if (!status || get().busy) return;
      set({ busy: true, error: null });
      try {
        set({ status: await bridge.invoke('project:trust', { fingerprint: status.fingerprint }) });
      } catch (error) {
        set({ error: errorText(error) });
        await get().load();
      } finally {
        set({ busy: false });
      }
    },
    decline() {
      set({ declined: get().status?.fingerprint ?? null });
    },
    reset() {
      set({ status: null, declined: null, busy: false, error: null });
    },
  }));
}

/** Whether the dialog is due: the folder configures something not trusted, and the person has not put it off. */
export function trustDue(s: Pick<TrustState, 'status' | 'declined'>): boolean {
  const st = s.status;
  return st !== null && (st.state === 'untrusted' || st.state === 'changed') && s.declined !== st.fingerprint;
}
