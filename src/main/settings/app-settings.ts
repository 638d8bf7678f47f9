// Agent Desk's own settings (<data>/settings.json) as the app uses them now: read at start, changed
// through here (Config) and read again at once, so the next message uses the change. A value the file
// cannot hold (an empty model) is refused before anything is written.
import { loadUserSettings, UserSettings, type LoadedSettings } from './user-settings';
import { isJsonObject, setSettingsKey, withKey } from './edit-settings-file';

export interface AppSettings {
  readonly file: string;
  /** The settings as last read. */
  current(): UserSettings;
  /** Sets (undefined: removes) one top-level key, keeping the rest of the file; then reads it again. */
  set(key: string, value: unknown): Promise<void>;
}

/** `onChange`: after a change was written and read again (the header shows the new model). */
export async function createAppSettings(file: string, onChange?: () => void): Promise<{ settings: AppSettings; warning?: string }> {
  const first: LoadedSettings = await loadUserSettings(file);
  let settings = first.settings;
  const store: AppSettings = {
    file,
    current: () => settings,
    async set(key, value) {
      const checked = UserSettings.safeParse(withKey(isJsonObject(settings) ? settings : {}, [key], value, file).json);
      if (!checked.success) throw new Error(`${JSON.stringify(value)} is not a valid value for ${key}: ${checked.error.issues[0]?.message ?? 'invalid'}.`);
      await setSettingsKey(file, [key], value);
      const again = await loadUserSettings(file);
      if (again.warning) throw new Error(again.warning);
      settings = again.settings;
      onChange?.();
    },
  };
  return first.warning ? { settings: store, warning: first.warning } : { settings: store };
}
