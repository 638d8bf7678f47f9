// The Config tool's input (Claude Code's `{ setting, value? }`: without a value it reads, with one it
// changes), its output, and the settings it knows with their words — shared by the tool and its view.
import { z } from 'zod';

export const CONFIG_TOOL_NAME = 'Config';

export const ConfigValue = z.union([z.string(), z.boolean(), z.number()]);
export type ConfigValue = z.infer<typeof ConfigValue>;

export function makeConfigInputSchema() {
  return z.strictObject({
    setting: z.string().describe('The setting key (e.g., "model", "permissions.defaultMode")'),
    value: ConfigValue.optional().describe('The new value. Omit to get current value.'),
  });
}
export type ConfigInput = z.output<ReturnType<typeof makeConfigInputSchema>>;

export const ConfigData = z.object({
  operation: z.enum(['get', 'set']),
  setting: z.string(),
  /** get: the value that counts now. */
  value: ConfigValue.nullable().optional(),
  /** set: the value before and after (null = not set: the default). */
  previousValue: ConfigValue.nullable().optional(),
  newValue: ConfigValue.nullable().optional(),
  /** The file that holds it (set: the file that changed). */
  file: z.string().optional(),
  /** What else decides, when something does (an environment variable, a stronger settings file). */
  note: z.string().optional(),
});
export type ConfigData = z.infer<typeof ConfigData>;

export type ConfigSettingKey = 'model' | 'permissions.defaultMode';

export interface ConfigSettingInfo {
  /** The setting in words. */
  label: string;
  /** The values it takes, when it has a fixed list, each in words. */
  options?: Readonly<Record<string, string>>;
}

/** The settings Config reads and changes in Agent Desk, and what each is called in words. */
export const CONFIG_SETTINGS: Readonly<Record<ConfigSettingKey, ConfigSettingInfo>> = {
  model: { label: 'AI model' },
  'permissions.defaultMode': {
    label: 'How the assistant works by default (permission mode)',
    options: { default: 'Ask before changes', acceptEdits: 'Edit files without asking', plan: 'Plan only, change nothing' },
  },
};

export function configSettingInfo(setting: string): ConfigSettingInfo | null {
  return Object.hasOwn(CONFIG_SETTINGS, setting) ? CONFIG_SETTINGS[setting as ConfigSettingKey] : null;
}

/** A value of `setting` in words ("Edit files without asking"); null = not set, the default. */
export function configValueWords(setting: string, value: ConfigValue | null | undefined, none = 'not set'): string {
  if (value === null || value === undefined) return none;
  const words = configSettingInfo(setting)?.options;
  const key = String(value);
  return words && Object.hasOwn(words, key) ? words[key]! : key;
}
