// The desktop SecretStore: the key goes through safeStorage into credentials.bin, never in plain
// text; without a real keychain it refuses with a clear typed error.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, resetElectronStub } from '../../../test/electron-stub';
import { CREDENTIALS_FILE, createSafeStorageSecretStore, NO_KEYCHAIN_MESSAGE } from './secrets';

let tmp: string;
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const KEY = 'sk-ant-api03-secret-0123456789';
const store = (platform: NodeJS.Platform = 'linux') =>
  createSafeStorageSecretStore({ safeStorage: electron.safeStorage as never, dataDir: tmp, log, platform });

beforeEach(() => {
  resetElectronStub();
  tmp = mkdtempSync(join(tmpdir(), 'agent-desk-secrets-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('safeStorage secret store', () => {
  test('save encrypts into credentials.bin (owner-only) and load decrypts it', async () => {
    const s = store();
    expect(await s.load()).toBeNull();
    await s.save(KEY);
    const file = join(tmp, CREDENTIALS_FILE);
    expect(electron.safeStorage.state.encryptCalls).toBe(1);
    expect(readFileSync(file, 'utf8')).not.toContain(KEY);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await s.load()).toBe(KEY);
  });

  test('refuses to store in plain text when encryption is unavailable', async () => {
    electron.safeStorage.state.available = false;
    const s = store();
    await expect(s.save(KEY)).rejects.toMatchObject({ name: 'IpcFailure', code: 'unsupported', message: NO_KEYCHAIN_MESSAGE });
    expect(existsSync(join(tmp, CREDENTIALS_FILE))).toBe(false);
  });

  test("Linux 'basic_text' (a hard-coded password) counts as no keychain", async () => {
    electron.safeStorage.state.backend = 'basic_text';
    await expect(store('linux').save(KEY)).rejects.toMatchObject({ code: 'unsupported' });
    expect(electron.safeStorage.state.encryptCalls).toBe(0);
    // macOS and Windows have no such backend: their availability flag is the whole answer.
    await expect(store('darwin').save(KEY)).resolves.toBeUndefined();
  });

  test('an undecryptable file loads as null with a warning, not a crash', async () => {
    writeFileSync(join(tmp, CREDENTIALS_FILE), 'garbage');
    expect(await store().load()).toBeNull();
    expect(log.warn).toHaveBeenCalled();
  });

  test('a stored key is ignored when the keychain became unavailable', async () => {
    await store().save(KEY);
    electron.safeStorage.state.available = false;
    expect(await store().load()).toBeNull();
  });
});
