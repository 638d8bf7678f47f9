// Where Agent Desk keeps its data: AGENT_DESK_HOME, else the platform's per-user data folder; and the
// filesystem-safe key under which one project's sessions live.
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

export interface PathEnv {
  env: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  homedir?: string;
}

export function defaultDataDir({ env, platform = process.platform, homedir = os.homedir() }: PathEnv): string {
  const override = env.AGENT_DESK_HOME?.trim();
  if (override) return path.resolve(override);
  if (platform === 'darwin') return path.join(homedir, 'Library', 'Application Support', 'Agent Desk');
  if (platform === 'win32') return path.win32.join(env.APPDATA?.trim() || path.win32.join(homedir, 'AppData', 'Roaming'), 'Agent Desk');
  const xdg = env.XDG_DATA_HOME?.trim();
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir, '.local', 'share'), 'agent-desk');
}

/**
 * A folder name for a project: a readable slug of its absolute path plus a short hash of the full path,
 * so two paths that slug alike (`/a-b`, `/a/b`) never share a folder.
 */
export function projectKey(projectDir: string): string {
  const abs = path.resolve(projectDir);
  const hash = createHash('sha256').update(abs).digest('hex').slice(0, 10);
  const slug = abs
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(-60)
    .replace(/^[-.]+/, '');
  return `${slug || 'root'}-${hash}`;
}

export function settingsFile(dataDir: string): string {
  return path.join(dataDir, 'settings.json');
}

export function sessionsDir(dataDir: string, projectDir: string): string {
  return path.join(dataDir, 'projects', projectKey(projectDir), 'sessions');
}
