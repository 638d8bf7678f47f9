// The commands a person can type in the message box ("/name": the skills of the open project), read
// when a message starts with "/" so a skill added meanwhile shows up; a failed read lists none.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../bridge/types';
import type { InvokeResponse } from '../../../shared/ipc/contract';

export type TypedCommand = InvokeResponse<'skills:list'>['skills'][number];

export interface CommandsState {
  commands: TypedCommand[];
  load(): Promise<void>;
  reset(): void;
}

export type CommandsStore = StoreApi<CommandsState>;

export function createCommandsStore(bridge: Bridge): CommandsStore {
  let seq = 0;
  return createStore<CommandsState>()((set) => ({
    commands: [],
    async load() {
      const mine = ++seq;
      try {
        const { skills } = await bridge.invoke('skills:list', {});
        if (mine === seq) set({ commands: skills });
      } catch {
        // No list (an older host, no project): the box still sends what is typed.
        if (mine === seq) set({ commands: [] });
      }
    },
    reset() {
      seq++;
      set({ commands: [] });
    },
  }));
}

/** The commands a message being typed could be ("/fo" → fmt, format…); none once a space follows the name. */
export function matchingCommands(text: string, commands: readonly TypedCommand[]): TypedCommand[] {
  const m = /^\/([a-z0-9-]*)$/.exec(text);
  if (!m) return [];
  return commands.filter((c) => c.name.startsWith(m[1]!)).slice(0, 8);
}
