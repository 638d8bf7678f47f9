// The app's MCP servers: one manager per project folder, created when a session of it first needs
// tools, loaded again when the folder's trust changes, all stopped at quit (stdio children included).
import type { Logger } from '../base/log';
import { loadMcpConfig } from './load-config';
import { createMcpManager, type McpManager, type McpManagerOptions } from './manager';
import { createMcpStateStore } from './project-state';
import { createCredentialStore, type SecretFile } from './oauth/credentials';
import type { ElicitRequest } from './elicitation-client';
import type { ElicitAnswer } from '../../shared/mcp-elicitation';

type Env = Readonly<Record<string, string | undefined>>;

export interface McpHubOptions {
  env: Env;
  log: Logger;
  /** Whether the folder is trusted now (its .mcp.json servers may start). */
  trusted: (projectDir: string) => boolean;
  /** `--mcp-config` values and `--strict-mcp-config`. */
  extraConfigs?: readonly string[];
  strict?: boolean;
  onWarning?: (projectDir: string, message: string) => void;
  /** A project's servers changed state or tools (mcp:changed). */
  onChange?: (projectDir: string) => void;
  /** Where approved tool definitions and per-server choices are kept (none: this run only). */
  stateFile?: string;
  /** Shows a project's server's question as a form in that project's windows (absent: headless). */
  elicit?: (projectDir: string, request: ElicitRequest, signal: AbortSignal) => Promise<ElicitAnswer>;
  /** Where the servers' sign-ins are kept (desktop: the OS keychain; none: this run only). */
  credentials?: SecretFile;
  /** Test seam: reconnect timings and the like. */
  manager?: Pick<McpManagerOptions, 'connection' | 'toolTimeoutMs' | 'sdkServers' | 'oauth'>;
}

export interface McpHub {
  forProject(projectDir: string): McpManager;
  /** The project's manager if one was started (listing must not start servers). */
  existing(projectDir: string): McpManager | undefined;
  dispose(): Promise<void>;
}

function toolTimeoutFrom(env: Env): number | undefined {
  const v = Number(env.MCP_TOOL_TIMEOUT);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

function connectTimeoutFrom(env: Env): number | undefined {
  const v = Number(env.MCP_TIMEOUT);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

export function createMcpHub(opts: McpHubOptions): McpHub {
  const managers = new Map<string, { manager: McpManager; trusted: boolean }>();
  const states = createMcpStateStore(opts.stateFile ?? null);
  // One store for every project: the same server in two projects shares its sign-in.
  const credentials = opts.credentials ? createCredentialStore({ file: opts.credentials, log: opts.log }) : undefined;
  let disposed = false;
  return {
    forProject(projectDir) {
      const trusted = opts.trusted(projectDir);
      const known = managers.get(projectDir);
      if (known) {
        if (known.trusted !== trusted) {
          known.trusted = trusted;
          void known.manager.reload();
        }
        return known.manager;
      }
      const slot = { trusted, manager: undefined as unknown as McpManager };
      const connectTimeoutMs = connectTimeoutFrom(opts.env);
      const toolTimeoutMs = toolTimeoutFrom(opts.env);
      slot.manager = createMcpManager({
        projectDir,
        log: opts.log,
        load: () => loadMcpConfig({ projectDir, env: opts.env, trusted: slot.trusted, ...(opts.extraConfigs ? { extraConfigs: opts.extraConfigs } : {}), ...(opts.strict ? { strict: true } : {}) }),
        onWarning: (message) => opts.onWarning?.(projectDir, message),
        state: states.forProject(projectDir),
        ...(credentials ? { credentials } : {}),
        ...(opts.elicit ? { elicit: (request: ElicitRequest, signal: AbortSignal) => opts.elicit!(projectDir, request, signal) } : {}),
        ...(toolTimeoutMs ? { toolTimeoutMs } : {}),
        ...opts.manager,
        connection: { ...(connectTimeoutMs ? { connectTimeoutMs } : {}), ...opts.manager?.connection },
      });
      slot.manager.subscribe(() => opts.onChange?.(projectDir));
      managers.set(projectDir, slot);
      if (disposed) void slot.manager.close();
      return slot.manager;
    },
    existing: (projectDir) => managers.get(projectDir)?.manager,
    async dispose() {
      disposed = true;
      await Promise.all([...managers.values()].map((m) => m.manager.close()));
      await states.flush();
      await credentials?.flush();
    },
  };
}
