// What a project folder configures for itself (its .claude/settings.json, .claude/settings.local.json
// .mcp.json, its skills and agents), whether the person trusted exactly that, and what is new since (PX4, issue 16 item 1).
// Pure: the trust store and the files are read by the callers.
import { createHash } from 'node:crypto';
import { emptyConfiguration, isEmptyConfiguration, type FolderConfiguration, type TrustStatus } from '../../shared/trust';
import { HOOK_EVENTS, parseHooksBlock } from './hooks-config';
import type { ParsedSettingsFile } from './parse-settings';
import type { SettingsFile } from './settings-files';
import { narrowingOnly, sandboxWidenings } from './sandbox-settings';

/** The sources a project folder brings itself: never trusted by default. */
export const FOLDER_SOURCES: ReadonlySet<SettingsFile['source']> = new Set(['projectSettings', 'localSettings']);

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The MCP servers a project's .mcp.json declares (names and what they start or reach). */
export function mcpServersOf(file: string, json: unknown): FolderConfiguration['mcpServers'] {
  if (!isObject(json) || !isObject(json.mcpServers)) return [];
  return Object.entries(json.mcpServers).map(([name, s]) => {
    const server = isObject(s) ? s : {};
    const args = Array.isArray(server.args) ? server.args.filter((a): a is string => typeof a === 'string') : [];
    const command = typeof server.command === 'string' ? [server.command, ...args].join(' ') : undefined;
    const url = typeof server.url === 'string' ? server.url : undefined;
    return { name, ...(command ? { command } : {}), ...(url ? { url } : {}), file };
  });
}

export function folderConfiguration(
  parsed: ReadonlyArray<{ sf: SettingsFile; p: ParsedSettingsFile }>,
  mcpServers: FolderConfiguration['mcpServers'] = [],
  instructions: FolderConfiguration['instructions'] = [],
  agents: NonNullable<FolderConfiguration['agents']> = [],
): FolderConfiguration {
  const c = emptyConfiguration();
  for (const { sf, p } of parsed) {
    if (!FOLDER_SOURCES.has(sf.source)) continue;
    const file = sf.file;
    const hooks = parseHooksBlock(file, p.hooks).config;
    for (const event of HOOK_EVENTS) {
      for (const group of hooks[event]) {
        for (const h of group.hooks) c.hooks.push({ event, ...(group.matcher ? { matcher: group.matcher } : {}), command: h.command, file });
      }
    }
    for (const [name, value] of Object.entries(p.env)) c.env.push({ name, value, file });
    for (const e of p.rules.allow) c.allowRules.push({ rule: e.rule, file });
    if (p.defaultMode && p.defaultMode !== 'default') c.defaultMode = { mode: p.defaultMode, file };
    for (const dir of p.additionalDirectories) c.additionalDirectories.push({ dir, file });
    for (const what of sandboxWidenings(p.sandbox)) c.sandbox.push({ what, file });
    for (const server of Object.values(p.lspServers ?? {})) (c.lspServers ??= []).push({ name: server.name, command: [server.command, ...server.args].join(' '), file });
  }
  c.mcpServers.push(...mcpServers);
  c.instructions.push(...instructions);
  if (agents.length > 0) c.agents = [...agents];
  return c;
}

export function fingerprintOf(c: FolderConfiguration): string {
  return createHash('sha256').update(JSON.stringify(c)).digest('hex').slice(0, 32);
}

/** What `now` has that `before` did not (item by item). */
export function addedSince(before: FolderConfiguration, now: FolderConfiguration): FolderConfiguration {
  const had = <T>(list: readonly T[]) => new Set(list.map((x) => JSON.stringify(x)));
  const fresh = <T>(was: readonly T[], is: readonly T[]) => {
    const seen = had(was);
    return is.filter((x) => !seen.has(JSON.stringify(x)));
  };
  return {
    hooks: fresh(before.hooks, now.hooks),
    env: fresh(before.env, now.env),
    allowRules: fresh(before.allowRules, now.allowRules),
    ...(now.defaultMode && JSON.stringify(now.defaultMode) !== JSON.stringify(before.defaultMode) ? { defaultMode: now.defaultMode } : {}),
    additionalDirectories: fresh(before.additionalDirectories, now.additionalDirectories),
    mcpServers: fresh(before.mcpServers, now.mcpServers),
    sandbox: fresh(before.sandbox ?? [], now.sandbox ?? []),
    instructions: fresh(before.instructions ?? [], now.instructions ?? []),
    ...(now.agents ? { agents: fresh(before.agents ?? [], now.agents) } : {}),
    ...(now.lspServers ? { lspServers: fresh(before.lspServers ?? [], now.lspServers) } : {}),
  };
}

/** A record of what the person trusted for one folder. */
export interface TrustRecord {
  fingerprint: string;
  configuration: FolderConfiguration;
  /** ms since the epoch. */
  at: number;
}

export function trustStatus(projectDir: string, configuration: FolderConfiguration, record: TrustRecord | undefined): TrustStatus {
  const fingerprint = fingerprintOf(configuration);
  if (isEmptyConfiguration(configuration)) return { projectDir, state: 'nothing', configuration, fingerprint };
  if (!record) return { projectDir, state: 'untrusted', configuration, fingerprint };
  if (record.fingerprint === fingerprint) return { projectDir, state: 'trusted', configuration, fingerprint };
  const added = addedSince(record.configuration, configuration);
  // Only removals since: nothing new would run, so the earlier trust still covers it.
  if (isEmptyConfiguration(added)) return { projectDir, state: 'trusted', configuration, fingerprint };
  return { projectDir, state: 'changed', configuration, added, fingerprint };
}

/**
 * A folder's own sources as they count before the person trusted it: what only narrows stays (deny
 * and ask rules, disabling bypass); what runs or widens goes (hooks, env, allow rules, the mode,
 * additional directories, language servers).
 */
export function restricted(p: ParsedSettingsFile): ParsedSettingsFile {
  const out: ParsedSettingsFile = { ...p, env: {}, rules: { ...p.rules, allow: [] }, additionalDirectories: [] };
  delete out.defaultMode;
  delete out.hooks;
  // A language server is a program the folder would have the app start.
  delete out.lspServers;
  const sandbox = narrowingOnly(p.sandbox);
  if (sandbox) out.sandbox = sandbox;
  else delete out.sandbox;
  return out;
}
