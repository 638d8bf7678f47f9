// The sandbox as the renderer keeps it (issue 15 items 1–2): whether it runs for the open project,
// and per conversation the connections it refused, with "Allow this host" and Dismiss.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../bridge/types';
import type { BlockedConnection, SandboxStatus } from '../../../shared/sandbox';

export interface SandboxState {
  status: SandboxStatus | null;
  /** The person closed the "can't start" notice. */
  statusDismissed: boolean;
  connections: Record<string, BlockedConnection[]>;
  dismissed: Record<string, true>;
  /** `${sessionId} ${host}` while its allow is saved. */
  busy: Record<string, true>;
  error: string | null;
  loadStatus(): Promise<void>;
  load(sessionId: string): Promise<void>;
  handleBlocked(e: BlockedConnection): void;
  allow(sessionId: string, host: string, scope: 'session' | 'project'): Promise<void>;
  dismiss(id: string): void;
  dismissStatus(): void;
  reset(): void;
}

export type SandboxStore = StoreApi<SandboxState>;

const initial = { status: null, statusDismissed: false, connections: {}, dismissed: {}, busy: {}, error: null };

export function createSandboxStore(bridge: Bridge): SandboxStore {
  return createStore<SandboxState>()((set, get) => ({
    ...initial,
    async loadStatus() {
      try {
        set({ status: await bridge.invoke('sandbox:status', {}) });
      } catch {
        // An older host without the sandbox: nothing to show.
      }
    },
    async load(sessionId) {
      try {
        const { connections } = await bridge.invoke('sandbox:blocked', { sessionId });
        set({ connections: { ...get().connections, [sessionId]: connections } });
      } catch {
        // Nothing known is nothing shown.
      }
    },
    handleBlocked(e) {
      const list = get().connections[e.sessionId] ?? [];
      const at = list.findIndex((x) => x.id === e.id);
      const next = at >= 0 ? list.map((x, i) => (i === at ? e : x)) : [...list, e];
      set({ connections: { ...get().connections, [e.sessionId]: next } });
    },
    async allow(sessionId, host, scope) {
      const key = `${sessionId} ${host}`;
      set({ busy: { ...get().busy, [key]: true }, error: null });
      try {
        const { connections } = await bridge.invoke('sandbox:allow-host', { sessionId, host, scope });
        set({ connections: { ...get().connections, [sessionId]: connections } });
      } catch (err) {
        set({ error: `Could not allow ${host}: ${(err as Error).message}` });
      } finally {
        const { [key]: _gone, ...rest } = get().busy;
        set({ busy: rest });
      }
    },
    dismiss: (id) => set({ dismissed: { ...get().dismissed, [id]: true } }),
    dismissStatus: () => set({ statusDismissed: true }),
    reset: () => set({ ...initial }),
  }));
}
