// One running language server: its process over stdio, the JSON-RPC connection (vscode-languageserver-
// protocol), the initialize handshake within `startupTimeout`, the documents it has open (sent whole:
// didOpen, then didChange when the text on disk changed), requests with Stop and a time limit, and its
// end — a polite shutdown/exit, or a crash that fails every request in flight with words.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { InitializeResult, ServerCapabilities } from 'vscode-languageserver-protocol';
import type { Logger } from '../base/log';
import { killTree } from '../process/kill-tree';
import type { LspServerConfig } from '../settings/lsp-settings';
import { clientCapabilities } from './capabilities';
import { LspError } from './errors';
import { lspProtocol } from './protocol';
import { answerServerRequest } from './server-requests';

export interface ServerExit {
  code: number | null;
  signal: string | null;
  /** We asked it to stop (shutdown, the session's or the app's end). */
  expected: boolean;
  /** The end of what it wrote to stderr, for the error the person reads. */
  stderr: string;
}

export interface LanguageServerClient {
  readonly name: string;
  /** Its process id (the status line, tests that check it ended). */
  readonly pid: number | undefined;
  readonly capabilities: ServerCapabilities;
  request<R>(method: string, params: unknown, signal: AbortSignal): Promise<R>;
  /** Opens the document in the server, or sends its new text when it changed; returns its URI. */
  sync(absFile: string, languageId: string, text: string): string;
  readonly ended: Promise<ServerExit>;
  running(): boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  config: LspServerConfig;
  /** The workspace folder the server indexes (absolute). */
  root: string;
  /** The whole environment the server gets. */
  env: Record<string, string>;
  log: Logger;
  startupTimeoutMs: number;
  requestTimeoutMs: number;
}

const STDERR_KEEP = 2_000;
const DEFAULT_SHUTDOWN_MS = 5_000;

function spawnFailure(config: LspServerConfig, err: NodeJS.ErrnoException): LspError {
  if (err.code === 'ENOENT') return new LspError('not_found', `the command "${config.command}" was not found. Install the language server, or fix lspServers.${config.name}.command in ${config.file}.`);
  if (err.code === 'EACCES') return new LspError('not_found', `the command "${config.command}" cannot be run (permission denied). Fix lspServers.${config.name}.command in ${config.file}.`);
  return new LspError('start_failed', `it could not be started: ${err.message}`);
}

export function exitWords(exit: ServerExit): string {
  const how = exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
  const said = exit.stderr.trim() ? ` Its last words: ${exit.stderr.trim().split('\n').slice(-3).join(' | ')}` : '';
  return `${how}.${said}`;
}

/** Starts the server and completes the initialize handshake; rejects with an LspError in plain words. */
export async function startLanguageServer(opts: StartOptions): Promise<LanguageServerClient> {
  const { config, root, log } = opts;
  const rpc = lspProtocol();
  // spawn says ENOENT for a missing working folder too: tell it apart from a missing command.
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new LspError('start_failed', `its workspace folder ${root} does not exist (lspServers.${config.name}.workspaceFolder in ${config.file}).`);
  }
  const child = spawn(config.command, config.args, { cwd: root, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  // A server that dies closes its pipes: writes then fail with EPIPE, which must not reach the process.
  child.stdin.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) => reject(spawnFailure(config, err)));
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP);
  });
  let stopping = false;
  const ended = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, expected: stopping, stderr }));
  });
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  connection.onRequest((method, params) => answerServerRequest(method, params, { root, settings: config.settings }));
  connection.onNotification(() => undefined);
  connection.onError(([err]) => log.debug(`language server ${config.name}: ${err.message}`));
  connection.listen();
  let exited: ServerExit | undefined;
  void ended.then((e) => {
    exited = e;
    connection.dispose();
    if (!e.expected) log.warn(`language server ${config.name} ${exitWords(e)}`);
  });

  /** Rejects when the server ends; raced against a request, so a later end is nobody's unhandled rejection. */
  const crashed = (what: string) => {
    const p = ended.then((e): never => {
      throw new LspError('crashed', `the language server "${config.name}" stopped ${what}: it ${exitWords(e)}`);
    });
    p.catch(() => undefined);
    return p;
  };
  const within = <T>(p: Promise<T>, ms: number, words: string, onTimeout?: () => void): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout?.();
        reject(new LspError('timeout', words));
      }, ms);
    });
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  };

  const rootUri = pathToFileURL(root).href;
  let init: InitializeResult;
  try {
    init = await within(
      Promise.race([
        connection.sendRequest(rpc.InitializeRequest.type, {
          processId: process.pid,
          clientInfo: { name: 'Agent Desk' },
          rootUri,
          rootPath: root,
          workspaceFolders: [{ uri: rootUri, name: path.basename(root) }],
          capabilities: clientCapabilities(),
          initializationOptions: (config.initializationOptions ?? null) as object | null,
        }),
        crashed('while starting'),
      ]),
      opts.startupTimeoutMs,
      `the language server "${config.name}" did not finish starting within ${Math.round(opts.startupTimeoutMs / 1000)} s (lspServers.${config.name}.startupTimeout).`,
    );
  } catch (err) {
    stopping = true;
    if (child.pid) await killTree(child.pid, { graceMs: 500 }).catch(() => undefined);
    throw err instanceof LspError ? err : new LspError('start_failed', `the language server "${config.name}" refused to start: ${err instanceof Error ? err.message : String(err)}`);
  }
  await connection.sendNotification(rpc.InitializedNotification.type, {});
  if (config.settings !== undefined) await connection.sendNotification(rpc.DidChangeConfigurationNotification.type, { settings: config.settings });

  const docs = new Map<string, { version: number; text: string }>();
  return {
    name: config.name,
    pid: child.pid,
    capabilities: init.capabilities ?? {},
    ended,
    running: () => exited === undefined,
    sync(absFile, languageId, text) {
      const uri = pathToFileURL(absFile).href;
      const open = docs.get(uri);
      if (!open) {
        docs.set(uri, { version: 1, text });
        void connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } }).catch(() => undefined);
      } else if (open.text !== text) {
        open.version += 1;
        open.text = text;
        void connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, { textDocument: { uri, version: open.version }, contentChanges: [{ text }] }).catch(() => undefined);
      }
      return uri;
    },
    async request<R>(method: string, params: unknown, signal: AbortSignal): Promise<R> {
      if (exited) throw new LspError('crashed', `the language server "${config.name}" has stopped: it ${exitWords(exited)}`);
      const cts = new rpc.CancellationTokenSource();
      let onAbort = () => undefined as void;
      const stop = new Promise<never>((_, reject) => {
        onAbort = () => {
          cts.cancel();
          reject(new LspError('aborted', 'The request was stopped.'));
        };
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      stop.catch(() => undefined);
      try {
        return await within(
          Promise.race([connection.sendRequest(method, params, cts.token) as Promise<R>, crashed('while answering'), stop]),
          opts.requestTimeoutMs,
          `the language server "${config.name}" did not answer ${method} within ${Math.round(opts.requestTimeoutMs / 1000)} s.`,
          () => cts.cancel(),
        );
      } catch (err) {
        if (err instanceof LspError) throw err;
        // The pipes close before the process is reaped: a request cut off that way is the crash's.
        const exit = await Promise.race([ended, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1_000).unref())]);
        if (exit && !exit.expected) throw new LspError('crashed', `the language server "${config.name}" stopped while answering: it ${exitWords(exit)}`);
        throw new LspError('request_failed', `the language server "${config.name}" could not answer ${method}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        signal.removeEventListener('abort', onAbort);
        cts.dispose();
      }
    },
    async stop() {
      if (exited) return;
      stopping = true;
      const grace = config.shutdownTimeout ?? DEFAULT_SHUTDOWN_MS;
      try {
        await within(connection.sendRequest(rpc.ShutdownRequest.type), grace, 'shutdown');
        await connection.sendNotification(rpc.ExitNotification.type);
        await within(ended, grace, 'exit');
      } catch {
        // It did not go quietly: end it and whatever it started.
      }
      if (!exited && child.pid) await killTree(child.pid, { graceMs: 1_000 }).catch(() => undefined);
      await ended;
    },
  };
}
