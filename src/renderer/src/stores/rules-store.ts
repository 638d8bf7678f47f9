// The rule workbench's state (issue 5 item 8): every rule by source as main lists it (read again when
// "Always allow" saves one), and the edits, tests and recent-command checks that go to main. A failure comes back as text to the form that
// asked (shown next to it, with what was typed kept), never as a banner.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  RecentCommandsInput,
  RecentCommandsResult,
  RuleEditInput,
  RuleListing,
  RuleTestInput,
  RuleTestResult,
  RuleUpdateInput,
} from '../../../shared/permissions/rule-store';
import { IpcFailure } from '../../../shared/ipc/errors';
import type { Bridge } from '../bridge/types';
import { errorText } from './error-text';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface RulesState {
  listing: RuleListing | null;
  /** The project the listing belongs to (as given to load), so another project's rules never show. */
  project: string | null;
  loading: boolean;
  /** Why the last listing failed; the previous listing (if any) stays on screen. */
  loadError: string | null;
  /** Edits on their way to main; forms wait while this is above 0. */
  saving: number;

  /** Reads the rules again; a different `project` than before drops the old listing first. */
  load(project?: string | null): Promise<void>;
  add(edit: RuleEditInput): Promise<Outcome<RuleListing>>;
  remove(edit: RuleEditInput): Promise<Outcome<RuleListing>>;
  update(edit: RuleUpdateInput): Promise<Outcome<RuleListing>>;
  test(request: RuleTestInput): Promise<Outcome<RuleTestResult>>;
  recent(request: RecentCommandsInput): Promise<Outcome<RecentCommandsResult>>;
  /**
   * While the workbench is open: read again once an "Always allow" answer has saved its rule (main
   * resolves the request only after the file is written). Returns the unsubscribe.
   */
  watch(): () => void;
  reset(): void;
}

export type RulesStore = StoreApi<RulesState>;

export function createRulesStore(bridge: Bridge): RulesStore {
  // Every answer that carries a listing takes a number; an older answer never replaces a newer one.
  let issued = 0;
  let shown = 0;
  let reading = 0;

  return createStore<RulesState>()((set, get) => {
    const accept = (n: number, listing: RuleListing): void => {
      if (n < shown) return;
      shown = n;
      set({ listing, loadError: null });
    };

    const edit = async <C extends 'permissions:add' | 'permissions:remove' | 'permissions:update'>(
      channel: C,
      request: C extends 'permissions:update' ? RuleUpdateInput : RuleEditInput,
    ): Promise<Outcome<RuleListing>> => {
      const n = ++issued;
      set((s) => ({ saving: s.saving + 1 }));
      try {
        const listing = await bridge.invoke(channel, request as never);
        accept(n, listing);
        return { ok: true, value: listing };
      } catch (error) {
        // The rule was changed or removed elsewhere meanwhile: show the files as they are now.
        if (error instanceof IpcFailure && error.code === 'not_found') void get().load();
        return { ok: false, error: errorText(error) };
      } finally {
        set((s) => ({ saving: s.saving - 1 }));
      }
    };

    const ask = async <T>(run: () => Promise<T>): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await run() };
      } catch (error) {
        return { ok: false, error: errorText(error) };
      }
    };

    return {
      listing: null,
      project: null,
      loading: false,
      loadError: null,
      saving: 0,

      async load(project) {
        const n = ++issued;
        if (project !== undefined && project !== get().project) {
          // Answers for the old project still on their way must not land either.
          shown = n;
          set({ listing: null, loadError: null, project });
        }
        set({ loading: ++reading > 0 });
        try {
          accept(n, await bridge.invoke('permissions:list', {}));
        } catch (error) {
          if (n >= shown) set({ loadError: errorText(error) });
        } finally {
          set({ loading: --reading > 0 });
        }
      },
      add: (e) => edit('permissions:add', e),
      remove: (e) => edit('permissions:remove', e),
      update: (e) => edit('permissions:update', e),
      test: (request) => ask(() => bridge.invoke('permissions:test', request)),
      recent: (request) => ask(() => bridge.invoke('permissions:recent', request)),
      watch() {
        return bridge.on('session:event', (event) => {
          if (event.type === 'permission_resolved' && event.decision === 'allow_always') void get().load();
        });
      },
      reset() {
        shown = ++issued;
        set({ listing: null, project: null, loadError: null });
      },
    };
  });
}
