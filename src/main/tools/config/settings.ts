// What each Config setting is in Agent Desk: the store and key it lives in, the values it takes (an
// alias resolved, a mode the assistant may not choose refused with why), and the value that counts now
// with what else decides it. Claude Code settings Agent Desk does not have are named with the reason.
import { modelAlias, resolveModelAlias } from '../../model/aliases';
import type { SettingsPort, SettingsStore } from '../core/settings-port';
import { CONFIG_SETTINGS, type ConfigSettingKey, type ConfigValue } from '../../../shared/tools/config';

export interface Setting {
  key: ConfigSettingKey;
  store: SettingsStore;
  keyPath: readonly string[];
  /** The value to write (undefined: remove, back to the default), or why `value` cannot be set. */
  parse(value: ConfigValue, env: Readonly<Record<string, string | undefined>>): { ok: true; value: string | undefined; alias?: string } | { ok: false; error: string };
  /** The value that counts now, and what decides it when that is not this setting's file. */
  effective(port: SettingsPort): Promise<{ value: string | null; note?: string }>;
}

const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/[\]-]{0,199}$/;
const MODE_NAMES = Object.keys(CONFIG_SETTINGS['permissions.defaultMode'].options!);

const model: Setting = {
  key: 'model',
  store: 'app',
  keyPath: ['model'],
  parse(value, env) {
    if (typeof value !== 'string') return { ok: false, error: `model must be a model name such as "claude-sonnet-4-5" or "opus", not ${JSON.stringify(value)}.` };
    const name = value.trim();
    if (name === 'default') return { ok: true, value: undefined };
    if (modelAlias(name)) return { ok: true, value: resolveModelAlias(name, env), alias: name.toLowerCase() };
    if (!MODEL_ID.test(name)) return { ok: false, error: `"${value}" is not a model name. Use a model ID such as "claude-sonnet-4-5", an alias (sonnet, opus, haiku) or "default".` };
    return { ok: true, value: name };
  },
  async effective(port) {
    const { model: now, source } = port.model();
    if (source === 'environment') return { value: now, note: `The ANTHROPIC_MODEL environment variable Agent Desk was started with chooses ${now}; it wins over this setting until it is removed.` };
    if (source === 'settings-env') return { value: now, note: `ANTHROPIC_MODEL in the env block of Agent Desk's settings chooses ${now}; it wins over this setting.` };
    if (source === 'flag') return { value: now, note: `This run was started with --model ${now}, which wins over this setting.` };
    return source === 'default' ? { value: now, note: `${now} is Agent Desk's default; no model is set.` } : { value: now };
  },
};

const defaultMode: Setting = {
  key: 'permissions.defaultMode',
  store: 'user',
  keyPath: ['permissions', 'defaultMode'],
  parse(value) {
    const mode = typeof value === 'string' ? value.trim() : value;
    if (mode === 'bypassPermissions') return { ok: false, error: 'bypassPermissions lets every action run without asking; the assistant cannot choose it. Only a person can, in their own settings file.' };
    if (typeof mode !== 'string' || !MODE_NAMES.includes(mode)) return { ok: false, error: `Invalid value ${JSON.stringify(value)}. Options: ${MODE_NAMES.join(', ')}` };
    return { ok: true, value: mode };
  },
  async effective(port) {
    const merged = port.claude().defaultMode ?? 'default';
    const own = await port.read('user', ['permissions', 'defaultMode']);
    if ((own ?? 'default') === merged) return { value: merged };
    return { value: merged, note: `Your settings for all projects say ${JSON.stringify(own ?? 'default')}, but this project's settings (or a managed policy) choose ${JSON.stringify(merged)}, which wins here.` };
  },
};

const SETTINGS: Readonly<Record<ConfigSettingKey, Setting>> = { model, 'permissions.defaultMode': defaultMode };

/** Claude Code's settings Agent Desk does not have, and why (anything else is simply unknown). */
const NOT_IN_AGENT_DESK: Readonly<Record<string, string>> = {
  theme: 'Agent Desk follows the light or dark appearance of the computer; it has no theme to set',
  editorMode: "Agent Desk's message box has no vim mode",
  verbose: 'Agent Desk shows every tool call on its own card, with its output one click away',
  autoCompactEnabled: 'automatic summarising is turned off with DISABLE_AUTO_COMPACT in the env block of a settings file, which a person edits',
  alwaysThinkingEnabled: 'Agent Desk does not use extended thinking',
  language: "Agent Desk has no setting for the assistant's language; ask it in the conversation",
};

export function settingFor(setting: string): Setting | null {
  return Object.hasOwn(SETTINGS, setting) ? SETTINGS[setting as ConfigSettingKey] : null;
}

/** The model-facing error for a setting Config cannot read or change here. */
export function unknownSettingMessage(setting: string): string {
  const known = `Agent Desk's settings are: ${Object.keys(SETTINGS).join(', ')}.`;
  if (Object.hasOwn(NOT_IN_AGENT_DESK, setting)) return `"${setting}" is a Claude Code setting Agent Desk does not have: ${NOT_IN_AGENT_DESK[setting]}. ${known}`;
  return `Unknown setting: "${setting}". ${known}`;
}
