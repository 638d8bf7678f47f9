// A session's settings port (Config's seam): each store's file, a key read as written there, a change
// to Agent Desk's own file read by the app at once, a change to Claude Code's user file keeping the
// rest of it, and the model with what decides it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelAccess } from '../../model/access';
import { createAppSettings } from '../../settings/app-settings';
import { EMPTY_CLAUDE_SETTINGS } from '../../settings/claude-settings';
import { createSettingsPort } from './settings-port';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-settings-port-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

let refreshed = 0;
async function port(env: Record<string, string> = {}) {
  const { settings: app } = await createAppSettings(path.join(dir, 'data', 'settings.json'));
  const model = createModelAccess({ env, settings: () => app.current(), canStoreKey: false });
  return createSettingsPort({ app, model, env: { HOME: path.join(dir, 'home'), ...env }, claude: () => EMPTY_CLAUDE_SETTINGS, refresh: () => void refreshed++ });
}

describe('the settings port', () => {
  it('names each store’s file; without a home there is no user file to change', async () => {
    const p = await port();
    expect(p.file('app')).toBe(path.join(dir, 'data', 'settings.json'));
    expect(p.file('user')).toBe(path.join(dir, 'home', '.claude', 'settings.json'));
    const { settings: app } = await createAppSettings(path.join(dir, 'x.json'));
    const homeless = createSettingsPort({ app, model: createModelAccess({ env: {}, settings: () => ({}), canStoreKey: false }), env: {}, claude: () => EMPTY_CLAUDE_SETTINGS });
    expect(homeless.file('user')).toBeNull();
    await expect(homeless.write('user', ['permissions', 'defaultMode'], 'plan')).rejects.toThrow('No home folder is known');
  });

  it('the model changes for the next message when the app file changes; an environment variable still decides', async () => {
    const p = await port();
    expect(p.model()).toEqual({ model: 'claude-sonnet-5', source: 'default' });
    expect(await p.write('app', ['model'], 'claude-opus-4-1')).toBe(path.join(dir, 'data', 'settings.json'));
    expect(p.model()).toEqual({ model: 'claude-opus-4-1', source: 'settings' });
    expect(await p.read('app', ['model'])).toBe('claude-opus-4-1');
    const pinned = await port({ ANTHROPIC_MODEL: 'claude-haiku-4-5' });
    expect(pinned.model()).toEqual({ model: 'claude-haiku-4-5', source: 'environment' });
    await expect(p.write('app', ['a', 'b'], 1)).rejects.toThrow('no nested keys');
  });

  it('a key of Claude Code’s user file is changed in place; reading a missing key or file is undefined', async () => {
    const p = await port();
    expect(await p.read('user', ['permissions', 'defaultMode'])).toBeUndefined();
    const f = path.join(dir, 'home', '.claude', 'settings.json');
    await p.write('user', ['permissions', 'defaultMode'], 'plan');
    await writeFile(f, JSON.stringify({ theme: 'dark', ...JSON.parse(await readFile(f, 'utf8')) }));
    await p.write('user', ['permissions', 'defaultMode'], 'acceptEdits');
    expect(JSON.parse(await readFile(f, 'utf8'))).toEqual({ theme: 'dark', permissions: { defaultMode: 'acceptEdits' } });
    expect(await p.read('user', ['permissions', 'defaultMode'])).toBe('acceptEdits');
    // The project's settings are read again at the next look, so the change counts at once.
    expect(refreshed).toBe(2);
  });
});
