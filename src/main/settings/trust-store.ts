// Which folders the person trusted, and with exactly which configuration (PX4): one small JSON file in
// the app's data folder, read once and kept in memory, written atomically on each change. A damaged
// file trusts nothing (the dialog asks again), and says so.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FolderConfiguration } from '../../shared/trust';
import { writeFileAtomic } from '../fs/atomic-write';
import type { TrustRecord } from './folder-trust';
import { readJsonFileSync } from './json-file';

export interface TrustStore {
  get(projectDir: string): TrustRecord | undefined;
  trust(projectDir: string, record: TrustRecord): Promise<void>;
  /** A problem reading the file, once (null when none). */
  readonly warning: string | null;
}

export function createTrustStore(file: string): TrustStore {
  let records: Map<string, TrustRecord> | null = null;
  let warning: string | null = null;
  const load = (): Map<string, TrustRecord> => {
    if (records) return records;
    records = new Map();
    const r = readJsonFileSync(file);
    if (r.kind === 'error') warning = `${r.warning} Folders you trusted before will ask again.`;
    if (r.kind === 'ok' && r.value && typeof r.value === 'object') {
      for (const [dir, rec] of Object.entries(r.value as Record<string, unknown>)) {
        const x = rec as Partial<TrustRecord>;
        const config = FolderConfiguration.safeParse(x?.configuration);
        if (typeof x?.fingerprint === 'string' && typeof x.at === 'number' && config.success) {
          records.set(dir, { fingerprint: x.fingerprint, configuration: config.data, at: x.at });
        }
      }
    }
    return records;
  };
  let writing: Promise<void> = Promise.resolve();
  return {
    get: (projectDir) => load().get(path.resolve(projectDir)),
    trust(projectDir, record) {
      load().set(path.resolve(projectDir), record);
      const text = JSON.stringify(Object.fromEntries(load()), null, 2) + '\n';
      // Writes queue: the last one holds every record.
      writing = writing.catch(() => undefined).then(async () => {
        mkdirSync(path.dirname(file), { recursive: true });
        await writeFileAtomic(file, new TextEncoder().encode(text));
      });
      return writing;
    },
    get warning() {
      load();
      return warning;
    },
  };
}
