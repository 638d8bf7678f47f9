// The browser host's SecretStore: the API key typed on its first screen, kept on the machine that runs
// `agent-desk serve` in <data>/api-key.json, readable by its user only (0600 in a 0700 folder) — what
// Claude Code does on Linux (~/.claude/.credentials.json). It never goes back to a page: only "configured".
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { SecretStore } from './core';

export const API_KEY_FILE = 'api-key.json';

export function createFileSecretStore(opts: { dataDir: string }): SecretStore & { file: string } {
  const file = path.join(opts.dataDir, API_KEY_FILE);
  return {
    file,
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const key = (JSON.parse(text) as { apiKey?: unknown }).apiKey;
      return typeof key === 'string' && key.trim().length > 0 ? key.trim() : null;
    },
    async save(apiKey) {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written beside it, private from the first byte, then renamed: never a half-written or readable key.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, `${JSON.stringify({ apiKey })}\n`, { mode: 0o600 });
      await chmod(tmp, 0o600);
      await rename(tmp, file);
    },
  };
}
