// Loading the user settings file: missing, valid, broken JSON, wrong types.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadUserSettings } from './user-settings';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-settings-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadUserSettings', () => {
  it('gives defaults without a warning when the file is missing or empty', async () => {
    expect(await loadUserSettings(path.join(dir, 'none.json'))).toEqual({ settings: {} });
    await writeFile(path.join(dir, 'empty.json'), '  \n');
    expect(await loadUserSettings(path.join(dir, 'empty.json'))).toEqual({ settings: {} });
  });
  it('reads model and env, and keeps unknown keys', async () => {
    await writeFile(path.join(dir, 's.json'), JSON.stringify({ model: 'm1', env: { ANTHROPIC_BASE_URL: 'http://x' }, permissions: { allow: [] } }));
    expect(await loadUserSettings(path.join(dir, 's.json'))).toEqual({ settings: { model: 'm1', env: { ANTHROPIC_BASE_URL: 'http://x' }, permissions: { allow: [] } } });
  });
  it('warns and uses defaults on broken JSON or wrong types', async () => {
    await writeFile(path.join(dir, 'bad.json'), '{ "model": ');
    const a = await loadUserSettings(path.join(dir, 'bad.json'));
    expect(a.settings).toEqual({});
    expect(a.warning).toMatch(/not valid JSON.*using defaults/);
    await writeFile(path.join(dir, 'typed.json'), JSON.stringify({ model: 42 }));
    const b = await loadUserSettings(path.join(dir, 'typed.json'));
    expect(b.settings).toEqual({});
    expect(b.warning).toMatch(/model: .*using defaults/);
  });
});
