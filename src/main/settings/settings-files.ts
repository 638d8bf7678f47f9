// Where Claude Code's settings files live, weakest first: user (~/.claude or $CLAUDE_CONFIG_DIR),
// project (.claude/settings.json), local (.claude/settings.local.json), the --settings file, and the
// managed policy at the platform's path (AGENT_DESK_MANAGED_SETTINGS overrides it, for tests).
import path from 'node:path';
import type { RuleSource } from '../permissions/types';

type Env = Readonly<Record<string, string | undefined>>;

export type SettingsFileSource = Extract<RuleSource, 'userSettings' | 'projectSettings' | 'localSettings' | 'flagSettings' | 'policySettings'>;

export interface SettingsFile {
  source: SettingsFileSource;
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

/** The user settings file, or null when no home is known. */
export function userSettingsPath(env: Env): string | null {
  const configDir = env.CLAUDE_CONFIG_DIR?.trim();
  const home = env.HOME?.trim() || env.USERPROFILE?.trim();
  if (configDir) return path.join(path.resolve(configDir), 'settings.json');
  if (home) return path.join(home, '.claude', 'settings.json');
  return null;
}

export function projectSettingsPath(projectDir: string): string {
  return path.join(projectDir, '.claude', 'settings.json');
}

export function localSettingsPath(projectDir: string): string {
  return path.join(projectDir, '.claude', 'settings.local.json');
}

/**
 * The files in precedence order, weakest first: user < project < local < --settings < policy. The
 * user file is skipped when no home is known; the flag file only when given.
 */
/** The project's MCP servers (Claude Code's project scope): listed for the trust dialog before any runs. */
export function mcpJsonPath(projectDir: string): string {
  return path.join(projectDir, '.mcp.json');
}

export function settingsFiles(projectDir: string, env: Env, platform: NodeJS.Platform = process.platform, flagFile?: string): SettingsFile[] {
  const files: SettingsFile[] = [];
  const user = userSettingsPath(env);
  if (user) files.push({ source: 'userSettings', file: user });
  files.push({ source: 'projectSettings', file: projectSettingsPath(projectDir) });
  files.push({ source: 'localSettings', file: localSettingsPath(projectDir) });
  if (flagFile) files.push({ source: 'flagSettings', file: path.resolve(projectDir, flagFile) });
  files.push({ source: 'policySettings', file: managedSettingsPath(env, platform) });
  return files;
}
