// Config's approval in words a person who never used a terminal follows: which setting, its value now
// and after, where the change counts and which file changes (ToolDef.describeRequest).
import type { RequestDescription, RequestFact } from '../../../shared/permissions/request-description';
import { CONFIG_SETTINGS, configValueWords, type ConfigInput } from '../../../shared/tools/config';
import { DEFAULT_MODEL } from '../../model/config';
import type { ToolUseContext } from '../core/tool';
import { settingFor } from './settings';

const WHERE: Record<string, { applies: string; file: string }> = {
  model: { applies: 'Your next message and the ones after it, in every project.', file: "Agent Desk's own settings" },
  'permissions.defaultMode': {
    applies: 'Every project on this computer, in conversations where nobody picked another way of working. Claude Code reads this setting too.',
    file: 'your settings for all projects, shared with Claude Code',
  },
};

/** "Edit files without asking (acceptEdits)": the words, and the value itself when it differs. */
function shown(setting: string, value: string | null, none: string): string {
  const words = configValueWords(setting, value, none);
  return value !== null && words !== value ? `${words} (${value})` : words;
}

export async function describeConfigChange(input: ConfigInput, ctx: ToolUseContext): Promise<RequestDescription | null> {
  const setting = settingFor(input.setting);
  const port = ctx.settings;
  if (!setting || !port || input.value === undefined) return null;
  const parsed = setting.parse(input.value, ctx.env);
  if (!parsed.ok) return null;
  const label = CONFIG_SETTINGS[setting.key].label;
  const now = await setting.effective(port);
  const defaultWords = setting.key === 'model' ? `Agent Desk's default (${DEFAULT_MODEL})` : 'Ask before changes';
  const after = parsed.value === undefined ? defaultWords : parsed.alias ? `${parsed.value} (what “${parsed.alias}” stands for)` : shown(setting.key, parsed.value, defaultWords);
  const before = shown(setting.key, now.value, defaultWords);
  const where = WHERE[setting.key]!;
  const details: RequestFact[] = [
    { label: 'Setting', value: `${label} — ${setting.key}` },
    { label: 'Now', value: before },
    { label: 'After', value: after },
    { label: 'Where it counts', value: where.applies },
    { label: 'File that will change', value: `${port.file(setting.store) ?? 'none (no home folder is known)'} — ${where.file}` },
  ];
  if (now.note) details.push({ label: 'Good to know', value: now.note });
  return {
    title: 'Allow the assistant to change a setting?',
    summary: `Change “${label}” from “${configValueWords(setting.key, now.value, defaultWords)}” to “${parsed.value === undefined ? defaultWords : configValueWords(setting.key, parsed.value, defaultWords)}”`,
    details,
  };
}
