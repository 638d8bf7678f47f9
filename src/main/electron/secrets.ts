// The desktop SecretStore: the API key encrypted with the OS keychain (safeStorage) in
// <data>/credentials.bin. Without a real keychain it refuses to store rather than write plain text.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { IpcFailure } from '../../shared/ipc/errors';
import type { SecretStore } from '../app/engine';
import type { Logger } from '../base/log';
import { writePrivateFile } from '../fs/private-file';

export const CREDENTIALS_FILE = 'credentials.bin';

export const NO_KEYCHAIN_MESSAGE =
  'This computer has no secure key storage (keychain or keyring) available to Agent Desk, so the key was not saved: ' +
  'it would have to be written in plain text. Set ANTHROPIC_API_KEY in the environment instead and restart.';

export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

/** Real encryption only: on Linux 'basic_text' means a hard-coded password, i.e. plain text in disguise. */
export function secureStorageAvailable(safe: SafeStorageLike, platform: NodeJS.Platform = process.platform): boolean {
  if (!safe.isEncryptionAvailable()) return false;
  if (platform === 'linux' && safe.getSelectedStorageBackend) {
    const backend = safe.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown') return false;
  }
  return true;
}

export function createSafeStorageSecretStore(opts: {
  safeStorage: SafeStorageLike;
  dataDir: string;
  log: Logger;
  platform?: NodeJS.Platform;
}): SecretStore {
  const { safeStorage, log } = opts;
  const file = join(opts.dataDir, CREDENTIALS_FILE);
  const available = () => secureStorageAvailable(safeStorage, opts.platform);

  return {
    async load() {
      if (!existsSync(file)) return null;
      if (!available()) {
        log.warn('desktop: a stored API key exists but secure storage is unavailable; ignoring it');
        return null;
      }
      try {
        const key = safeStorage.decryptString(readFileSync(file)).trim();
        return key.length > 0 ? key : null;
      } catch (err) {
        // A key encrypted by another user or machine cannot be read: behave as if none was stored.
        log.warn(`desktop: could not decrypt ${file}: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    },
    async save(apiKey) {
      if (!available()) throw new IpcFailure({ code: 'unsupported', message: NO_KEYCHAIN_MESSAGE });
      await writePrivateFile(file, safeStorage.encryptString(apiKey));
    },
  };
}
