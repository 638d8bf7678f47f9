// Each project's Claude Code settings, re-read before every turn (an edit applies to the next message)
// and kept as a snapshot that sync code (the permission stage, hooks) reads. A warning is reported
// once per project until the file changes what it says.
import path from 'node:path';
import { EMPTY_CLAUDE_SETTINGS, loadClaudeSettings, type ClaudeSettings } from './claude-settings';

export interface ProjectSettings {
  /** Reads the files again; reports warnings it has not reported for this project yet. */
  load(projectDir: string): Promise<ClaudeSettings>;
  /** The last loaded snapshot (empty settings before the first load). */
  current(projectDir: string): ClaudeSettings;
}

export interface ProjectSettingsOptions {
  env: Readonly<Record<string, string | undefined>>;
  onWarning?: (projectDir: string, warning: string) => void;
  /** Tests replace the loader. */
  loader?: typeof loadClaudeSettings;
}

export function createProjectSettings(opts: ProjectSettingsOptions): ProjectSettings {
  const snapshots = new Map<string, ClaudeSettings>();
  const reported = new Map<string, Set<string>>();
  const loader = opts.loader ?? loadClaudeSettings;
  return {
    async load(projectDir) {
      const dir = path.resolve(projectDir);
      const settings = await loader({ projectDir: dir, env: opts.env });
      snapshots.set(dir, settings);
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
      return settings;
    },
    current: (projectDir) => snapshots.get(path.resolve(projectDir)) ?? EMPTY_CLAUDE_SETTINGS,
  };
}
