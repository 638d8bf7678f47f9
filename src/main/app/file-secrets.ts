// The browser host's SecretStore: the API key typed on its first screen, kept on the machine that runs
// `agent-desk serve` in <data>/api-key.json, readable by its user only (0600 in a 0700 folder) — what
// Claude Code does on Linux (~/.claude/.credentials.json). It never goes back to a page: only "configured".
import path from 'node:path';
import { readOptionalFile, writePrivateFile } from '../fs/private-file';
import type { SecretStore } from './engine';

export const API_KEY_FILE = 'api-key.json';

export function createFileSecretStore(opts: { dataDir: string }): SecretStore & { file: string } {
  const file = path.join(opts.dataDir, API_KEY_FILE);
  return {
    file,
    async load() {
      const bytes = await readOptionalFile(file);
      if (!bytes) return null;
      const key = (JSON.parse(bytes.toString('utf8')) as { apiKey?: unknown }).apiKey;
      return typeof key === 'string' && key.trim().length > 0 ? key.trim() : null;
    },
    save: (apiKey) => writePrivateFile(file, `${JSON.stringify({ apiKey })}\n`),
  };
}
