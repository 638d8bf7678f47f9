// Which MCP servers a project gets, from every scope Claude Code reads: managed-mcp.json (exclusive when
// present), --mcp-config (dynamic; alone with --strict-mcp-config), ~/.claude.json's local scope
// (projects[<dir>].mcpServers), the project's .mcp.json and ~/.claude.json's user scope. On a name
// clash the earlier scope wins. A project's servers do not start before the folder is trusted.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseJsonText, readJsonFile, type JsonFileResult } from '../settings/json-file';
import { managedSettingsPath, mcpJsonPath, settingsFiles } from '../settings/settings-files';
import { parseMcpServers, type McpScope, type McpServerEntry, type ParsedServers } from './config';

type Env = Readonly<Record<string, string | undefined>>;

export interface McpConfigOptions {
  projectDir: string;
  env: Env;
  platform?: NodeJS.Platform;
  /** Whether the folder is trusted (its .mcp.json servers may start); headless runs pass true. */
  trusted: boolean;
  /** `--mcp-config` values: a file path (relative to the project) or a JSON string. */
  extraConfigs?: readonly string[];
  /** `--strict-mcp-config`: only the --mcp-config servers. */
  strict?: boolean;
}

/** ~/.claude.json keeps history too: it may be far larger than a settings file. */
const MAX_CLAUDE_JSON_BYTES = 64 * 1024 * 1024;

export function claudeJsonPath(env: Env): string | null {
  const configDir = env.CLAUDE_CONFIG_DIR?.trim();
  if (configDir) return path.join(path.resolve(configDir), '.claude.json');
  const home = env.HOME?.trim() || env.USERPROFILE?.trim();
  return home ? path.join(home, '.claude.json') : null;
}

export function managedMcpPath(env: Env, platform?: NodeJS.Platform): string {
  return path.join(path.dirname(managedSettingsPath(env, platform)), 'managed-mcp.json');
}

async function readBigJson(file: string): Promise<JsonFileResult> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return { kind: 'error', warning: `${file}: not a regular file; ignored.` };
    if (s.size > MAX_CLAUDE_JSON_BYTES) return { kind: 'error', warning: `${file}: larger than 64 MB; ignored.` };
    return parseJsonText(file, await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'error', warning: `${file}: ${(err as Error).message}` };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The three settings that approve a project's servers, merged over every settings file. */
export interface ProjectServerApproval {
  enableAll: boolean;
  enabled: string[];
  disabled: string[];
}

export function approvalFrom(values: readonly unknown[]): ProjectServerApproval {
  const out: ProjectServerApproval = { enableAll: false, enabled: [], disabled: [] };
  const names = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  for (const v of values) {
    if (!isObject(v)) continue;
    if (v.enableAllProjectMcpServers === true) out.enableAll = true;
    out.enabled.push(...names(v.enabledMcpjsonServers));
    out.disabled.push(...names(v.disabledMcpjsonServers));
  }
  return out;
}

/** Why a project server may not start, or undefined when it may. Pure. */
export function projectServerBlock(name: string, trusted: boolean, a: ProjectServerApproval): string | undefined {
  if (!trusted) return 'This folder is not trusted yet: its own servers start once you trust it.';
  if (a.disabled.includes(name)) return 'Turned off in settings (disabledMcpjsonServers).';
  if (!a.enableAll && a.enabled.length > 0 && !a.enabled.includes(name)) return 'Not in the settings list of servers to start (enabledMcpjsonServers).';
  return undefined;
}

/** Servers in scope order, the first of each name kept. Pure. */
export function mergeScopes(lists: readonly ParsedServers[]): ParsedServers {
  const seen = new Set<string>();
  const out: ParsedServers = { servers: [], warnings: [] };
  for (const list of lists) {
    out.warnings.push(...list.warnings);
    for (const s of list.servers) {
      if (seen.has(s.name)) continue;
      seen.add(s.name);
      out.servers.push(s);
    }
  }
  return out;
}

function fromResult(file: string, scope: McpScope, result: JsonFileResult, env: Env, pick: (v: unknown) => unknown = (v) => (isObject(v) ? v.mcpServers : undefined)): ParsedServers {
  if (result.kind === 'missing') return { servers: [], warnings: [] };
  if (result.kind === 'error') return { servers: [], warnings: [`${result.warning} Its MCP servers are left out.`] };
  return parseMcpServers(pick(result.value), { file, scope, env });
}

/** One --mcp-config value: a JSON string when it starts with `{`, else a file. */
async function dynamicConfig(value: string, projectDir: string, env: Env): Promise<ParsedServers> {
  if (value.trim().startsWith('{')) return fromResult('--mcp-config', 'dynamic', parseJsonText('--mcp-config', value), env);
  const file = path.resolve(projectDir, value);
  const result = await readJsonFile(file);
  if (result.kind === 'missing') return { servers: [], warnings: [`--mcp-config ${file}: no such file.`] };
  return fromResult(file, 'dynamic', result, env);
}

export async function loadMcpConfig(opts: McpConfigOptions): Promise<ParsedServers> {
  const projectDir = path.resolve(opts.projectDir);
  const { env } = opts;
  const managedFile = managedMcpPath(env, opts.platform);
  const managed = fromResult(managedFile, 'managed', await readJsonFile(managedFile), env);
  // Claude Code: a managed-mcp.json takes exclusive control of which servers run.
  if (managed.servers.length > 0) return managed;
  const dynamic = await Promise.all((opts.extraConfigs ?? []).map((v) => dynamicConfig(v, projectDir, env)));
  if (opts.strict) return mergeScopes([managed, ...dynamic]);
  const claudeJson = claudeJsonPath(env);
  const claude = claudeJson ? await readBigJson(claudeJson) : ({ kind: 'missing' } as const);
  const local = claudeJson
    ? fromResult(claudeJson, 'local', claude, env, (v) => {
        const projects = isObject(v) && isObject(v.projects) ? v.projects : {};
        const entry = projects[projectDir];
        return isObject(entry) ? entry.mcpServers : undefined;
      })
    : { servers: [], warnings: [] };
  const user = claudeJson ? fromResult(claudeJson, 'user', claude, env) : { servers: [], warnings: [] };
  if (claude.kind === 'error') user.warnings = [];
  const projectFile = mcpJsonPath(projectDir);
  const project = fromResult(projectFile, 'project', await readJsonFile(projectFile), env);
  const settings = await Promise.all(settingsFiles(projectDir, env, opts.platform).map((sf) => readJsonFile(sf.file)));
  const approval = approvalFrom(settings.map((r) => (r.kind === 'ok' ? r.value : undefined)));
  for (const s of project.servers) {
    const block = projectServerBlock(s.name, opts.trusted, approval);
    if (block) s.disabledReason = block;
  }
  return mergeScopes([managed, ...dynamic, local, project, user]);
}

export type { McpServerEntry };
