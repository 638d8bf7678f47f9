// A project's language servers (the `lspServers` setting): the server for a file found by its
// extension, started at its first use, kept for every conversation of the project, started again after
// a crash (at the next use, `restartOnCrash`, at most `maxRestarts` times) and stopped when the app
// quits. A server whose configuration changed is stopped and started anew. Errors are LspErrors in words.
import path from 'node:path';
import type { Logger } from '../base/log';
import { buildShellEnv } from '../process/shell-env';
import { handledExtensions, serverForFile, type LspServerConfig, type LspServers } from '../settings/lsp-settings';
import { exitWords, startLanguageServer, type LanguageServerClient, type StartOptions } from './client';
import { LspError } from './errors';

type Env = Readonly<Record<string, string | undefined>>;

/** One server ready for one file: requests go through it; a crash says the server starts again. */
export interface LanguageServerHandle {
  server: string;
  languageId: string;
  /** Sends the file's text to the server (open or changed) and returns its URI. */
  sync(absFile: string, text: string): string;
  request<R>(method: string, params: unknown, signal: AbortSignal): Promise<R>;
}

export interface LanguageServerStatus {
  name: string;
  state: 'stopped' | 'starting' | 'running' | 'crashed' | 'failed';
  restarts: number;
  lastError?: string;
}

export interface LanguageServers {
  /** Whether a configured server handles this file (by its extension); starts nothing. */
  handles(absFile: string): boolean;
  /** The extensions the configured servers handle (".ts"), for the error that names them. */
  extensions(): string[];
  /** The server that handles this file, running; null when no configured server handles its extension. */
  forFile(absFile: string): Promise<LanguageServerHandle | null>;
  status(): LanguageServerStatus[];
  dispose(): Promise<void>;
}

export interface LanguageServersOptions {
  projectDir: string;
  /** The project's servers now (its settings, re-read at each use). */
  servers: () => LspServers | undefined;
  /** The app's own environment, and the settings' `env` over it. */
  env: Env;
  settingsEnv?: () => Readonly<Record<string, string>>;
  log: Logger;
  /** Defaults: 30 s to start (a server's `startupTimeout` wins), 30 s per request. */
  startupTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Test seam. */
  start?: (opts: StartOptions) => Promise<LanguageServerClient>;
}

interface Entry {
  key: string;
  config: LspServerConfig;
  starting?: Promise<LanguageServerClient>;
  client?: LanguageServerClient;
  /** Starts after the first (after crashes or failed starts). */
  restarts: number;
  lastError?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createLanguageServers(opts: LanguageServersOptions): LanguageServers {
  const entries = new Map<string, Entry>();
  const start = opts.start ?? startLanguageServer;
  let disposed = false;

  const rootOf = (config: LspServerConfig) => path.resolve(opts.projectDir, config.workspaceFolder ?? '.');

  async function launch(entry: Entry): Promise<LanguageServerClient> {
    const { config } = entry;
    const env = buildShellEnv({ ...(opts.settingsEnv?.() ?? {}), ...config.env }, opts.env);
    const client = await start({
      config,
      root: rootOf(config),
      env,
      log: opts.log,
      startupTimeoutMs: config.startupTimeout ?? opts.startupTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      requestTimeoutMs: opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    if (disposed) {
      await client.stop();
      throw new LspError('aborted', 'Agent Desk is closing.');
    }
    void client.ended.then((exit) => {
      if (!exit.expected && entry.client === client) entry.lastError = `it ${exitWords(exit)}`;
    });
    return client;
  }

  function cannotRestart(entry: Entry): LspError | null {
    const { config } = entry;
    if (entry.restarts === 0) return null;
    if (!config.restartOnCrash) return new LspError('gave_up', `The language server "${config.name}" stopped and is not started again (lspServers.${config.name}.restartOnCrash is false). ${entry.lastError ?? ''}`.trim());
    if (entry.restarts > config.maxRestarts) return new LspError('gave_up', `The language server "${config.name}" failed ${entry.restarts} times and is not started again (lspServers.${config.name}.maxRestarts is ${config.maxRestarts}). Last: ${entry.lastError ?? 'unknown'}. Fix the server or its settings; a changed setting starts it anew.`);
    return null;
  }

  async function running(entry: Entry): Promise<LanguageServerClient> {
    if (entry.client?.running()) return entry.client;
    if (entry.starting) return entry.starting;
    if (entry.client) entry.restarts += 1;
    const refusal = cannotRestart(entry);
    if (refusal) throw refusal;
    entry.client = undefined;
    const starting = launch(entry);
    entry.starting = starting;
    try {
      entry.client = await starting;
      return entry.client;
    } catch (err) {
      // A failed start counts like a crash: the next use tries again, up to maxRestarts.
      entry.restarts += 1;
      entry.lastError = err instanceof Error ? err.message : String(err);
      throw err instanceof LspError ? err : new LspError('start_failed', entry.lastError);
    } finally {
      entry.starting = undefined;
    }
  }

  function entryFor(config: LspServerConfig): Entry {
    const key = JSON.stringify(config);
    const known = entries.get(config.name);
    if (known && known.key === key) return known;
    // Its settings changed: the old process goes, the new one starts with a clean count.
    if (known?.client) void known.client.stop();
    const entry: Entry = { key, config, restarts: 0 };
    entries.set(config.name, entry);
    return entry;
  }

  return {
    handles: (absFile) => serverForFile(opts.servers(), absFile) !== null,
    extensions: () => handledExtensions(opts.servers()),
    async forFile(absFile) {
      if (disposed) throw new LspError('aborted', 'Agent Desk is closing.');
      const match = serverForFile(opts.servers(), absFile);
      if (!match) return null;
      const entry = entryFor(match.server);
      const client = await running(entry).catch((err: unknown) => {
        if (err instanceof LspError && err.kind !== 'gave_up') {
          throw new LspError(err.kind, `The language server "${entry.config.name}" could not start: ${err.message}`);
        }
        throw err;
      });
      const { config } = entry;
      return {
        server: config.name,
        languageId: match.languageId,
        sync: (file, text) => client.sync(file, match.languageId, text),
        async request<R>(method: string, params: unknown, signal: AbortSignal) {
          try {
            return await client.request<R>(method, params, signal);
          } catch (err) {
            if (err instanceof LspError && err.kind === 'crashed') {
              const next = config.restartOnCrash && entry.restarts < config.maxRestarts ? ' It is started again at the next LSP call.' : '';
              throw new LspError('crashed', `${err.message}${next}`);
            }
            throw err;
          }
        },
      };
    },
    status() {
      return [...entries.values()].map((e) => ({
        name: e.config.name,
        state: e.starting ? 'starting' : e.client?.running() ? 'running' : e.client ? 'crashed' : e.lastError ? 'failed' : 'stopped',
        restarts: e.restarts,
        ...(e.lastError ? { lastError: e.lastError } : {}),
      }));
    },
    async dispose() {
      disposed = true;
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(
        all.map(async (e) => {
          const client = e.client ?? (await e.starting?.catch(() => undefined));
          await client?.stop().catch((err: unknown) => opts.log.warn(`language server ${e.config.name} did not stop cleanly`, err));
        }),
      );
    },
  };
}
