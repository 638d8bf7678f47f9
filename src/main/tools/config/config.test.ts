// Config (issue 19): Claude Code's `{ setting, value? }` over Agent Desk's settings — reading never asks,
// a change asks and its approval says which setting, its value now and after, and which file changes;
// the model goes to Agent Desk's own settings.json (aliases resolved), the default permission mode to
// Claude Code's user settings; unknown and unsupported settings, bad values and bypassPermissions are
// clear errors, never a silent no-op.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSettingsPort } from '../../engine/tools/settings-port';
import { createModelAccess } from '../../model/access';
import type { PermissionMode } from '../../permissions/types';
import { createAppSettings } from '../../settings/app-settings';
import { createProjectSettings } from '../../settings/project-settings';
import type { CanUseTool, ToolUseContext } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createConfigTool } from './config.tool';

const tool = createConfigTool();
const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
afterEach(() => project?.cleanup());

async function setup(env: Record<string, string> = {}) {
  project = tempProject();
  const home = path.join(project.dir, '.home');
  const fullEnv = { HOME: home, ...env };
  const { settings: app } = await createAppSettings(path.join(project.dir, '.data', 'settings.json'));
  const model = createModelAccess({ env: fullEnv, settings: () => app.current(), canStoreKey: false });
  const projectSettings = createProjectSettings({ env: fullEnv });
  const dir = project.dir;
  await projectSettings.load(dir);
  const modes: PermissionMode[] = [];
  let chosen: PermissionMode | null = null;
  const ctx: ToolUseContext = {
    ...project.ctx,
    env: fullEnv,
    settings: createSettingsPort({ app, model, env: fullEnv, claude: () => projectSettings.current(dir), refresh: () => projectSettings.refresh(dir) }),
    permissionMode: { get: () => chosen ?? projectSettings.current(dir).defaultMode ?? 'default', set: (m) => void modes.push((chosen = m)) },
  };
  return { ctx, home, userFile: path.join(home, '.claude', 'settings.json'), appFile: path.join(dir, '.data', 'settings.json'), modes };
}

async function run(ctx: ToolUseContext, raw: unknown) {
  const input = tool.inputSchema().parse(raw);
  const valid = await tool.validateInput!(input, ctx);
  if (!valid.result) return { error: valid.message };
  const { data } = await tool.call(input, ctx, allow, 'm', () => undefined);
  return { data, text: tool.mapResult(data, 't').content as string };
}

describe('Config (issue 19)', () => {
  it("is Claude Code's Config: deferred; reading is read-only and never asks, a change asks in Claude Code's words", async () => {
    const { ctx } = await setup();
    expect(tool.name).toBe('Config');
    expect(tool.shouldDefer).toBe(true);
    expect(tool.isReadOnly({ setting: 'model' })).toBe(true);
    expect(tool.isReadOnly({ setting: 'model', value: 'opus' })).toBe(false);
    expect(await tool.checkPermissions({ setting: 'model' }, ctx)).toMatchObject({ behavior: 'allow' });
    expect(await tool.checkPermissions({ setting: 'model', value: 'opus' }, ctx)).toMatchObject({ behavior: 'ask', message: 'Set model to "opus"' });
    expect(tool.inputSchema().safeParse({ setting: 'model', value: 'x', scope: 'user' }).success).toBe(false);
    expect(tool.inputSchema().safeParse({ setting: 'model', value: { a: 1 } }).success).toBe(false);
  });

  it('reads what counts now, with what decides it', async () => {
    const { ctx, userFile } = await setup();
    expect((await run(ctx, { setting: 'model' })).text).toBe('model = "claude-sonnet-5"\nclaude-sonnet-5 is Agent Desk\'s default; no model is set.');
    expect((await run(ctx, { setting: 'permissions.defaultMode' })).text).toBe('permissions.defaultMode = "default"');
    mkdirSync(path.dirname(userFile), { recursive: true });
    writeFileSync(userFile, JSON.stringify({ permissions: { defaultMode: 'plan' } }));
    expect((await run(ctx, { setting: 'permissions.defaultMode' })).data).toEqual({ operation: 'get', setting: 'permissions.defaultMode', value: 'plan' });
    const pinned = await setup({ ANTHROPIC_MODEL: 'claude-haiku-4-5' });
    expect((await run(pinned.ctx, { setting: 'model' })).text).toContain('The ANTHROPIC_MODEL environment variable Agent Desk was started with chooses claude-haiku-4-5');
  });

  it('the model: an alias becomes the model it stands for, written to Agent Desk’s own settings and used from the next message', async () => {
    const { ctx, appFile } = await setup();
    mkdirSync(path.dirname(appFile), { recursive: true });
    writeFileSync(appFile, JSON.stringify({ env: { X: '1' } }));
    const r = await run(ctx, { setting: 'model', value: 'opus' });
    expect(r.data).toEqual({ operation: 'set', setting: 'model', previousValue: 'claude-sonnet-5', newValue: 'claude-opus-4-5', file: appFile });
    expect(r.text).toBe(`Set model to "claude-opus-4-5"\nSaved in ${appFile}.`);
    expect(JSON.parse(readFileSync(appFile, 'utf8'))).toEqual({ env: { X: '1' }, model: 'claude-opus-4-5' });
    expect(ctx.settings!.model()).toEqual({ model: 'claude-opus-4-5', source: 'settings' });
    const back = await run(ctx, { setting: 'model', value: 'default' });
    expect(back.data).toMatchObject({ previousValue: 'claude-opus-4-5', newValue: null });
    expect(JSON.parse(readFileSync(appFile, 'utf8'))).toEqual({ env: { X: '1' } });
  });

  it('the default permission mode goes to Claude Code’s user settings, keeping the rest; a conversation following the default moves with it', async () => {
    const { ctx, userFile, modes } = await setup();
    mkdirSync(path.dirname(userFile), { recursive: true });
    writeFileSync(userFile, JSON.stringify({ permissions: { allow: ['Read'] }, theme: 'dark' }, null, 2));
    const r = await run(ctx, { setting: 'permissions.defaultMode', value: 'acceptEdits' });
    expect(r.data).toMatchObject({ operation: 'set', previousValue: 'default', newValue: 'acceptEdits', file: userFile });
    expect(r.text).toContain('This conversation works in acceptEdits mode from now on too.');
    expect(JSON.parse(readFileSync(userFile, 'utf8'))).toEqual({ permissions: { allow: ['Read'], defaultMode: 'acceptEdits' }, theme: 'dark' });
    expect(modes).toEqual(['acceptEdits']);
  });

  it('unknown and unsupported settings, bad values and bypassPermissions are clear errors before anyone is asked', async () => {
    const { ctx, userFile } = await setup();
    expect((await run(ctx, { setting: 'colour' })).error).toBe('Unknown setting: "colour". Agent Desk\'s settings are: model, permissions.defaultMode.');
    expect((await run(ctx, { setting: 'theme', value: 'dark' })).error).toMatch(/^"theme" is a Claude Code setting Agent Desk does not have: Agent Desk follows the light or dark appearance/);
    expect((await run(ctx, { setting: 'toString' })).error).toMatch(/^Unknown setting/);
    expect((await run(ctx, { setting: 'model', value: true })).error).toMatch(/model must be a model name/);
    expect((await run(ctx, { setting: 'model', value: 'rm -rf /' })).error).toMatch(/is not a model name/);
    expect((await run(ctx, { setting: 'permissions.defaultMode', value: 'dontAsk' })).error).toBe('Invalid value "dontAsk". Options: default, acceptEdits, plan');
    expect((await run(ctx, { setting: 'permissions.defaultMode', value: 'bypassPermissions' })).error).toMatch(/the assistant cannot choose it/);
    expect(() => readFileSync(userFile)).toThrow(/ENOENT/);
    const bare = { ...project!.ctx };
    expect((await run(bare, { setting: 'model' })).error).toBe('Settings cannot be read or changed in this session.');
  });

  it('a broken settings file is never overwritten: the change fails with the file’s problem', async () => {
    const { ctx, userFile } = await setup();
    mkdirSync(path.dirname(userFile), { recursive: true });
    writeFileSync(userFile, '{ "permissions": ');
    await expect(run(ctx, { setting: 'permissions.defaultMode', value: 'plan' })).rejects.toThrow(/fix it before changing permissions\.defaultMode there/);
    expect(readFileSync(userFile, 'utf8')).toBe('{ "permissions": ');
  });

  it('the approval says which setting, its value now and after, where it counts and which file changes', async () => {
    const { ctx, userFile, appFile } = await setup();
    const mode = await tool.describeRequest!({ setting: 'permissions.defaultMode', value: 'acceptEdits' }, ctx);
    expect(mode).toEqual({
      title: 'Allow the assistant to change a setting?',
      summary: 'Change “How the assistant works by default (permission mode)” from “Ask before changes” to “Edit files without asking”',
      details: [
        { label: 'Setting', value: 'How the assistant works by default (permission mode) — permissions.defaultMode' },
        { label: 'Now', value: 'Ask before changes (default)' },
        { label: 'After', value: 'Edit files without asking (acceptEdits)' },
        { label: 'Where it counts', value: expect.stringContaining('Every project on this computer') },
        { label: 'File that will change', value: `${userFile} — your settings for all projects, shared with Claude Code` },
      ],
    });
    const model = await tool.describeRequest!({ setting: 'model', value: 'opus' }, ctx);
    expect(model?.summary).toBe('Change “AI model” from “claude-sonnet-5” to “claude-opus-4-5”');
    expect(model?.details).toContainEqual({ label: 'After', value: 'claude-opus-4-5 (what “opus” stands for)' });
    expect(model?.details).toContainEqual({ label: 'File that will change', value: `${appFile} — Agent Desk's own settings` });
    expect(await tool.describeRequest!({ setting: 'model', value: 7 }, ctx)).toBeNull();
  });
});
