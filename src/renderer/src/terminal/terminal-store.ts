// The terminal pane's state (issue 15 item 5): this window's tabs, and each terminal's output kept
// (bounded) outside React, so a tab that is shown again — or the pane reopened — replays its screen.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TerminalExit } from '../../../shared/ipc/terminal-contract';
import { TERMINAL_INPUT_MAX } from '../../../shared/ipc/terminal-contract';
import type { Bridge } from '../bridge/types';
import { errorText } from '../stores/error-text';

export interface TerminalTab {
  terminalId: string;
  title: string;
  readOnly: boolean;
  exit: TerminalExit | null;
}

export interface TerminalState {
  tabs: TerminalTab[];
  activeId: string | null;
  /** Why the last open failed, in the words main gave (e.g. the terminal is not available here). */
  error: string | null;
  opening: boolean;
  /** Reads this window's terminals (after a reload main still has them). */
  load(): Promise<void>;
  openShell(size: { cols: number; rows: number }): Promise<void>;
  openTask(taskId: string): Promise<void>;
  close(terminalId: string): Promise<void>;
  select(terminalId: string): void;
  input(terminalId: string, data: string): void;
  resize(terminalId: string, cols: number, rows: number): void;
  /** A view shows this terminal: it gets the output so far, then each new piece, until detached. */
  attach(terminalId: string, write: (data: string) => void): () => void;
}

export type TerminalStore = StoreApi<TerminalState>;

/** Output kept per terminal in the window (main keeps its own copy for a reload). */
export const REPLAY_MAX_CHARS = 256 * 1024;

export function endedLine(exit: TerminalExit): string {
  const how = exit.exitCode !== null && exit.exitCode !== 0 ? ` (it ended with code ${exit.exitCode})` : '';
  return `\r\n\x1b[2m[This terminal has stopped${how}. Close the tab, or open a new terminal.]\x1b[0m\r\n`;
}

export function createTerminalStore(bridge: Bridge, opts: { onLog?: (message: string) => void } = {}): TerminalStore & { dispose(): void } {
  const replay = new Map<string, string>();
  const writers = new Map<string, Set<(data: string) => void>>();

  function received(terminalId: string, data: string): void {
    const before = replay.get(terminalId) ?? '';
    const next = before + data;
    replay.set(terminalId, next.length > REPLAY_MAX_CHARS ? next.slice(next.length - REPLAY_MAX_CHARS) : next);
    for (const w of writers.get(terminalId) ?? []) w(data);
  }

  const store = createStore<TerminalState>()((set, get) => {
    const added = (tab: TerminalTab) => set((s) => ({ tabs: [...s.tabs, tab], activeId: tab.terminalId, opening: false, error: null }));
    const failed = (err: unknown) => set({ opening: false, error: errorText(err) });
    return {
      tabs: [],
      activeId: null,
      error: null,
      opening: false,
      async load() {
        try {
          const { terminals } = await bridge.invoke('terminal:list', {});
          replay.clear();
          for (const t of terminals) replay.set(t.terminalId, t.screen + (t.exit ? endedLine(t.exit) : ''));
          const tabs = terminals.map(({ terminalId, title, readOnly, exit }) => ({ terminalId, title, readOnly, exit }));
          const { activeId } = get();
          set({ tabs, activeId: tabs.some((t) => t.terminalId === activeId) ? activeId : (tabs.at(-1)?.terminalId ?? null) });
        } catch (err) {
          set({ error: errorText(err) });
        }
      },
      async openShell({ cols, rows }) {
        if (get().opening) return;
        set({ opening: true, error: null });
        try {
          added({ ...(await bridge.invoke('terminal:open', { cols, rows })), exit: null });
        } catch (err) {
          failed(err);
        }
      },
      async openTask(taskId) {
        set({ opening: true, error: null });
        try {
          added({ ...(await bridge.invoke('terminal:open', { cols: 80, rows: 24, taskId })), exit: null });
        } catch (err) {
          failed(err);
        }
      },
      async close(terminalId) {
        const { tabs, activeId } = get();
        const at = tabs.findIndex((t) => t.terminalId === terminalId);
        const rest = tabs.filter((t) => t.terminalId !== terminalId);
        // The neighbour takes the place of the closed tab, as in a browser.
        const nextActive = activeId === terminalId ? (rest[Math.min(at, rest.length - 1)]?.terminalId ?? null) : activeId;
        set({ tabs: rest, activeId: nextActive });
        replay.delete(terminalId);
        try {
          await bridge.invoke('terminal:close', { terminalId });
        } catch (err) {
          opts.onLog?.(`terminal:close failed: ${errorText(err)}`);
        }
      },
      select(terminalId) {
        if (get().tabs.some((t) => t.terminalId === terminalId)) set({ activeId: terminalId });
      },
      input(terminalId, data) {
        // A long paste goes in pieces the channel accepts, in order.
        for (let i = 0; i < data.length; i += TERMINAL_INPUT_MAX) {
          bridge.invoke('terminal:input', { terminalId, data: data.slice(i, i + TERMINAL_INPUT_MAX) }).catch((err: unknown) => opts.onLog?.(`terminal:input failed: ${errorText(err)}`));
        }
      },
      resize(terminalId, cols, rows) {
        bridge.invoke('terminal:resize', { terminalId, cols, rows }).catch((err: unknown) => opts.onLog?.(`terminal:resize failed: ${errorText(err)}`));
      },
      attach(terminalId, write) {
        const so = replay.get(terminalId);
        if (so) write(so);
        let set_ = writers.get(terminalId);
        if (!set_) writers.set(terminalId, (set_ = new Set()));
        set_.add(write);
        return () => void writers.get(terminalId)?.delete(write);
      },
    };
  });

  const offData = bridge.on('terminal:data', ({ terminalId, data }) => received(terminalId, data));
  const offExit = bridge.on('terminal:exit', ({ terminalId, exitCode, signal }) => {
    received(terminalId, endedLine({ exitCode, signal }));
    store.setState((s) => ({ tabs: s.tabs.map((t) => (t.terminalId === terminalId ? { ...t, exit: { exitCode, signal } } : t)) }));
  });
  // Back after a dropped connection: main may have ended this window's terminals; read them again
  // (a window with no terminal has nothing to ask).
  let down = false;
  const offConnection = bridge.onConnection((state) => {
    if (state !== 'open') down = true;
    else if (down) {
      down = false;
      if (store.getState().tabs.length > 0) void store.getState().load();
    }
  });
  return Object.assign(store, {
    dispose() {
      offData();
      offExit();
      offConnection();
    },
  });
}
