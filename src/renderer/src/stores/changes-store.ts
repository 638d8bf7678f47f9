// The Changes pane's actions (PX6): revert files and open one in the system's editor. Main does the
// work from its own record; this keeps what each revert did, per conversation and file, until the
// assistant changes that file again. Failures come back as text for the pane, never as a banner.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RevertFileResult } from '../../../shared/ipc/contract';
import type { Bridge } from '../bridge/types';
import { errorText } from './error-text';

export interface RevertRecord {
  result: RevertFileResult;
  /** How many calls had changed the file when it was reverted: a later change makes the record stale. */
  calls: number;
}

export interface RevertRequest {
  sessionId: string;
  /** The files, each with its number of changing calls now (see RevertRecord.calls). */
  files: { path: string; calls: number }[];
  /** The explicit second choice: also throw away changes made after the assistant's. */
  overwriteLaterChanges?: boolean;
}

export interface ChangesState {
  /** Per conversation, per file: what the last revert did. */
  reverted: Record<string, Record<string, RevertRecord>>;
  /** A revert on its way (the pane's buttons wait). */
  reverting: boolean;
  /** Why the last request failed as a whole (busy, connection), per conversation. */
  failure: Record<string, string>;
  revert(request: RevertRequest): Promise<RevertFileResult[] | null>;
  /** Opens a changed file in the system's editor; answers what happened, in words. */
  openInEditor(sessionId: string, path: string): Promise<{ ok: boolean; text: string }>;
}

export type ChangesStore = StoreApi<ChangesState>;

export function createChangesStore(bridge: Bridge): ChangesStore {
  return createStore<ChangesState>()((set, get) => ({
    reverted: {},
    reverting: false,
    failure: {},

    async revert({ sessionId, files, overwriteLaterChanges = false }) {
      set({ reverting: true, failure: { ...get().failure, [sessionId]: '' } });
      try {
        const { files: results } = await bridge.invoke('changes:revert', { sessionId, paths: files.map((f) => f.path), overwriteLaterChanges });
        const calls = new Map(files.map((f) => [f.path, f.calls]));
        const mine = { ...get().reverted[sessionId] };
        for (const result of results) mine[result.path] = { result, calls: calls.get(result.path) ?? 0 };
        set({ reverting: false, reverted: { ...get().reverted, [sessionId]: mine } });
        return results;
      } catch (error) {
        set({ reverting: false, failure: { ...get().failure, [sessionId]: `Nothing was reverted. ${errorText(error)}` } });
        return null;
      }
    },

    async openInEditor(sessionId, path) {
      try {
        const { shown } = await bridge.invoke('changes:open', { sessionId, path });
        return shown === 'file'
          ? { ok: true, text: 'Opened in your editor.' }
          : { ok: true, text: 'Shown in its folder instead: this kind of file could run as a program if it were opened.' };
      } catch (error) {
        return { ok: false, text: errorText(error) };
      }
    },
  }));
}
