// The trust decision for project folders, for the hosts (PX4, issue 16 item 1): a folder's own settings
// count only once the person trusted exactly what it configures ('ask', the desktop and browser hosts);
// a headless run trusts the folder it was started in ('all', as Claude Code's -p does).
import path from 'node:path';
import { IpcFailure } from '../../shared/ipc/errors';
import { emptyConfiguration, type FolderConfiguration, type TrustStatus } from '../../shared/trust';
import { fingerprintOf, trustStatus } from '../settings/folder-trust';
import type { ProjectSettings } from '../settings/project-settings';
import type { TrustStore } from '../settings/trust-store';

export type FolderTrustMode = 'ask' | 'all';

export interface FolderTrust {
  /** For createProjectSettings: whether this configuration of this folder counts. */
  counts(projectDir: string, configuration: FolderConfiguration): boolean;
  /** From the settings as last read (they are read when a session of the folder starts, or by `check`). */
  status(projectDir: string): TrustStatus;
  /** Reads the folder's settings now, then answers. */
  check(projectDir: string): Promise<TrustStatus>;
  /** Trusts exactly the configuration named by `fingerprint`; refused when the folder changed meanwhile. */
  trust(projectDir: string, fingerprint: string): Promise<TrustStatus>;
}

export function createFolderTrust(opts: { mode: FolderTrustMode; store: TrustStore; settings: () => ProjectSettings; now?: () => number }): FolderTrust {
  const now = opts.now ?? Date.now;
  const status = (projectDir: string): TrustStatus => {
    const dir = path.resolve(projectDir);
    const configuration = opts.settings().current(dir).folder?.configuration;
    const st = trustStatus(dir, configuration ?? emptyConfiguration(), opts.store.get(dir));
    return opts.mode === 'all' && (st.state === 'untrusted' || st.state === 'changed') ? { ...st, state: 'trusted' } : st;
  };
  return {
    counts(projectDir, configuration) {
      if (opts.mode === 'all') return true;
      const st = trustStatus(path.resolve(projectDir), configuration, opts.store.get(path.resolve(projectDir)));
      return st.state === 'trusted' || st.state === 'nothing';
    },
    status,
    async check(projectDir) {
      await opts.settings().load(path.resolve(projectDir));
      return status(projectDir);
    },
    async trust(projectDir, fingerprint) {
      const dir = path.resolve(projectDir);
      const settings = opts.settings();
      await settings.load(dir);
      const configuration = settings.current(dir).folder?.configuration;
      if (!configuration || fingerprintOf(configuration) !== fingerprint) {
        throw new IpcFailure({ code: 'busy', message: "The folder's settings changed while you were deciding. Look at them again before trusting it." });
      }
      await opts.store.trust(dir, { fingerprint, configuration, at: now() });
      settings.refresh(dir);
      await settings.load(dir);
      return status(dir);
    },
  };
}
