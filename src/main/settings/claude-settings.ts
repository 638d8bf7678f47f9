// Claude Code's settings files, read as Claude Code reads them so users' rules and hooks carry over:
// user (~/.claude or $CLAUDE_CONFIG_DIR), project (.claude/settings.json), local (.claude/settings.local.json)
// and managed policy. Each broken part is a warning naming its file; everything else still loads.
import path from 'node:path';
import { parseRule } from '../../shared/permissions/rule';
import { emptyHooksConfig, mergeHookSources, type HooksConfig } from '../hooks/config';
import type { PermissionMode, RuleBehavior, RuleEntry, RuleSet, RuleSource } from '../permissions/types';
import { PERMISSION_MODES } from '../permissions/types';
import { readJsonFile } from './json-file';

export interface ClaudeSettings {
  /** allow / deny / ask rules with the source each came from. */
  rules: RuleSet;
  /** `permissions.defaultMode` of the strongest source that sets a valid one. */
  defaultMode?: PermissionMode;
  /** `permissions.additionalDirectories`, absolute. */
  additionalDirectories: string[];
  hooks: HooksConfig;
  /** `env` blocks merged (user < project < local < policy). */
  env: Record<string, string>;
  /** One line per problem, each naming its file. */
  warnings: string[];
}

export const EMPTY_CLAUDE_SETTINGS: ClaudeSettings = {
  rules: { allow: [], deny: [], ask: [] },
  additionalDirectories: [],
  hooks: emptyHooksConfig(),
  env: {},
  warnings: [],
};

type Env = Readonly<Record<string, string | undefined>>;

export interface SettingsFile {
  source: Extract<RuleSource, 'userSettings' | 'projectSettings' | 'localSettings' | 'policySettings'>;
  file: string;
}

/** Where the managed (policy) settings live on this platform; AGENT_DESK_MANAGED_SETTINGS overrides it. */
export function managedSettingsPath(env: Env, platform: NodeJS.Platform = process.platform): string {
  const override = env.AGENT_DESK_MANAGED_SETTINGS?.trim();
  if (override) return override;
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

/** The files in precedence order, weakest first. The user file is skipped when no home is known. */
export function settingsFiles(projectDir: string, env: Env, platform: NodeJS.Platform = process.platform): SettingsFile[] {
  const files: SettingsFile[] = [];
  const configDir = env.CLAUDE_CONFIG_DIR?.trim();
  const home = env.HOME?.trim() || env.USERPROFILE?.trim();
  if (configDir) files.push({ source: 'userSettings', file: path.join(path.resolve(configDir), 'settings.json') });
  else if (home) files.push({ source: 'userSettings', file: path.join(home, '.claude', 'settings.json') });
  files.push({ source: 'projectSettings', file: path.join(projectDir, '.claude', 'settings.json') });
  files.push({ source: 'localSettings', file: path.join(projectDir, '.claude', 'settings.local.json') });
  files.push({ source: 'policySettings', file: managedSettingsPath(env, platform) });
  return files;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

interface Parsed {
  rules: Record<RuleBehavior, RuleEntry[]>;
  defaultMode?: PermissionMode;
  additionalDirectories: string[];
  hooks?: unknown;
  disableAllHooks: boolean;
  env: Record<string, string>;
}

/** The parts of one file we use, leniently: a bad entry is dropped with a warning, the rest is kept. */
function parseOne(sf: SettingsFile, json: unknown, projectDir: string, warnings: string[]): Parsed {
  const out: Parsed = { rules: { allow: [], deny: [], ask: [] }, additionalDirectories: [], env: {}, disableAllHooks: false };
  const at = sf.file;
  if (!isObject(json)) {
    warnings.push(`Settings file ${at} must hold a JSON object; it was ignored.`);
    return out;
  }
  const perms = json.permissions;
  if (perms !== undefined && !isObject(perms)) warnings.push(`${at}: "permissions" must be an object; ignored.`);
  if (isObject(perms)) {
    for (const behavior of ['allow', 'deny', 'ask'] as const) {
      const list = perms[behavior];
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        warnings.push(`${at}: permissions.${behavior} must be an array of rules; ignored.`);
        continue;
      }
      list.forEach((rule, i) => {
        const parsed = typeof rule === 'string' ? parseRule(rule.trim()) : null;
        if (parsed?.ok) out.rules[behavior].push({ rule: (rule as string).trim(), source: sf.source });
        else warnings.push(`${at}: permissions.${behavior}[${i}] ${parsed ? `"${String(rule)}": ${parsed.error.message}` : 'must be a string'}; ignored.`);
      });
    }
    const mode = perms.defaultMode;
    if (mode !== undefined) {
      if (typeof mode === 'string' && (PERMISSION_MODES as readonly string[]).includes(mode)) out.defaultMode = mode as PermissionMode;
      else warnings.push(`${at}: permissions.defaultMode ${JSON.stringify(mode)} is not one of ${PERMISSION_MODES.join(', ')}; ignored.`);
    }
    const dirs = perms.additionalDirectories;
    if (dirs !== undefined) {
      if (Array.isArray(dirs) && dirs.every((d) => typeof d === 'string')) out.additionalDirectories = dirs.map((d) => path.resolve(projectDir, d as string));
      else warnings.push(`${at}: permissions.additionalDirectories must be an array of paths; ignored.`);
    }
  }
  if (json.env !== undefined) {
    if (!isObject(json.env)) warnings.push(`${at}: "env" must be an object of strings; ignored.`);
    else {
      for (const [k, v] of Object.entries(json.env)) {
        if (typeof v === 'string') out.env[k] = v;
        else if (typeof v === 'number' || typeof v === 'boolean') out.env[k] = String(v);
        else warnings.push(`${at}: env.${k} must be a string; ignored.`);
      }
    }
  }
  if (json.hooks !== undefined) out.hooks = json.hooks;
  out.disableAllHooks = json.disableAllHooks === true;
  return out;
}

/** Loads and merges the settings files for one project. Never throws. */
export async function loadClaudeSettings(opts: { projectDir: string; env: Env; platform?: NodeJS.Platform; files?: SettingsFile[] }): Promise<ClaudeSettings> {
  const projectDir = path.resolve(opts.projectDir);
  const files = opts.files ?? settingsFiles(projectDir, opts.env, opts.platform);
  const warnings: string[] = [];
  const read = await Promise.all(files.map(async (sf) => ({ sf, result: await readJsonFile(sf.file) })));
  const perFile: Array<Record<RuleBehavior, RuleEntry[]>> = [];
  const env: Record<string, string> = {};
  const hookSources: Array<{ source: string; hooks: unknown }> = [];
  const dirs: string[] = [];
  let defaultMode: PermissionMode | undefined;
  let disableAllHooks = false;
  for (const { sf, result } of read) {
    if (result.kind === 'missing') continue;
    if (result.kind === 'error') {
      warnings.push(result.warning);
      continue;
    }
    const p = parseOne(sf, result.value, projectDir, warnings);
    perFile.push(p.rules);
    Object.assign(env, p.env);
    // Stronger sources come later, so the last valid mode wins.
    if (p.defaultMode) defaultMode = p.defaultMode;
    for (const d of p.additionalDirectories) if (!dirs.includes(d)) dirs.push(d);
    if (p.hooks !== undefined) hookSources.push({ source: sf.file, hooks: p.hooks });
    disableAllHooks ||= p.disableAllHooks;
  }
  const merged = mergeHookSources(hookSources);
  warnings.push(...merged.warnings);
  // Rules of stronger sources first: when two rules match, the reason names the stronger one.
  const strongestFirst = (b: RuleBehavior) => [...perFile].reverse().flatMap((r) => r[b]);
  return {
    rules: { allow: strongestFirst('allow'), deny: strongestFirst('deny'), ask: strongestFirst('ask') },
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories: dirs,
    hooks: disableAllHooks ? emptyHooksConfig() : merged.config,
    env,
    warnings,
  };
}
