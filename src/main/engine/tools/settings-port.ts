// A session's settings port (Config): Agent Desk's own settings through the app's store (read again at
// once after a change) and Claude Code's user file, after whose change the project's settings are read
// again at the next look; the model the next message uses and what decides it.
import type { ModelAccess } from '../../model/access';
import type { AppSettings } from '../../settings/app-settings';
import type { ClaudeSettings } from '../../settings/claude-settings';
import { isJsonObject, setSettingsKey } from '../../settings/edit-settings-file';
import { readJsonFile } from '../../settings/json-file';
import { userSettingsPath } from '../../settings/settings-files';
import type { SettingsPort, SettingsStore } from '../../tools/core/settings-port';

export function createSettingsPort(opts: {
  app: AppSettings;
  model: ModelAccess;
  env: Readonly<Record<string, string | undefined>>;
  claude: () => ClaudeSettings;
  /** The project's settings are read again at the next look (a Claude Code file just changed). */
  refresh?: () => void;
}): SettingsPort {
  const file = (store: SettingsStore): string | null => (store === 'app' ? opts.app.file : userSettingsPath(opts.env));
  const fileOf = (store: SettingsStore): string => {
    const f = file(store);
    if (!f) throw new Error('No home folder is known, so there is no user settings file to change.');
    return f;
  };
  return {
    file,
    async read(store, keyPath) {
      const f = file(store);
      const read = f ? await readJsonFile(f) : null;
      let at: unknown = read?.kind === 'ok' ? read.value : undefined;
      for (const key of keyPath) at = isJsonObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
      return at;
    },
    async write(store, keyPath, value) {
      const f = fileOf(store);
      if (store === 'user') {
        await setSettingsKey(f, keyPath, value);
        opts.refresh?.();
      } else if (keyPath.length === 1) await opts.app.set(keyPath[0]!, value);
      else throw new Error("Agent Desk's own settings have no nested keys.");
      return f;
    },
    model: () => ({ model: opts.model.model(), source: opts.model.modelSource() }),
    claude: opts.claude,
  };
}
