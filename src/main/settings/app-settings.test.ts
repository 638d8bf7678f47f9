// Agent Desk's own settings changed while it runs (Config): the file keeps its other keys, the app reads
// the change at once, a value the file cannot hold is refused before anything is written, and a broken
// file is never overwritten.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppSettings } from './app-settings';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-app-settings-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('createAppSettings', () => {
  it('a change is written, keeps the other keys, and is what the app reads from then on', async () => {
    const f = path.join(dir, 'settings.json');
    await writeFile(f, JSON.stringify({ env: { A: '1' }, later: true }, null, 2));
    const { settings } = await createAppSettings(f);
    expect(settings.current()).toEqual({ env: { A: '1' }, later: true });
    await settings.set('model', 'claude-opus-4-1');
    expect(settings.current()).toEqual({ env: { A: '1' }, later: true, model: 'claude-opus-4-1' });
    expect(JSON.parse(await readFile(f, 'utf8'))).toEqual({ env: { A: '1' }, later: true, model: 'claude-opus-4-1' });
    await settings.set('model', undefined);
    expect(settings.current()).toEqual({ env: { A: '1' }, later: true });
  });

  it('says when a change was written and read again (the header follows the model); a refused one says nothing', async () => {
    let changes = 0;
    const { settings } = await createAppSettings(path.join(dir, 'settings.json'), () => void changes++);
    await settings.set('model', 'm');
    await expect(settings.set('model', '')).rejects.toThrow();
    expect(changes).toBe(1);
  });

  it('an empty model is refused before anything is written', async () => {
    const f = path.join(dir, 'settings.json');
    const { settings } = await createAppSettings(f);
    await expect(settings.set('model', '  ')).rejects.toThrow(/is not a valid value for model/);
    await expect(readFile(f, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('a broken file warns at start and is never overwritten by a change', async () => {
    const f = path.join(dir, 'settings.json');
    await writeFile(f, '{ "model": ');
    const { settings, warning } = await createAppSettings(f);
    expect(warning).toMatch(/not valid JSON/);
    await expect(settings.set('model', 'm')).rejects.toThrow(/fix it before changing model there/);
    expect(await readFile(f, 'utf8')).toBe('{ "model": ');
  });
});
