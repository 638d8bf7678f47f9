// React access to the stores: a provider at the root and selector hooks; components never touch the bridge.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { AlwaysState } from './always-store';
import type { AppState } from './app-store';
import type { ChangesState } from './changes-store';
import type { Stores } from './create-stores';
import type { ProcessesState } from './processes-store';
import type { RulesState } from './rules-store';
import type { SandboxState } from './sandbox-store';
import type { SessionsState } from './sessions-store';
import type { ToolsState } from './tools-store';
import type { TrustState } from './trust-store';
import type { TerminalState, TerminalStore } from '../terminal/terminal-store';
import type { ModeState } from '../mode/mode-store';
import type { CommandsState } from '../commands/commands-store';
import type { McpState } from '../mcp/mcp-store';
import type { TaskListState } from '../todos/task-list-store';
import type { BackgroundState, BackgroundStore } from '../background/background-store';

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }): ReactNode {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing above this component');
  return stores;
}

export function useTaskList<T>(selector: (state: TaskListState) => T): T {
  return useStore(useStores().taskList, selector);
}
export function useCommands<T>(selector: (state: CommandsState) => T): T {
  return useStore(useStores().commands, selector);
}
export function useMode<T>(selector: (state: ModeState) => T): T {
  return useStore(useStores().mode, selector);
}
export function useBackground<T>(selector: (state: BackgroundState) => T): T {
  return useStore(useStores().background, selector);
}
export function useBackgroundStore(): BackgroundStore {
  return useStores().background;
}
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useStores().app, selector);
}

export function useSessions<T>(selector: (state: SessionsState) => T): T {
  return useStore(useStores().sessions, selector);
}

export function useTools<T>(selector: (state: ToolsState) => T): T {
  return useStore(useStores().tools, selector);
}

export function useRules<T>(selector: (state: RulesState) => T): T {
  return useStore(useStores().rules, selector);
}

export function useChangesStore<T>(selector: (state: ChangesState) => T): T {
  return useStore(useStores().changes, selector);
}

export function useTrust<T>(selector: (state: TrustState) => T): T {
  return useStore(useStores().trust, selector);
}

export function useAlways<T>(selector: (state: AlwaysState) => T): T {
  return useStore(useStores().always, selector);
}

export function useProcesses<T>(selector: (state: ProcessesState) => T): T {
  return useStore(useStores().processes, selector);
}

/** Stands in when a view is drawn outside the app (a test, a static render): nothing is known. */
const NO_PROCESSES = createStore<ProcessesState>()(() => ({ tasks: [] }) as unknown as ProcessesState);

/** The processes store for a view that may be drawn outside the app: `none` when there are no stores. */
export function useProcessesIfAny<T>(selector: (state: ProcessesState) => T, none: T): T {
  const stores = useContext(StoresContext);
  return useStore(stores?.processes ?? NO_PROCESSES, (s) => (stores ? selector(s) : none));
}

export function useSandbox<T>(selector: (state: SandboxState) => T): T {
  return useStore(useStores().sandbox, selector);
}

/** The Connected tools pane (issue 17 items 5, 6). */
export function useMcp<T>(selector: (state: McpState) => T): T {
  return useStore(useStores().mcp, selector);
}

/** The terminal pane's tabs (issue 15 item 5). */
export function useTerminal<T>(selector: (state: TerminalState) => T): T {
  return useStore(useStores().terminal, selector);
}

/** The store itself, for a terminal view that feeds xterm outside React's renders. */
export function useTerminalStore(): TerminalStore {
  return useStores().terminal;
}
