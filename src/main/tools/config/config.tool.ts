// The Config tool (issue 19, TL): Claude Code's `{ setting, value? }` — without a value it reads a
// setting (never asks), with one it changes it after the person approved, told which setting, its value
// now and after, and which file changes. Agent Desk's settings: the model (its own settings.json) and
// the default permission mode (Claude Code's user settings); any other setting is a clear error.
// Deferred to ToolSearch, as in Claude Code (AS5).
import { CONFIG_TOOL_NAME, makeConfigInputSchema, type ConfigData, type ConfigInput } from '../../../shared/tools/config';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { PermissionResult, Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { describeConfigChange } from './describe';
import { CONFIG_DESCRIPTION, CONFIG_PROMPT } from './prompt';
import { settingFor, unknownSettingMessage, type Setting } from './settings';

function portOf(ctx: ToolUseContext) {
  if (!ctx.settings) throw new Error('Settings cannot be read or changed in this session.');
  return ctx.settings;
}

async function change(setting: Setting, input: ConfigInput, ctx: ToolUseContext): Promise<ConfigData> {
  const port = portOf(ctx);
  const parsed = setting.parse(input.value!, ctx.env);
  if (!parsed.ok) throw new Error(parsed.error);
  const before = await setting.effective(port);
  const modeBefore = ctx.permissionMode?.get();
  const file = await port.write(setting.store, setting.keyPath, parsed.value);
  const after = await setting.effective(port);
  // A conversation that follows the default moved with it: say so where the person looks (the header).
  const modeAfter = ctx.permissionMode?.get();
  const moved = modeAfter !== undefined && modeAfter !== modeBefore;
  if (moved) ctx.permissionMode!.set(modeAfter);
  const written = parsed.value ?? null;
  const notes = [written === null || after.value !== written ? after.note : undefined, moved ? `This conversation works in ${modeAfter} mode from now on too.` : undefined];
  const note = notes.filter(Boolean).join(' ');
  return { operation: 'set', setting: setting.key, previousValue: before.value, newValue: written, file, ...(note ? { note } : {}) };
}

export function createConfigTool(): Tool<ConfigInput, ConfigData> {
  return buildTool<ConfigInput, ConfigData>({
    name: CONFIG_TOOL_NAME,
    searchHint: 'get or set settings: model, default permission mode',
    maxResultSizeChars: 10_000,
    shouldDefer: true,
    inputSchema: lazySchema(makeConfigInputSchema),
    description: () => CONFIG_DESCRIPTION,
    prompt: () => CONFIG_PROMPT,
    userFacingName: () => 'Settings',
    summarize: (input) => (input.value === undefined ? (input.setting ?? '') : `${input.setting ?? ''} → ${String(input.value)}`),
    isReadOnly: (input) => input.value === undefined,
    isConcurrencySafe: (input) => input.value === undefined,
    toAutoClassifierInput: (input) => (input.value === undefined ? input.setting : `${input.setting} = ${JSON.stringify(input.value)}`),
    // Nonsense is refused before anyone is asked to approve it.
    validateInput(input, ctx): ValidationResult {
      const setting = settingFor(input.setting);
      if (!setting) return { result: false, message: unknownSettingMessage(input.setting), errorCode: 1 };
      if (!ctx.settings) return { result: false, message: 'Settings cannot be read or changed in this session.', errorCode: 3 };
      if (input.value === undefined) return { result: true };
      const parsed = setting.parse(input.value, ctx.env);
      return parsed.ok ? { result: true } : { result: false, message: parsed.error, errorCode: 2 };
    },
    checkPermissions(input): PermissionResult<ConfigInput> {
      if (input.value === undefined) return { behavior: 'allow', updatedInput: input, reason: { type: 'tool', reason: 'reading a setting changes nothing' } };
      return { behavior: 'ask', message: `Set ${input.setting} to ${JSON.stringify(input.value)}`, reason: { type: 'tool', reason: 'changing a setting is the person’s call' }, action: 'Changing a setting' };
    },
    describeRequest: describeConfigChange,
    async call(input, ctx) {
      const setting = settingFor(input.setting);
      if (!setting) throw new Error(unknownSettingMessage(input.setting));
      if (input.value !== undefined) return { data: await change(setting, input, ctx) };
      const now = await setting.effective(portOf(ctx));
      return { data: { operation: 'get', setting: setting.key, value: now.value, ...(now.note ? { note: now.note } : {}) } };
    },
    mapResult: (data) => {
      const note = data.note ? `\n${data.note}` : '';
      if (data.operation === 'get') return { content: `${data.setting} = ${JSON.stringify(data.value ?? null)}${note}` };
      const saved = data.file ? `\nSaved in ${data.file}.` : '';
      return { content: `Set ${data.setting} to ${JSON.stringify(data.newValue ?? 'default')}${saved}${note}` };
    },
  });
}

export const ConfigTool = createConfigTool();
