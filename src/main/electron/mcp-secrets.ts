// Where the desktop keeps MCP servers' sign-ins (issue 17 item 4): encrypted with the OS keychain
// (safeStorage) in <data>/mcp-credentials.bin. Without a real keychain, a file only its owner may read,
// as Claude Code does on Linux — said once in the log — so signing in still works there.
import { join } from 'node:path';
import type { Logger } from '../base/log';
import { readOptionalFile, writePrivateFile } from '../fs/private-file';
import { defaultSecretFile, type SecretFile } from '../mcp/oauth/credentials';
import { secureStorageAvailable, type SafeStorageLike } from './secrets';

export const MCP_CREDENTIALS_BIN = 'mcp-credentials.bin';

export function createMcpSecretFile(opts: { safeStorage: SafeStorageLike; dataDir: string; log: Logger; platform?: NodeJS.Platform }): SecretFile {
  if (!secureStorageAvailable(opts.safeStorage, opts.platform)) {
    const plain = defaultSecretFile(opts.dataDir);
    opts.log.info(`desktop: no keychain is available; MCP sign-ins are kept in ${plain.where}, readable by you only`);
    return plain;
  }
  const file = join(opts.dataDir, MCP_CREDENTIALS_BIN);
  return {
    where: file,
    async read() {
      const bytes = await readOptionalFile(file);
      return bytes ? opts.safeStorage.decryptString(bytes) : null;
    },
    write: (text) => writePrivateFile(file, opts.safeStorage.encryptString(text)),
  };
}
