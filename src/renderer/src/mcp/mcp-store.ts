// The "Connected tools" pane's state (issue 17 items 4, 5, 6): the project's MCP servers, the changed
// tool definitions of a server under review, and the actions (signing in among them). Main's `mcp:changed` replaces the list;
// an answer older than the latest is dropped.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { McpServerInfo, McpToolChange } from '../../../shared/mcp';
import type { Bridge } from '../bridge/types';
import { errorText } from '../stores/error-text';

export interface McpState {
  servers: McpServerInfo[];
  /** Read at least once (before that the pane says it is looking). */
  loaded: boolean;
  /** Servers with a request on its way (their buttons wait). */
  busy: Record<string, true>;
  /** The server whose changed tools are shown, and those changes. */
  review: { server: string; changes: McpToolChange[] } | null;
  /** Why the last action failed, in words, or null. */
  failure: string | null;
  /** Servers whose sign-in page the app opened in the system browser (desktop). */
  signInOpened: Record<string, true>;
  load(): Promise<void>;
  handleChanged(servers: McpServerInfo[]): void;
  reconnect(name: string): Promise<void>;
  setEnabled(name: string, on: boolean): Promise<void>;
  setDefer(name: string, defer: boolean): Promise<void>;
  signIn(name: string): Promise<void>;
  cancelSignIn(name: string): Promise<void>;
  signOut(name: string): Promise<void>;
  openReview(name: string): Promise<void>;
  closeReview(): void;
  accept(name: string, tool: string, hash: string): Promise<void>;
  reset(): void;
}

export type McpStore = StoreApi<McpState>;

export function createMcpStore(bridge: Bridge): McpStore {
  let seq = 0;
  return createStore<McpState>()((set, get) => {
    const act = async (name: string, work: () => Promise<{ servers: McpServerInfo[] }>) => {
      const mine = ++seq;
      set({ busy: { ...get().busy, [name]: true }, failure: null });
      try {
        const { servers } = await work();
        if (mine === seq) set({ servers });
      } catch (error) {
        set({ failure: errorText(error) });
      } finally {
        const { [name]: _done, ...rest } = get().busy;
        set({ busy: rest });
      }
    };
    const refreshReview = async () => {
      const review = get().review;
      if (!review) return;
      try {
        const { changes } = await bridge.invoke('mcp:changes', { name: review.server });
        if (get().review?.server === review.server) set({ review: changes.length > 0 ? { server: review.server, changes } : null });
      } catch {
        set({ review: null });
      }
    };
    return {
      servers: [],
      loaded: false,
      busy: {},
      review: null,
      failure: null,
      signInOpened: {},
      async load() {
        const mine = ++seq;
        try {
          const { servers } = await bridge.invoke('mcp:list', {});
          if (mine === seq) set({ servers, loaded: true });
        } catch (error) {
          set({ loaded: true, failure: errorText(error) });
        }
      },
      handleChanged(servers) {
        seq++;
        set({ servers, loaded: true });
        // A tool changed again while its review is open: show the latest version.
        if (get().review) void refreshReview();
      },
      reconnect: (name) => act(name, () => bridge.invoke('mcp:reconnect', { name })),
      setEnabled: (name, on) => act(name, () => bridge.invoke(on ? 'mcp:enable' : 'mcp:disable', { name })),
      setDefer(name, defer) {
        seq++;
        // The switch moves at once; the answer shows what main has.
        set({ servers: get().servers.map((s) => (s.name === name ? { ...s, deferred: defer } : s)) });
        return act(name, () => bridge.invoke('mcp:set-defer', { name, defer }));
      },
      signIn: (name) =>
        act(name, async () => {
          const answer = await bridge.invoke('mcp:sign-in', { name });
          const { [name]: _was, ...others } = get().signInOpened;
          set({ signInOpened: answer.opened ? { ...others, [name]: true } : others });
          return answer;
        }),
      cancelSignIn: (name) => act(name, () => bridge.invoke('mcp:cancel-sign-in', { name })),
      signOut: (name) => act(name, () => bridge.invoke('mcp:sign-out', { name })),
      async openReview(name) {
        set({ failure: null });
        try {
          const { changes } = await bridge.invoke('mcp:changes', { name });
          set({ review: { server: name, changes } });
        } catch (error) {
          set({ failure: errorText(error) });
        }
      },
      closeReview: () => set({ review: null }),
      async accept(name, tool, hash) {
        await act(name, () => bridge.invoke('mcp:accept', { name, tool, hash }));
        await refreshReview();
      },
      reset() {
        seq++;
        set({ servers: [], loaded: false, busy: {}, review: null, failure: null, signInOpened: {} });
      },
    };
  });
}
