// A project's MCP servers: its configs loaded, one connection per server, their tools and resources,
// tool calls with the session's Stop, and a change signal for the tool pool and the servers list.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, type CallToolResult, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../base/log';
import type { McpScope, McpServerEntry, McpTransportType, ParsedServers } from './config';
import { createConnection, type ConnectionOptions, type McpServerState, type McpToolInfo, type ServerConnection } from './connection';

export interface McpServerStatus {
  name: string;
  scope: McpScope;
  transport: McpTransportType;
  state: McpServerState;
  toolCount: number;
  lastError?: string;
  file: string;
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
}

export interface McpManager {
  /** Settles once every server that may start has connected or failed (first load). */
  ready(): Promise<void>;
  list(): McpServerStatus[];
  /** Tools of the connected servers. */
  tools(): Array<{ server: string; tool: McpToolInfo }>;
  /** Bumped on every change: the tool adapter rebuilds its tools only then. */
  version(): number;
  /** Servers whose resources can be listed now. */
  resourceServers(): string[];
  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
  listResources(server: string, signal: AbortSignal): Promise<Resource[]>;
  readResource(server: string, uri: string, signal: AbortSignal): Promise<ReadResourceResult>;
  reconnect(name: string): Promise<boolean>;
  disable(name: string): Promise<boolean>;
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
  const changed = () => {
    version++;
    for (const l of listeners) {
      try {
        l();
      } catch (err) {
        opts.log.warn('an MCP change listener failed', err);
      }
    }
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
      stopping.push(conn.close());
    }
    await Promise.all(stopping);
    if (closed) return;
    const starting: Promise<void>[] = [];
    for (const entry of wanted.values()) {
      const sdkServer = opts.sdkServers?.[entry.name];
      const conn = createConnection(entry, {
        cwd: opts.projectDir,
        log: opts.log,
        onChange: changed,
        ...(sdkServer ? { sdkServer } : {}),
        ...opts.connection,
      });
      connections.set(entry.name, conn);
      if (conn.state() !== 'disabled') starting.push(conn.connect().catch(() => undefined));
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
      if (!sessionExpired(err)) throw err;
      await c.reconnect();
      return run(await c.client());
    }
  }

  return {
    ready: () => first,
    list: () =>
      [...connections.values()].map((c) => ({
        name: c.entry.name,
        scope: c.entry.scope,
        transport: c.entry.config.type,
        state: c.state(),
        toolCount: c.tools().length,
        ...(c.lastError() ? { lastError: c.lastError()! } : {}),
        file: c.entry.file,
      })),
    tools: () => [...connections.values()].filter((c) => c.state() === 'connected').flatMap((c) => c.tools().map((tool) => ({ server: c.entry.name, tool }))),
    version: () => version,
    resourceServers: () => [...connections.values()].filter((c) => c.state() === 'connected' && c.hasResources()).map((c) => c.entry.name),
    callTool: (server, tool, args, signal) =>
      withClient(server, async (client) => {
        const result = await client.callTool({ name: tool, arguments: args }, CallToolResultSchema, {
          signal,
          timeout: opts.toolTimeoutMs ?? 30 * 60_000,
          resetTimeoutOnProgress: true,
        });
        return result as CallToolResult;
      }),
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
    async reconnect(name) {
      const c = connections.get(name);
      if (!c) return false;
      if (c.state() === 'disabled') {
        // Turned on again: a fresh connection with the declared entry (its own block, if any, stays).
        const entry = { ...c.entry };
        if (entry.disabledReason) return false;
        connections.delete(name);
        await c.close();
        const sdkServer = opts.sdkServers?.[name];
        const fresh = createConnection(entry, { cwd: opts.projectDir, log: opts.log, onChange: changed, ...(sdkServer ? { sdkServer } : {}), ...opts.connection });
        connections.set(name, fresh);
        await fresh.connect().catch(() => undefined);
        return true;
      }
      await c.reconnect().catch(() => undefined);
      return true;
    },
    async disable(name) {
      const c = connections.get(name);
      if (!c) return false;
      await c.disable();
      return true;
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
