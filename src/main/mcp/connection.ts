// One MCP server's connection (MC3): pending → connected | failed | needs-auth, disabled by the person.
// The client is memoised; when a connected server goes away (a stdio server crashed, a network server
// dropped) it is reconnected with backoff and its tools come back; `list_changed` refreshes them.
// A remote server that asks for a sign-in waits in needs-auth (pending while the person signs in).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpSdk } from './sdk';
import type { Logger } from '../base/log';
import type { ConnectionAuth } from './oauth/provider';
import { answerElicitations, clientCapabilities, type Elicit } from './elicitation-client';
import type { McpServerEntry } from './config';
import { createTransport } from './transport';

export type McpServerState = 'pending' | 'connected' | 'failed' | 'needs-auth' | 'disabled';

export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };
  annotations?: McpToolAnnotations;
}

export interface ConnectionOptions {
  cwd: string;
  log: Logger;
  /** Called on every change of state or tools. */
  onChange: () => void;
  /** In-process server for an `sdk` entry. */
  sdkServer?: () => Promise<Transport>;
  /** Connecting gives up after this long (Claude Code's MCP_TIMEOUT; default 30 s). */
  connectTimeoutMs?: number;
  /** First reconnect delay; doubled each time up to 30 s (default 1 s). */
  backoffMs?: number;
  /** Reconnect attempts after a connected server went away before it counts as failed (default 6). */
  maxReconnects?: number;
  /** Test seam: the transport factory. */
  transport?: typeof createTransport;
  /** OAuth for a remote server: its saved sign-in sent and renewed. */
  auth?: ConnectionAuth;
  /** Where the server's questions become a form (absent: headless, they are declined). */
  elicit?: Elicit;
}

const CLIENT_INFO = { name: 'agent-desk', version: '1' };
const MAX_BACKOFF_MS = 30_000;
const STDERR_KEPT = 2_000;

export interface ServerConnection {
  readonly entry: McpServerEntry;
  state(): McpServerState;
  lastError(): string | undefined;
  tools(): readonly McpToolInfo[];
  hasResources(): boolean;
  /** The connected client; starts connecting when idle (memoised while pending or connected). */
  client(): Promise<Client>;
  connect(): Promise<void>;
  reconnect(): Promise<void>;
  /** The person is signing in: pending until they finish. */
  awaitSignIn(): void;
  /** The sign-in is missing, ran out or failed: needs-auth, with what to say (plain words) if any. */
  needSignIn(words?: string): void;
  disable(reason?: string): Promise<void>;
  close(): Promise<void>;
}

function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

export function needsAuth(err: unknown): boolean {
  if (err instanceof mcpSdk.auth().UnauthorizedError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return code === 401;
}

export function createConnection(entry: McpServerEntry, opts: ConnectionOptions): ServerConnection {
  let state: McpServerState = entry.disabledReason ? 'disabled' : 'pending';
  let lastError: string | undefined = entry.disabledReason;
  let tools: McpToolInfo[] = [];
  let current: Client | undefined;
  let connecting: Promise<Client> | undefined;
  let stopped = false;
  let reconnects = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let stderr = '';
  const makeTransport = opts.transport ?? createTransport;

  const set = (next: McpServerState, error?: string) => {
    state = next;
    lastError = error;
    opts.onChange();
  };

  async function refreshTools(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.tools) {
      tools = [];
      return;
    }
    const all: McpToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      all.push(...(page.tools as McpToolInfo[]));
      cursor = page.nextCursor;
    } while (cursor);
    tools = all;
  }

  function scheduleReconnect(): void {
    if (stopped || state === 'disabled') return;
    const max = opts.maxReconnects ?? 6;
    if (reconnects >= max) {
      set('failed', `${lastError ?? 'The server stopped'}; gave up after ${max} attempts to reconnect.`);
      return;
    }
    const delay = Math.min((opts.backoffMs ?? 1_000) * 2 ** reconnects, MAX_BACKOFF_MS);
    reconnects++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => undefined,
        () => scheduleReconnect(),
      );
    }, delay);
    retryTimer.unref?.();
  }

  async function open(): Promise<Client> {
    stderr = '';
    const transport = await makeTransport(entry.config, {
      cwd: opts.cwd,
      ...(opts.sdkServer ? { sdkServer: opts.sdkServer } : {}),
      ...(opts.auth ? { authProvider: opts.auth } : {}),
      onStderr: (text) => (stderr = (stderr + text).slice(-STDERR_KEPT)),
    });
    const client = new (mcpSdk.client().Client)(CLIENT_INFO, { capabilities: clientCapabilities(opts.elicit) });
    answerElicitations(client, entry.name, opts.elicit, opts.log);
    client.setNotificationHandler(mcpSdk.types().ToolListChangedNotificationSchema, async () => {
      try {
        await refreshTools(client);
      } catch (err) {
        opts.log.warn(`MCP server ${entry.name}: could not refresh its tools: ${describeError(err)}`);
      }
      opts.onChange();
    });
    const timeoutMs = opts.connectTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.connect(transport),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
        }),
      ]);
      await refreshTools(client);
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    } finally {
      clearTimeout(timer);
    }
    // Set after connecting: a close during the handshake is the failure already being reported.
    client.onclose = () => {
      if (current !== client) return;
      current = undefined;
      tools = [];
      if (stopped || state === 'disabled' || state === 'needs-auth') return;
      const why = stderr.trim().split('\n').pop();
      set('pending', `The server stopped${why ? ` (${why})` : ''}; reconnecting.`);
      scheduleReconnect();
    };
    return client;
  }

  function connect(): Promise<Client> {
    if (current) return Promise.resolve(current);
    if (connecting) return connecting;
    if (state === 'disabled') return Promise.reject(new Error(lastError ?? 'turned off'));
    if (state !== 'pending') set('pending', lastError);
    connecting = open().then(
      (client) => {
        connecting = undefined;
        if (stopped) {
          void client.close();
          throw new Error('stopped');
        }
        current = client;
        reconnects = 0;
        set('connected');
        return client;
      },
      (err: unknown) => {
        connecting = undefined;
        const why = stderr.trim().split('\n').pop();
        const message = describeError(err) + (why && !describeError(err).includes(why) ? ` (${why})` : '');
        if (needsAuth(err)) needSignIn();
        else set('failed', message);
        throw err;
      },
    );
    return connecting;
  }

  /** Why a sign-in is needed, beyond "needs you to sign in", if there is more to say. */
  function signInWords(): string | undefined {
    if (!opts.auth) return 'The server asks for a sign-in, which Agent Desk offers only for servers reached over HTTP or SSE.';
    const failure = opts.auth.renewalFailure();
    return failure ? `Your sign-in ran out and could not be renewed (${failure}). Sign in again.` : undefined;
  }

  function needSignIn(words = signInWords()): void {
    if (stopped || state === 'disabled') return;
    const c = current;
    // Cleared first, so its close is not taken for a crash to recover from.
    current = undefined;
    tools = [];
    clearTimeout(retryTimer);
    retryTimer = undefined;
    void c?.close().catch(() => undefined);
    if (state !== 'needs-auth') opts.log.warn(`MCP server ${entry.name} needs you to sign in (Connected tools → Sign in); its tools are not offered until then.${words ? ` ${words}` : ''}`);
    set('needs-auth', words);
  }

  async function closeClient(): Promise<void> {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const c = current;
    current = undefined;
    tools = [];
    await c?.close().catch(() => undefined);
  }

  return {
    entry,
    state: () => state,
    lastError: () => lastError,
    tools: () => tools,
    hasResources: () => !!current?.getServerCapabilities()?.resources,
    client: () => {
      if (current) return Promise.resolve(current);
      if (connecting) return connecting;
      return Promise.reject(new Error(`The server "${entry.name}" is not connected (${state}${lastError ? `: ${lastError}` : ''}).`));
    },
    connect: () => connect().then(() => undefined),
    async reconnect() {
      if (stopped) return;
      await closeClient();
      reconnects = 0;
      state = 'pending';
      lastError = undefined;
      await connect().then(() => undefined);
    },
    awaitSignIn() {
      if (stopped || state === 'disabled') return;
      set('pending');
    },
    needSignIn: (words) => needSignIn(words),
    async disable(reason = 'Turned off by you.') {
      await closeClient();
      set('disabled', reason);
    },
    async close() {
      stopped = true;
      await closeClient();
    },
  };
}
