// MCP server configs in Claude Code's format (`{"mcpServers": {name: {type?, command, args, env, url,
// headers, oauth}}}`), parsed purely: each broken server is a warning naming its file and key, the rest load.
import { expandEnv } from './expand-env';

type Env = Readonly<Record<string, string | undefined>>;

/** Where a server was declared (MC5): Claude Code's scopes, plus `dynamic` for --mcp-config. */
export type McpScope = 'managed' | 'dynamic' | 'local' | 'project' | 'user';

export type McpTransportType = 'stdio' | 'sse' | 'http' | 'ws' | 'sdk';

/** Claude Code's `oauth` block of a remote server: a pre-registered client, a fixed callback port… */
export interface McpOAuthConfig {
  /** A client registered with the authorization server beforehand (no dynamic registration then). */
  clientId?: string;
  /** The sign-in's redirect is http://localhost:<port>/callback (what a pre-registered client names). */
  callbackPort?: number;
  /** Skips discovery: the authorization server's metadata document (https only). */
  authServerMetadataUrl?: string;
  /** The scopes to ask for when the server does not say (space-separated). */
  scopes?: string;
}

export type McpServerConfig =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { type: 'sse' | 'http'; url: string; headers: Record<string, string>; oauth?: McpOAuthConfig }
  | { type: 'ws'; url: string; headers: Record<string, string> }
  /** In-process (MC2 `sdk`): the app registers the server object itself; never from a file. */
  | { type: 'sdk' };

export interface McpServerEntry {
  name: string;
  scope: McpScope;
  /** The file it came from ('--mcp-config' for a JSON string on the command line). */
  file: string;
  config: McpServerConfig;
  /** Set when the server is declared but must not start (untrusted folder, disabled in settings). */
  disabledReason?: string;
}

export interface ParsedServers {
  servers: McpServerEntry[];
  warnings: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringMap(v: unknown, what: string): Record<string, string> | string {
  if (v === undefined) return {};
  if (!isObject(v)) return `${what} must be an object of strings`;
  const out: Record<string, string> = {};
  for (const [k, s] of Object.entries(v)) {
    if (typeof s !== 'string') return `${what}.${k} must be a string`;
    out[k] = s;
  }
  return out;
}

/** The `oauth` block, or a message saying what is wrong with it. */
export function parseOAuthConfig(raw: unknown): McpOAuthConfig | string {
  if (!isObject(raw)) return '"oauth" must be an object';
  const out: McpOAuthConfig = {};
  const { clientId, callbackPort, authServerMetadataUrl, scopes } = raw;
  if (clientId !== undefined) {
    if (typeof clientId !== 'string' || !clientId.trim()) return '"oauth.clientId" must be a non-empty string';
    out.clientId = clientId.trim();
  }
  if (callbackPort !== undefined) {
    if (typeof callbackPort !== 'number' || !Number.isInteger(callbackPort) || callbackPort < 1 || callbackPort > 65535) return '"oauth.callbackPort" must be a port number (1–65535)';
    out.callbackPort = callbackPort;
  }
  if (authServerMetadataUrl !== undefined) {
    if (typeof authServerMetadataUrl !== 'string' || !/^https:\/\/\S+$/.test(authServerMetadataUrl)) return '"oauth.authServerMetadataUrl" must be an https:// address';
    out.authServerMetadataUrl = authServerMetadataUrl;
  }
  if (scopes !== undefined) {
    if (typeof scopes !== 'string' || !scopes.trim()) return '"oauth.scopes" must be a space-separated string of scopes';
    out.scopes = scopes.trim();
  }
  return out;
}

/** One server's raw entry → its config, or a message saying what is wrong with it. */
export function parseServerConfig(raw: unknown): McpServerConfig | string {
  if (!isObject(raw)) return 'must be an object';
  const type = raw.type ?? (raw.url !== undefined && raw.command === undefined ? 'http' : 'stdio');
  if (type === 'stdio') {
    if (typeof raw.command !== 'string' || !raw.command.trim()) return 'needs a "command" (the program to start)';
    if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((a) => typeof a === 'string'))) return '"args" must be a list of strings';
    const env = stringMap(raw.env, '"env"');
    if (typeof env === 'string') return env;
    return { type, command: raw.command, args: (raw.args as string[] | undefined) ?? [], env };
  }
  if (type === 'sse' || type === 'http' || type === 'ws') {
    if (typeof raw.url !== 'string' || !raw.url.trim()) return `needs a "url" (type ${type})`;
    const headers = stringMap(raw.headers, '"headers"');
    if (typeof headers === 'string') return headers;
    if (type === 'ws' || raw.oauth === undefined) return { type, url: raw.url, headers };
    const oauth = parseOAuthConfig(raw.oauth);
    if (typeof oauth === 'string') return oauth;
    return { type, url: raw.url, headers, oauth };
  }
  return `unknown "type" ${JSON.stringify(type)} (expected stdio, sse, http or ws)`;
}

/** `${VAR}` / `${VAR:-default}` in every string a server uses; unset variables are named. */
export function expandServerConfig(config: McpServerConfig, env: Env): { config: McpServerConfig; missing: string[] } {
  const missing: string[] = [];
  const x = (s: string) => {
    const r = expandEnv(s, env);
    missing.push(...r.missing);
    return r.value;
  };
  const map = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, x(v)]));
  if (config.type === 'stdio') return { config: { ...config, command: x(config.command), args: config.args.map(x), env: map(config.env) }, missing: [...new Set(missing)] };
  if (config.type === 'sdk') return { config, missing: [] };
  return { config: { ...config, url: x(config.url), headers: map(config.headers) }, missing: [...new Set(missing)] };
}

/** The `mcpServers` object of one file (or of `projects[dir]` in ~/.claude.json). Pure. */
export function parseMcpServers(mcpServers: unknown, source: { file: string; scope: McpScope; env: Env }): ParsedServers {
  const out: ParsedServers = { servers: [], warnings: [] };
  if (mcpServers === undefined) return out;
  if (!isObject(mcpServers)) {
    out.warnings.push(`${source.file}: "mcpServers" must be an object of servers by name; ignored.`);
    return out;
  }
  for (const [name, raw] of Object.entries(mcpServers)) {
    const parsed = parseServerConfig(raw);
    if (typeof parsed === 'string') {
      out.warnings.push(`${source.file}: MCP server "${name}" ${parsed}; this server is left out.`);
      continue;
    }
    const { config, missing } = expandServerConfig(parsed, source.env);
    if (missing.length) out.warnings.push(`${source.file}: MCP server "${name}" uses ${missing.map((m) => `\${${m}}`).join(', ')}, which is not set.`);
    out.servers.push({ name, scope: source.scope, file: source.file, config });
  }
  return out;
}
