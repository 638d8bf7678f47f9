// App-wide state: what main said at start (app:init), the transport connection, and the banners.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInit } from '../../../shared/ipc/contract';
import type { Bridge, ConnectionState } from '../bridge/types';
import { errorText } from './error-text';

export type BannerLevel = 'info' | 'warn' | 'error';

export interface Banner {
  id: number;
  level: BannerLevel;
  /** A short heading, e.g. "Check your API key"; the message carries the detail. */
  title?: string;
  message: string;
}

export interface AppState {
  init: AppInit | null;
  /** Why app:init failed, when it did (the app shows a retry screen instead of a blank page). */
  loadError: string | null;
  loading: boolean;
  connection: ConnectionState;
  /** Whether the transport was ever open: after that, 'closed'/'connecting' means "Reconnecting…". */
  everConnected: boolean;
  banners: Banner[];
  savingKey: boolean;
  openingProject: boolean;

  load(): Promise<AppInit | null>;
  pushBanner(banner: Omit<Banner, 'id'>): void;
  dismissBanner(id: number): void;
  setConnection(state: ConnectionState): void;
  saveApiKey(apiKey: string): Promise<boolean>;
  chooseProject(): Promise<boolean>;
  openProject(dir: string): Promise<boolean>;
}

export type AppStore = StoreApi<AppState>;

/** At most this many banners stay on screen; older ones make room. */
const MAX_BANNERS = 4;

export interface AppStoreOptions {
  /** Called after every successful app:init (first load, reconnect, project change). */
  onInit?: (init: AppInit, previous: AppInit | null) => void;
}

export function createAppStore(bridge: Bridge, options: AppStoreOptions = {}): AppStore {
  let nextBannerId = 1;

  return createStore<AppState>()((set, get) => {
    const fail = (error: unknown, title?: string): void =>
      get().pushBanner({ level: 'error', message: errorText(error), ...(title ? { title } : {}) });

    /** Opening a folder changes what this window shows: reload everything from app:init. */
    const afterProjectChange = async (project: unknown): Promise<boolean> => {
      if (!project) return false;
      return (await get().load()) !== null;
    };

    return {
      init: null,
      loadError: null,
      loading: false,
      connection: bridge.connection(),
      everConnected: bridge.connection() === 'open',
      banners: [],
      savingKey: false,
      openingProject: false,

      async load() {
        set({ loading: true });
        try {
          const init = await bridge.invoke('app:init', {});
          const previous = get().init;
          set({ init, loadError: null, loading: false });
          options.onInit?.(init, previous);
          return init;
        } catch (error) {
          set({ loadError: errorText(error), loading: false });
          return null;
        }
      },

      pushBanner(banner) {
        const same = get().banners.find((b) => b.message === banner.message && b.level === banner.level);
        // A repeated error moves to the end instead of stacking copies.
        const rest = get().banners.filter((b) => b !== same);
        set({ banners: [...rest, { ...banner, id: nextBannerId++ }].slice(-MAX_BANNERS) });
      },

      dismissBanner(id) {
        set({ banners: get().banners.filter((b) => b.id !== id) });
      },

      setConnection(state) {
        set({ connection: state, everConnected: get().everConnected || state === 'open' });
      },

      async saveApiKey(apiKey) {
        const key = apiKey.trim();
        if (!key) return false;
        set({ savingKey: true });
        try {
          const auth = await bridge.invoke('auth:set-api-key', { apiKey: key });
          const init = get().init;
          set({ savingKey: false, ...(init ? { init: { ...init, auth } } : {}) });
          if (!auth.configured) fail('The key was saved but is not in use yet.', 'API key');
          return auth.configured;
        } catch (error) {
          set({ savingKey: false });
          fail(error, 'Could not save the API key');
          return false;
        }
      },

      async chooseProject() {
        set({ openingProject: true });
        try {
          const { project } = await bridge.invoke('project:choose', {});
          return await afterProjectChange(project);
        } catch (error) {
          fail(error, 'Could not open the folder');
          return false;
        } finally {
          set({ openingProject: false });
        }
      },

      async openProject(dir) {
        set({ openingProject: true });
        try {
          const { project } = await bridge.invoke('project:open', { dir });
          return await afterProjectChange(project);
        } catch (error) {
          fail(error, 'Could not open the folder');
          return false;
        } finally {
          set({ openingProject: false });
        }
      },
    };
  });
}
