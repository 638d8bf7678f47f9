// The settings a tool may read and change (Config), as a port: Agent Desk's own file (the model) and
// Claude Code's user file (the default permission mode), with the values that count now. A change goes
// through here so the app reads it at once.
import type { ModelSource } from '../../model/config';
import type { ClaudeSettings } from '../../settings/claude-settings';

export type SettingsStore = 'app' | 'user';

export interface SettingsPort {
  /** The file of each store: Agent Desk's own settings, Claude Code's user settings (null = no home known). */
  file(store: SettingsStore): string | null;
  /** One key of a store's file as written there now (undefined = not set, or the file cannot be read). */
  read(store: SettingsStore, keyPath: readonly string[]): Promise<unknown>;
  /** Sets (undefined: removes) one key of a store's file, keeping the rest; resolves with the file written. */
  write(store: SettingsStore, keyPath: readonly string[], value: unknown): Promise<string>;
  /** The model the next message uses, and what decides it. */
  model(): { model: string; source: ModelSource };
  /** Claude Code's settings of the session's project as they count now (each file's part in `sources`). */
  claude(): ClaudeSettings;
}
