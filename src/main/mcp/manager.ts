// A project's MCP servers: its configs loaded, one connection per server, their tools and resources,
// tool calls with the session's Stop, and a change signal for the tool pool and the servers list.
// Every tool definition is pinned when first seen; a tool whose definition later changes is withheld
// until the person accepts the new version (issue 17 item 5). A remote server that asks for a sign-in
// is signed in to with OAuth when the person asks (item 4).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { mcpSdk } from './sdk';
import type { Logger } from '../base/log';
import type { McpScope, McpServerEntry, McpTransportType, ParsedServers } from './config';
import { createConnection, needsAuth, type ConnectionOptions, type McpServerState, type McpToolInfo, type ServerConnection } from './connection';
import { createCredentialStore, type McpCredentialStore } from './oauth/credentials';
import { createServerAuth, type ServerAuth, type ServerAuthOptions } from './oauth/server-auth';
import { comparePins, estimateTokens, type ToolChange } from './pins';
import { createMcpStateStore, type McpProjectState } from './project-state';
import { CallsInFlight, type McpCaller } from './calls-in-flight';

export interface McpServerStatus {
  name: string;
  scope: McpScope;
  transport: McpTransportType;
  state: McpServerState;
  toolCount: number;
  /** About what its offered tools' definitions cost per request (characters / 4). */
  tokens: number;
  /** Its tools are handed to ToolSearch instead of sent with every request. */
  deferred: boolean;
  /** Tools withheld because their definition changed since it was approved. */
  changedTools: string[];
  lastError?: string;
  file: string;
  /** A remote server (HTTP, SSE): whether a sign-in is saved for it. */
  signedIn?: boolean;
  /** The page of the sign-in under way, which the person opens to finish it. */
  signInUrl?: string;
}

export interface McpManagerOptions {
  projectDir: string;
  load: () => Promise<ParsedServers>;
  log: Logger;
  /** In-process servers (MC2 `sdk`), by name: they join the configured ones. */
  sdkServers?: Record<string, () => Promise<Transport>>;
  /** A config problem for the person (a broken file, an unset variable). */
  onWarning?: (message: string) => void;
  /** Tool calls give up after this long (Claude Code's MCP_TOOL_TIMEOUT; default 30 min). */
  toolTimeoutMs?: number;
  connection?: Pick<ConnectionOptions, 'connectTimeoutMs' | 'backoffMs' | 'maxReconnects' | 'transport'>;
  /** Approved tool definitions and per-server choices, kept across restarts (default: this run only). */
  state?: McpProjectState;
  /** Shows a server's question as a form (absent: headless, questions are declined). */
  elicit?: ConnectionOptions['elicit'];
  /** The app's saved sign-ins (default: this run only). */
  credentials?: McpCredentialStore;
  /** Sign-in seams: the clock tokens expire by, how long the person has in the browser. */
  oauth?: { now?: () => number; signInTimeoutMs?: number; transport?: ServerAuthOptions['transport'] };
}

export interface McpManager {
  /** Settles once every server that may start has connected or failed (first load). */
  ready(): Promise<void>;
  list(): McpServerStatus[];
  /** Tools of the connected servers, less those withheld for a changed definition. */
  tools(): Array<{ server: string; tool: McpToolInfo; deferred: boolean }>;
  /** The tool's definition changed and the person has not accepted it yet. */
  isWithheld(server: string, tool: string): boolean;
  /** The changed definitions of a server's tools, old and new (undefined: no such server). */
  changes(server: string): ToolChange[] | undefined;
  /** Accept the new definition the person saw (by its hash); false if it is not (or no longer) that one. */
  accept(server: string, tool: string, hash: string): boolean;
  /** Hand the server's tools to ToolSearch (or send them with every request again). */
  setDeferred(server: string, on: boolean): boolean;
  /** Bumped on every change: the tool adapter rebuilds its tools only then. */
  version(): number;
  /** Servers whose resources can be listed now. */
  resourceServers(): string[];
  /** `caller`: the conversation's call it runs for, so a question the server asks meanwhile is that call's. */
  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal, caller?: McpCaller): Promise<CallToolResult>;
  listResources(server: string, signal: AbortSignal): Promise<Resource[]>;
  readResource(server: string, uri: string, signal: AbortSignal): Promise<ReadResourceResult>;
  reconnect(name: string): Promise<boolean>;
  /**
   * Starts signing in to a remote server: the page the person opens to finish ('unknown' / 'unsupported':
   * no such server / not one reached over HTTP or SSE). Rejects with words when it cannot start.
   */
  signIn(name: string): Promise<{ url?: string } | 'unknown' | 'unsupported'>;
  /** Stops the sign-in under way; false when there was none. */
  cancelSignIn(name: string): boolean;
  /** Forgets the server's saved sign-in; false for an unknown server or one without sign-in. */
  signOut(name: string): Promise<boolean>;
  disable(name: string): Promise<boolean>;
  /** Turn a server the person turned off on again: 'blocked' when the settings turn it off. */
  enable(name: string): Promise<'ok' | 'unknown' | 'blocked'>;
  /** The configs changed (the folder was trusted): load again, restart what changed. */
  reload(): Promise<void>;
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

/** A streamable HTTP session can expire (404 + JSON-RPC -32001): reconnect and retry once (MC3). */
function sessionExpired(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 404 || (typeof e?.message === 'string' && /-32001|session not found/i.test(e.message));
}

export function createMcpManager(opts: McpManagerOptions): McpManager {
  const connections = new Map<string, ServerConnection>();
  const listeners = new Set<() => void>();
  let version = 0;
  let closed = false;
  const state = opts.state ?? createMcpStateStore(null).forProject(opts.projectDir);
  /** server → its tools' changed definitions; `seen` is the tool list they were computed from. */
  const withheld = new Map<string, ToolChange[]>();
  const seen = new Map<string, readonly McpToolInfo[]>();
  const reconcile = () => {
    for (const c of connections.values()) {
      const name = c.entry.name;
      const tools = c.tools();
      if (c.state() !== 'connected' || seen.get(name) === tools) continue;
      seen.set(name, tools);
      const { added, changed } = comparePins(state.pins(name), tools);
      if (Object.keys(added).length > 0) state.pin(name, added);
      withheld.set(name, changed);
      for (const ch of changed) opts.log.warn(`MCP server ${name}: the tool ${ch.tool} changed since it was approved; it is withheld until accepted.`);
    }
  };
  const isWithheld = (server: string, tool: string) => withheld.get(server)?.some((ch) => ch.tool === tool) === true;
  const changed = () => {
    reconcile();
    version++;
    for (const l of listeners) {
      try {
        l();
      } catch (err) {
        opts.log.warn('an MCP change listener failed', err);
      }
    }
  };

  const credentials = opts.credentials ?? createCredentialStore({ file: { where: 'memory', read: async () => null, write: async () => undefined }, log: opts.log });
  const auths = new Map<string, ServerAuth>();
  const inFlight = new CallsInFlight();
  // A question is the call's that runs on its server when it arrives (none: the project's).
  const elicit: ConnectionOptions['elicit'] = opts.elicit && ((request, signal) => {
    const caller = inFlight.newest(request.server);
    return opts.elicit!({ ...request, ...(caller ? { caller } : {}) }, signal);
  });

  const newConnection = (entry: McpServerEntry): ServerConnection => {
    const sdkServer = opts.sdkServers?.[entry.name];
    const config = entry.config;
    const auth =
      config.type === 'http' || config.type === 'sse'
        ? createServerAuth({ name: entry.name, config, cwd: opts.projectDir, store: credentials, log: opts.log, now: opts.oauth?.now ?? Date.now, ...(opts.oauth?.signInTimeoutMs ? { signInTimeoutMs: opts.oauth.signInTimeoutMs } : {}), ...(opts.oauth?.transport ? { transport: opts.oauth.transport } : {}) })
        : undefined;
    if (auth) auths.set(entry.name, auth);
    else auths.delete(entry.name);
    return createConnection(entry, { cwd: opts.projectDir, log: opts.log, onChange: changed, ...(sdkServer ? { sdkServer } : {}), ...(auth ? { auth: auth.provider } : {}), ...(elicit ? { elicit } : {}), ...opts.connection });
  };

  const sameConfig = (a: McpServerEntry, b: McpServerEntry) => JSON.stringify([a.config, a.disabledReason]) === JSON.stringify([b.config, b.disabledReason]);

  async function load(): Promise<void> {
    let parsed: ParsedServers;
    try {
      parsed = await opts.load();
    } catch (err) {
      opts.onWarning?.(`Could not read the MCP server settings: ${err instanceof Error ? err.message : String(err)}`);
      parsed = { servers: [], warnings: [] };
    }
    for (const w of parsed.warnings) opts.onWarning?.(w);
    const entries: McpServerEntry[] = [...parsed.servers];
    for (const name of Object.keys(opts.sdkServers ?? {})) {
      if (!entries.some((e) => e.name === name)) entries.push({ name, scope: 'dynamic', file: 'in-process', config: { type: 'sdk' } });
    }
    const wanted = new Map(entries.map((e) => [e.name, e]));
    const stopping: Promise<void>[] = [];
    for (const [name, conn] of connections) {
      const next = wanted.get(name);
      if (next && sameConfig(conn.entry, next)) {
        wanted.delete(name);
        continue;
      }
      connections.delete(name);
      auths.get(name)?.cancel();
      auths.delete(name);
      stopping.push(conn.close());
    }
    await Promise.all(stopping);
    if (closed) return;
    const starting: Promise<void>[] = [];
    for (const entry of wanted.values()) {
      const conn = newConnection(entry);
      connections.set(entry.name, conn);
      // Turned off by the person last time: stays off until turned on (not started at all).
      if (conn.state() !== 'disabled' && state.disabled(entry.name)) starting.push(conn.disable());
      else if (conn.state() !== 'disabled') starting.push(conn.connect().catch(() => undefined));
    }
    changed();
    await Promise.all(starting);
  }

  const first = load();

  const conn = (name: string): ServerConnection => {
    const c = connections.get(name);
    if (!c) throw new Error(`There is no MCP server named "${name}".`);
    return c;
  };

  async function withClient<T>(server: string, run: (client: Awaited<ReturnType<ServerConnection['client']>>) => Promise<T>): Promise<T> {
    const c = conn(server);
    try {
      return await run(await c.client());
    } catch (err) {
      // The sign-in ran out and could not be renewed: the server waits for the person (needs-auth).
      if (needsAuth(err)) c.needSignIn();
      if (!sessionExpired(err)) throw err;
      await c.reconnect();
      return run(await c.client());
    }
  }

  async function reconnect(name: string): Promise<boolean> {
    const c = connections.get(name);
    if (!c) return false;
    if (c.state() === 'disabled') {
      // Turned on again: a fresh connection with the declared entry (its own block, if any, stays).
      const entry = { ...c.entry };
      if (entry.disabledReason) return false;
      connections.delete(name);
      await c.close();
      const fresh = newConnection(entry);
      connections.set(name, fresh);
      state.setDisabled(name, false);
      await fresh.connect().catch(() => undefined);
      return true;
    }
    await c.reconnect().catch(() => undefined);
    return true;
  }

  const signInStatus = (name: string): Pick<McpServerStatus, 'signedIn' | 'signInUrl'> => {
    const a = auths.get(name);
    if (!a) return {};
    const url = a.signInUrl();
    return { signedIn: a.signedIn(), ...(url ? { signInUrl: url } : {}) };
  };

  async function signIn(name: string): Promise<{ url?: string } | 'unknown' | 'unsupported'> {
    const c = connections.get(name);
    if (!c) return 'unknown';
    const a = auths.get(name);
    if (!a || c.state() === 'disabled') return 'unsupported';
    try {
      return await a.signIn({
        waiting: () => c.awaitSignIn(),
        signedIn: () => void c.reconnect().catch(() => undefined),
        failed: (words) => c.needSignIn(words),
      });
    } catch (err) {
      const words = err instanceof Error ? err.message : String(err);
      c.needSignIn(words);
      throw new Error(words);
    }
  }

  const offered = (c: ServerConnection) => (c.state() === 'connected' ? c.tools().filter((t) => !isWithheld(c.entry.name, t.name)) : []);

  return {
    ready: () => first,
    list: () =>
      [...connections.values()].map((c) => {
        const tools = offered(c);
        return {
          name: c.entry.name,
          scope: c.entry.scope,
          transport: c.entry.config.type,
          state: c.state(),
          toolCount: tools.length,
          tokens: estimateTokens(tools),
          deferred: state.deferred(c.entry.name),
          changedTools: c.state() === 'connected' ? (withheld.get(c.entry.name) ?? []).map((ch) => ch.tool) : [],
          ...(c.lastError() ? { lastError: c.lastError()! } : {}),
          file: c.entry.file,
          ...signInStatus(c.entry.name),
        };
      }),
    tools: () => [...connections.values()].flatMap((c) => offered(c).map((tool) => ({ server: c.entry.name, tool, deferred: state.deferred(c.entry.name) }))),
    isWithheld,
    changes: (server) => (connections.has(server) ? [...(withheld.get(server) ?? [])] : undefined),
    accept(server, tool, hash) {
      const list = withheld.get(server);
      const change = list?.find((ch) => ch.tool === tool);
      if (!list || !change || change.after.hash !== hash) return false;
      state.pin(server, { [tool]: change.after });
      withheld.set(server, list.filter((ch) => ch !== change));
      changed();
      return true;
    },
    setDeferred(server, on) {
      if (!connections.has(server)) return false;
      state.setDeferred(server, on);
      changed();
      return true;
    },
    version: () => version,
    resourceServers: () => [...connections.values()].filter((c) => c.state() === 'connected' && c.hasResources()).map((c) => c.entry.name),
    callTool: (server, tool, args, signal, caller) =>
      inFlight.track(server, caller, () => withClient(server, async (client) => {
        const result = await client.callTool({ name: tool, arguments: args }, mcpSdk.types().CallToolResultSchema, {
          signal,
          timeout: opts.toolTimeoutMs ?? 30 * 60_000,
          resetTimeoutOnProgress: true,
        });
        return result as CallToolResult;
      })),
    listResources: (server, signal) =>
      withClient(server, async (client) => {
        const all: Resource[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listResources(cursor ? { cursor } : {}, { signal });
          all.push(...page.resources);
          cursor = page.nextCursor;
        } while (cursor);
        return all;
      }),
    readResource: (server, uri, signal) => withClient(server, (client) => client.readResource({ uri }, { signal }) as Promise<ReadResourceResult>),
    reconnect,
    signIn,
    cancelSignIn: (name) => auths.get(name)?.cancel() ?? false,
    async signOut(name) {
      const a = auths.get(name);
      const c = connections.get(name);
      if (!a || !c) return false;
      await a.signOut();
      opts.log.info(`MCP server ${name}: signed out`);
      if (c.state() !== 'disabled') await c.reconnect().catch(() => undefined);
      else changed();
      return true;
    },
    async disable(name) {
      const c = connections.get(name);
      if (!c) return false;
      state.setDisabled(name, true);
      await c.disable();
      return true;
    },
    async enable(name) {
      const c = connections.get(name);
      if (!c) return 'unknown';
      if (c.state() !== 'disabled') return 'ok';
      return (await reconnect(name)) ? 'ok' : 'blocked';
    },
    reload: () => first.then(load),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await Promise.all([...connections.values()].map((c) => c.close()));
      connections.clear();
    },
  };
}
