// Each project's Claude Code settings as a snapshot that sync code (the permission stage, hooks) reads,
// kept fresh without a restart: `current()` compares the files' signatures (mtime, size, inode — a few
// stat calls, once per event-loop turn) and re-reads them when one changed. A warning is reported once
// until it goes away.
import path from 'node:path';
import { EMPTY_CLAUDE_SETTINGS, loadClaudeSettings, loadClaudeSettingsSync, type ClaudeSettings } from './claude-settings';
import { filesSignature } from './file-signature';
import type { FolderConfiguration } from '../../shared/trust';
import { mcpJsonPath, settingsFiles } from './settings-files';

export interface ProjectSettings {
  /** Reads the files again; reports warnings it has not reported for this project yet. */
  load(projectDir: string): Promise<ClaudeSettings>;
  /** The snapshot, re-read first when a settings file changed on disk. */
  current(projectDir: string): ClaudeSettings;
  /** The files read for this project, weakest first. */
  files(projectDir: string): string[];
  /** Reads the files again at the next look (the person just trusted the folder). */
  refresh(projectDir: string): void;
}

export interface ProjectSettingsOptions {
  env: Readonly<Record<string, string | undefined>>;
  onWarning?: (projectDir: string, warning: string) => void;
  /** `--settings FILE`: flagSettings, between local and policy. */
  flagFile?: string;
  platform?: NodeJS.Platform;
  /** Whether the person trusts this folder with this configuration (absent: every folder counts, as for a headless run). */
  trust?: (projectDir: string, configuration: FolderConfiguration) => boolean;
  /** A load found the folder's configuration not (or no longer) trusted. */
  onUntrusted?: (projectDir: string, settings: ClaudeSettings) => void;
  /** Tests replace the loaders. */
  loader?: typeof loadClaudeSettings;
  syncLoader?: typeof loadClaudeSettingsSync;
}

interface Snapshot {
  settings: ClaudeSettings;
  signature: string;
}

export function createProjectSettings(opts: ProjectSettingsOptions): ProjectSettings {
  const snapshots = new Map<string, Snapshot>();
  const reported = new Map<string, Set<string>>();
  const loader = opts.loader ?? loadClaudeSettings;
  const syncLoader = opts.syncLoader ?? loadClaudeSettingsSync;
  const trust = opts.trust;
  const loadOpts = (dir: string) => ({
    projectDir: dir,
    env: opts.env,
    ...(opts.flagFile ? { flagFile: opts.flagFile } : {}),
    ...(opts.platform ? { platform: opts.platform } : {}),
    ...(trust ? { trust: (c: FolderConfiguration) => trust(dir, c) } : {}),
  });
  const filesOf = (dir: string) => settingsFiles(dir, opts.env, opts.platform, opts.flagFile).map((f) => f.file);
  // What is watched: the settings files and the folder's .mcp.json (its servers are part of what it configures).
  const watched = (dir: string) => [...filesOf(dir), mcpJsonPath(dir)];

  function report(dir: string, settings: ClaudeSettings): void {
    const seen = reported.get(dir) ?? new Set<string>();
    // Forget warnings that went away, so a problem that comes back is reported again.
    const now = new Set(settings.warnings);
    for (const w of seen) if (!now.has(w)) seen.delete(w);
    for (const w of settings.warnings) {
      if (seen.has(w)) continue;
      seen.add(w);
      opts.onWarning?.(dir, w);
    }
    reported.set(dir, seen);
    if (settings.folder && !settings.folder.trusted) opts.onUntrusted?.(dir, settings);
  }

  // The calls of one event-loop turn (a burst of tool calls deciding together) share one look at the
  // files: a few stat calls each time added up to milliseconds per turn. The next turn looks again.
  const checkedThisTurn = new Set<string>();
  const markChecked = (dir: string) => {
    if (checkedThisTurn.size === 0) setImmediate(() => checkedThisTurn.clear()).unref();
    checkedThisTurn.add(dir);
  };

  return {
    async load(projectDir) {
      const dir = path.resolve(projectDir);
      // Signature first: a write racing the read is caught by the next current().
      const signature = filesSignature(watched(dir));
      const settings = await loader(loadOpts(dir));
      snapshots.set(dir, { settings, signature });
      checkedThisTurn.delete(dir);
      report(dir, settings);
      return settings;
    },
    current(projectDir) {
      const dir = path.resolve(projectDir);
      const snap = snapshots.get(dir);
      if (!snap) return EMPTY_CLAUDE_SETTINGS;
      if (checkedThisTurn.has(dir)) return snap.settings;
      markChecked(dir);
      const signature = filesSignature(watched(dir));
      if (signature === snap.signature) return snap.settings;
      const settings = syncLoader(loadOpts(dir));
      snapshots.set(dir, { settings, signature });
      report(dir, settings);
      return settings;
    },
    files: (projectDir) => filesOf(path.resolve(projectDir)),
    refresh(projectDir) {
      const snap = snapshots.get(path.resolve(projectDir));
      if (snap) snap.signature = '';
      checkedThisTurn.delete(path.resolve(projectDir));
    },
  };
}
