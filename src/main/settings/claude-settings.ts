// Claude Code's settings files, read as Claude Code reads them so users' rules and hooks carry over:
// user, project, local, --settings and managed policy, merged by precedence. Each broken part is a
// warning naming its file (and line); everything else still loads. Async and sync loaders share it.
import path from 'node:path';
import { emptyHooksConfig, mergeHookSources, type HooksConfig } from './hooks-config';
import type { PermissionMode, RuleBehavior, RuleEntry, RuleSet } from '../permissions/types';
import { readJsonFile, readJsonFileSync, type JsonFileResult } from './json-file';
import { parseSettingsJson, type ParsedSettingsFile } from './parse-settings';
import { settingsFiles, type SettingsFile } from './settings-files';
import { isEmptyConfiguration, type FolderConfiguration } from '../../shared/trust';
import { FOLDER_SOURCES, folderConfiguration, mcpServersOf, restricted } from './folder-trust';
import { mcpJsonPath } from './settings-files';
import { folderInstructions } from './folder-instructions';
import { readProjectAgents, readProjectAgentsSync } from './agent-files';
import { mergeSandboxSettings, type SandboxSettings } from './sandbox-settings';
import { mergeBudgetSettings, type BudgetSettings } from './budget-settings';
import { mergeLspServers, type LspServers } from './lsp-settings';

export { managedSettingsPath, settingsFiles, type SettingsFile } from './settings-files';

/** What one file contributed, for the rule workbench ("all rules by source with their file"). */
export interface SettingsSourceState {
  source: SettingsFile['source'];
  file: string;
  exists: boolean;
  rules: Record<RuleBehavior, string[]>;
  warnings: string[];
}

export interface ClaudeSettings {
  /** allow / deny / ask rules with the source (and file) each came from, strongest source first. */
  rules: RuleSet;
  /** `permissions.defaultMode` of the strongest source that sets a valid one. */
  defaultMode?: PermissionMode;
  /** `permissions.additionalDirectories`, absolute. */
  additionalDirectories: string[];
  hooks: HooksConfig;
  /** `env` blocks merged (user < project < local < flag < policy). */
  env: Record<string, string>;
  /** The `sandbox` blocks merged (BA6): a stronger file's value wins, lists merge. */
  sandbox?: SandboxSettings;
  /** Agent Desk's own `agentDesk.budget` blocks merged: the strictest of each part (issue 20 item 4). */
  budget?: BudgetSettings;
  /** `lspServers` merged: a stronger file's server replaces a weaker one's of the same name (the LSP tool). */
  lspServers?: LspServers;
  /** Some file sets `permissions.disableBypassPermissionsMode: "disable"`. */
  bypassDisabled?: boolean;
  /** The managed policy sets `allowManagedPermissionRulesOnly`: only its allow rules count. */
  managedRulesOnly?: boolean;
  /** Each file read, weakest first (empty for the empty snapshot). */
  sources?: SettingsSourceState[];
  /** One line per problem, each naming its file. */
  warnings: string[];
  /**
   * What the project folder configures for itself, and whether it counts: until the person trusts the
   * folder its hooks, env, allow rules, mode and directories are left out (PX4). Absent: nothing read.
   */
  folder?: { configuration: FolderConfiguration; trusted: boolean };
}

export const EMPTY_CLAUDE_SETTINGS: ClaudeSettings = {
  rules: { allow: [], deny: [], ask: [] },
  additionalDirectories: [],
  hooks: emptyHooksConfig(),
  env: {},
  warnings: [],
};

type Env = Readonly<Record<string, string | undefined>>;

export interface LoadSettingsOptions {
  projectDir: string;
  env: Env;
  platform?: NodeJS.Platform;
  files?: SettingsFile[];
  /** `--settings FILE` (flagSettings). */
  flagFile?: string;
  /**
   * Whether the person trusts the folder with this configuration; absent = trusted (a headless run:
   * whoever started it chose the folder, as Claude Code's -p does).
   */
  trust?: (configuration: FolderConfiguration) => boolean;
}

function filesFor(opts: LoadSettingsOptions): { projectDir: string; files: SettingsFile[] } {
  const projectDir = path.resolve(opts.projectDir);
  return { projectDir, files: opts.files ?? settingsFiles(projectDir, opts.env, opts.platform, opts.flagFile) };
}

/** Merges what each file said (weakest first) by Claude Code's precedence. Pure. */
export function mergeSettings(
  read: ReadonlyArray<{ sf: SettingsFile; result: JsonFileResult }>,
  projectDir: string,
  home?: string,
  folder: { mcpJson?: { file: string; result: JsonFileResult }; instructions?: FolderConfiguration['instructions']; agents?: NonNullable<FolderConfiguration['agents']>; trust?: LoadSettingsOptions['trust'] } = {},
): ClaudeSettings {
  const warnings: string[] = [];
  const parsed: Array<{ sf: SettingsFile; p: ParsedSettingsFile }> = [];
  const sources: SettingsSourceState[] = [];
  for (const { sf, result } of read) {
    const state: SettingsSourceState = { source: sf.source, file: sf.file, exists: result.kind !== 'missing', rules: { allow: [], deny: [], ask: [] }, warnings: [] };
    sources.push(state);
    if (result.kind === 'missing') continue;
    if (result.kind === 'error') {
      warnings.push(result.warning);
      state.warnings.push(result.warning);
      continue;
    }
    const p = parseSettingsJson(sf, result.value, projectDir, home);
    parsed.push({ sf, p });
    const said = [...(result.warnings ?? []), ...p.warnings];
    warnings.push(...said);
    state.warnings.push(...said);
    for (const b of ['allow', 'deny', 'ask'] as const) state.rules[b] = p.rules[b].map((e) => e.rule);
  }
  const mcp = folder.mcpJson;
  if (mcp?.result.kind === 'error') warnings.push(mcp.result.warning);
  const configuration = folderConfiguration(parsed, mcp?.result.kind === 'ok' ? mcpServersOf(mcp.file, mcp.result.value) : [], folder.instructions ?? [], folder.agents ?? []);
  const trusted = folder.trust ? isEmptyConfiguration(configuration) || folder.trust(configuration) : true;
  if (!trusted) {
    for (const entry of parsed) if (FOLDER_SOURCES.has(entry.sf.source)) entry.p = restricted(entry.p);
  }
  const env: Record<string, string> = {};
  const dirs: string[] = [];
  const hookSources: Array<{ source: string; hooks: unknown }> = [];
  let defaultMode: PermissionMode | undefined;
  let disableAllHooks = false;
  let bypassDisabled = false;
  let managedRulesOnly = false;
  for (const { sf, p } of parsed) {
    Object.assign(env, p.env);
    // Stronger sources come later, so the last valid mode wins.
    if (p.defaultMode) defaultMode = p.defaultMode;
    for (const d of p.additionalDirectories) if (!dirs.includes(d)) dirs.push(d);
    if (p.hooks !== undefined) hookSources.push({ source: sf.file, hooks: p.hooks });
    disableAllHooks ||= p.disableAllHooks;
    bypassDisabled ||= p.bypassDisabled;
    managedRulesOnly ||= p.managedRulesOnly;
  }
  const merged = mergeHookSources(hookSources);
  warnings.push(...merged.warnings);
  // Rules of stronger sources first: when two rules match, the reason names the stronger one.
  const strongestFirst = (b: RuleBehavior): RuleEntry[] => {
    const all = [...parsed].reverse().flatMap(({ p }) => p.rules[b]);
    // The policy's `allowManagedPermissionRulesOnly` drops everyone else's allow rules (their deny
    // and ask rules only ever narrow, so they stay).
    return managedRulesOnly && b === 'allow' ? all.filter((e) => e.source === 'policySettings') : all;
  };
  return {
    rules: { allow: strongestFirst('allow'), deny: strongestFirst('deny'), ask: strongestFirst('ask') },
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories: dirs,
    hooks: disableAllHooks ? emptyHooksConfig() : merged.config,
    env,
    sandbox: mergeSandboxSettings(parsed.map(({ p }) => p.sandbox)),
    budget: mergeBudgetSettings(parsed.map(({ p }) => p.budget)),
    ...lspOf(parsed),
    bypassDisabled,
    managedRulesOnly,
    sources,
    warnings,
    folder: { configuration, trusted },
  };
}

function lspOf(parsed: ReadonlyArray<{ p: ParsedSettingsFile }>): { lspServers?: LspServers } {
  const lspServers = mergeLspServers(parsed.map(({ p }) => p.lspServers));
  return lspServers ? { lspServers } : {};
}

/** Loads and merges the settings files for one project. Never throws. */
export async function loadClaudeSettings(opts: LoadSettingsOptions): Promise<ClaudeSettings> {
  const { projectDir, files } = filesFor(opts);
  const mcpFile = mcpJsonPath(projectDir);
  const [read, mcpResult, agents] = await Promise.all([
    Promise.all(files.map(async (sf) => ({ sf, result: await readJsonFile(sf.file) }))),
    readJsonFile(mcpFile),
    readProjectAgents(projectDir),
  ]);
  return mergeSettings(read, projectDir, opts.env.HOME ?? opts.env.USERPROFILE, { mcpJson: { file: mcpFile, result: mcpResult }, instructions: folderInstructions(projectDir), agents, ...(opts.trust ? { trust: opts.trust } : {}) });
}

/** The synchronous twin (a snapshot refreshed just before a permission decision). Never throws. */
export function loadClaudeSettingsSync(opts: LoadSettingsOptions): ClaudeSettings {
  const { projectDir, files } = filesFor(opts);
  const mcpFile = mcpJsonPath(projectDir);
  return mergeSettings(
    files.map((sf) => ({ sf, result: readJsonFileSync(sf.file) })),
    projectDir,
    opts.env.HOME ?? opts.env.USERPROFILE,
    { mcpJson: { file: mcpFile, result: readJsonFileSync(mcpFile) }, instructions: folderInstructions(projectDir), agents: readProjectAgentsSync(projectDir), ...(opts.trust ? { trust: opts.trust } : {}) },
  );
}
