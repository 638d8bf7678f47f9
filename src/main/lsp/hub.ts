// The app's language servers: one set per project folder, created at the first LSP call of one of its
// conversations, shared by them all, all stopped when the app quits (their process trees included).
import type { Logger } from '../base/log';
import type { LspServers } from '../settings/lsp-settings';
import { createLanguageServers, type LanguageServers, type LanguageServersOptions } from './manager';

type Env = Readonly<Record<string, string | undefined>>;

export interface LanguageServerHub {
  /** The project's servers; `servers` and `settingsEnv` are its settings now (read at each use). */
  forProject(projectDir: string, settings: { servers: () => LspServers | undefined; settingsEnv: () => Readonly<Record<string, string>> }): LanguageServers;
  dispose(): Promise<void>;
}

export function createLanguageServerHub(opts: { env: Env; log: Logger } & Pick<LanguageServersOptions, 'startupTimeoutMs' | 'requestTimeoutMs' | 'start'>): LanguageServerHub {
  const projects = new Map<string, LanguageServers>();
  return {
    forProject(projectDir, settings) {
      let servers = projects.get(projectDir);
      if (!servers) {
        servers = createLanguageServers({ ...opts, projectDir, servers: settings.servers, settingsEnv: settings.settingsEnv });
        projects.set(projectDir, servers);
      }
      return servers;
    },
    async dispose() {
      const all = [...projects.values()];
      projects.clear();
      await Promise.all(all.map((s) => s.dispose()));
    },
  };
}
