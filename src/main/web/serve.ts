// `agent-desk serve [DIR]`: check the folder, build the engine core for the web host, start the
// server, print the one line with the tokenised URL, and shut down cleanly on SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type SecretStore } from '../app/core';
import { createFileSecretStore } from '../app/file-secrets';
import { defaultDataDir } from '../base/data-paths';
import { createLogger } from '../base/log';
import type { AuthService, EventBus, HostPort } from '../app/ports';
import type { Logger } from '../base/log';
import type { Dispatcher } from '../ipc/dispatch';
import { TOKEN_PARAM } from '../../shared/ipc/wire';
import { isLoopback, urlHost } from './access';
import { createWebHostPort } from './host-port';
import type { WorkerCommand } from '../app/background/local-host';
import { startWebServer } from './server';

export interface ServeOptions {
  /** The project folder; empty or omitted means the current directory. */
  dir?: string;
  port?: number;
  host?: string;
  token?: string;
  /** The person serving the folder trusts it: its own settings count without the trust dialog (PX4). */
  trustFolder?: boolean;
  /** How this program runs a background task's worker (the CLI's own command); absent: tasks cannot start here. */
  backgroundWorker?: WorkerCommand;
}

/** What serve needs of the core (a subset of `Core` from app/core.ts). */
export interface ServeCore {
  dispatcher: Dispatcher;
  bus: EventBus;
  auth: Pick<AuthService, 'status'>;
  /** Start-up notices (a broken settings file…) that clients connecting later should still see. */
  notices?: readonly { level: 'info' | 'warn' | 'error'; message: string }[];
  /** A browser tab closed its socket: what it owned (its terminals) ends. */
  clientClosed?(clientId: string): Promise<void>;
  dispose(): Promise<void>;
}

/** Seams for tests; the CLI passes none. */
export interface ServeDeps {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  /** Called with 0 after a signal-initiated shutdown (default: process.exit). */
  exit?: (code: number) => void;
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  staticDir?: string;
  log?: Logger;
  createCore?: (opts: { host: HostPort; env?: NodeJS.ProcessEnv; log?: Logger; folderTrust?: 'ask' | 'all'; dataDir?: string; secrets?: SecretStore; backgroundWorker?: WorkerCommand }) => Promise<ServeCore>;
}

const DEFAULT_HOST = '127.0.0.1';

/**
 * The built renderer beside the built CLI bundle: out/main/cli.js → out/renderer. This module may be
 * bundled into out/main/ or a chunk under out/main/chunks/, so look upward for the first build.
 */
export function defaultStaticDir(env: NodeJS.ProcessEnv = process.env, here = moduleDir()): string {
  if (env.AGENT_DESK_STATIC_DIR) return path.resolve(env.AGENT_DESK_STATIC_DIR);
  const candidates = [path.resolve(here, '../renderer'), path.resolve(here, '../../renderer')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

function moduleDir(): string {
  return typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
}

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The line e2e tests parse; keep its shape. */
export function runningLine(host: string, port: number, token: string): string {
  return `Agent Desk is running at http://${urlHost(host)}:${port}/?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

async function resolveProjectDir(dir: string): Promise<string | { error: string }> {
  try {
    const st = await stat(dir);
    if (!st.isDirectory()) return { error: `not a directory: ${dir}` };
    return await realpath(dir);
  } catch {
    return { error: `no such directory: ${dir}` };
  }
}

/**
 * Resolves after a signal-initiated shutdown (then calls `exit(0)`), or right away when startup
 * fails — after printing one error line to stderr and setting `process.exitCode = 1`.
 */
export async function runServe(opts: ServeOptions, deps: ServeDeps = {}): Promise<void> {
  const env = deps.env ?? process.env;
  const out = deps.stdout ?? ((line: string) => process.stdout.write(line + '\n'));
  const err = deps.stderr ?? ((line: string) => process.stderr.write(line + '\n'));
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  const signals = deps.signals ?? process;
  const log = deps.log ?? createLogger({ level: env.AGENT_DESK_LOG });
  const fail = (message: string): void => {
    err(`agent-desk serve: ${message}`);
    process.exitCode = 1;
  };

  const projectDir = await resolveProjectDir(path.resolve(deps.cwd ?? process.cwd(), opts.dir || '.'));
  if (typeof projectDir !== 'string') return fail(projectDir.error);
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) return fail(`invalid port: ${String(opts.port)}`);
  const host = opts.host || DEFAULT_HOST;
  const token = opts.token || env.AGENT_DESK_TOKEN || generateToken();
  if (token.length < 16) err('agent-desk serve: warning: the access token is short; anyone who guesses it controls the agent.');
  if (!isLoopback(host)) err(`agent-desk serve: warning: listening on ${host}; anyone who can reach it and has the token can drive the agent.`);

  let core: ServeCore;
  try {
    const make = deps.createCore ?? ((o) => createCore(o));
    // A key typed on the first screen is kept on this machine, like the desktop app keeps it.
    const dataDir = defaultDataDir({ env });
    core = await make({ host: createWebHostPort(), env, log, folderTrust: opts.trustFolder ? 'all' : 'ask', dataDir, secrets: createFileSecretStore({ dataDir }), ...(opts.backgroundWorker ? { backgroundWorker: opts.backgroundWorker } : {}) });
  } catch (e) {
    return fail(`could not start: ${e instanceof Error ? e.message : String(e)}`);
  }

  let server: Awaited<ReturnType<typeof startWebServer>>;
  try {
    server = await startWebServer({
      dispatcher: core.dispatcher,
      bus: core.bus,
      projectDir,
      staticDir: deps.staticDir ?? defaultStaticDir(env),
      host,
      port,
      token,
      log,
      notices: () => core.notices ?? [],
      onClientClosed: (clientId) => void core.clientClosed?.(clientId).catch((e: unknown) => log.warn(`web: cleaning up after ${clientId} failed`, e)),
    });
  } catch (e) {
    await core.dispose().catch(() => {});
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'EADDRINUSE') return fail(`port ${port} on ${host} is already in use`);
    return fail(`could not listen on ${host}:${port}: ${e instanceof Error ? e.message : String(e)}`);
  }

  out(runningLine(host, server.port, token));
  if (!core.auth.status().configured) {
    err('No API key yet: enter one on the app\'s first screen (it is kept on this machine), or set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN) in the environment and restart.');
  }

  await new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (sig: string) => {
      if (stopping) return exit(0); // a second Ctrl-C: stop waiting for a slow shutdown
      stopping = true;
      log.info(`web: ${sig}, shutting down`);
      void (async () => {
        await server.close().catch((e: unknown) => log.error('web: closing the server failed', e));
        await core.dispose().catch((e: unknown) => log.error('web: disposing the core failed', e));
        signals.off('SIGINT', onSignal);
        signals.off('SIGTERM', onSignal);
        resolve();
      })();
    };
    signals.on('SIGINT', onSignal);
    signals.on('SIGTERM', onSignal);
  });
  exit(0);
}
