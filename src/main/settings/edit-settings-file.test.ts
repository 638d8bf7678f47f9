// Changing one key of a settings file (Config, "Always allow"): everything else, the key order and the
// indent stay; a removal leaves no empty objects; a broken file, or a key on the way that is not an
// object, is never overwritten.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSettingsKey, withKey } from './edit-settings-file';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-edit-settings-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('withKey (pure)', () => {
  it('sets a nested key, creating the objects on the way, and keeps the rest', () => {
    expect(withKey({ permissions: { allow: ['Read'] }, env: {} }, ['permissions', 'defaultMode'], 'plan', 'f')).toEqual({
      json: { permissions: { allow: ['Read'], defaultMode: 'plan' }, env: {} },
      changed: true,
    });
    expect(withKey({}, ['permissions', 'defaultMode'], 'plan', 'f').json).toEqual({ permissions: { defaultMode: 'plan' } });
  });

  it('the same value is no change; undefined removes the key and the objects it leaves empty', () => {
    expect(withKey({ model: 'm' }, ['model'], 'm', 'f').changed).toBe(false);
    expect(withKey({ permissions: { defaultMode: 'plan' }, model: 'm' }, ['permissions', 'defaultMode'], undefined, 'f').json).toEqual({ model: 'm' });
    expect(withKey({ permissions: { defaultMode: 'plan', allow: [] } }, ['permissions', 'defaultMode'], undefined, 'f').json).toEqual({ permissions: { allow: [] } });
    expect(withKey({}, ['permissions', 'defaultMode'], undefined, 'f')).toEqual({ json: {}, changed: false });
  });

  it('a key on the way that holds something else is a broken file, not overwritten', () => {
    expect(() => withKey({ permissions: ['x'] }, ['permissions', 'defaultMode'], 'plan', 'f.json')).toThrow('f.json: "permissions" is not an object; fix it by hand first.');
  });
});

describe('setSettingsKey (the file)', () => {
  it('writes the key into a new file, then keeps the file’s indent, order and other keys', async () => {
    const f = path.join(dir, 'new', 'settings.json');
    await setSettingsKey(f, ['permissions', 'defaultMode'], 'acceptEdits');
    expect(await readFile(f, 'utf8')).toBe('{\n  "permissions": {\n    "defaultMode": "acceptEdits"\n  }\n}\n');
    const g = path.join(dir, 'tabs.json');
    await writeFile(g, '{\n\t"z": 1,\n\t"permissions": {\n\t\t"allow": ["Read"]\n\t}\n}\n');
    expect(await setSettingsKey(g, ['permissions', 'defaultMode'], 'plan')).toEqual({ changed: true });
    expect(await readFile(g, 'utf8')).toBe('{\n\t"z": 1,\n\t"permissions": {\n\t\t"allow": [\n\t\t\t"Read"\n\t\t],\n\t\t"defaultMode": "plan"\n\t}\n}\n');
  });

  it('a file that is not valid JSON is left as it is, and the error names the file and the line', async () => {
    const f = path.join(dir, 'broken.json');
    await writeFile(f, '{\n  "model": \n}');
    await expect(setSettingsKey(f, ['model'], 'x')).rejects.toThrow(/broken\.json.*line 3.*fix it before changing model there/s);
    expect(await readFile(f, 'utf8')).toBe('{\n  "model": \n}');
    await writeFile(f, '[1]');
    await expect(setSettingsKey(f, ['model'], 'x')).rejects.toThrow('does not hold a JSON object');
  });
});
