// Changes one JSON settings file, keeping every other key, the key order and the file's indent (2
// spaces for a new file). A file that is not valid JSON, or not an object, is never overwritten: the
// edit fails with the file's own problem. Writes are atomic and, per file, one after another.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-write';
import { parseJsonText } from './json-file';

export type Json = Record<string, unknown>;
export const isJsonObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

export class SettingsFileError extends Error {
  constructor(
    readonly code: 'broken_file' | 'io',
    message: string,
  ) {
    super(message);
    this.name = 'SettingsFileError';
  }
}

/** The indent the file already uses (its first indented line), else two spaces. */
export function detectIndent(text: string): string | number {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1]! : 2;
}

/**
 * `json` with the key at `keyPath` set to `value` (undefined removes it; an object left empty by a
 * removal goes too). A key on the way that holds something other than an object is a broken file.
 */
export function withKey(json: Json, keyPath: readonly string[], value: unknown, file: string): { json: Json; changed: boolean } {
  if (keyPath.length === 0) throw new Error('a settings key path cannot be empty');
  const out = structuredClone(json);
  const parents: Json[] = [out];
  for (const key of keyPath.slice(0, -1)) {
    const parent = parents[parents.length - 1]!;
    const next = Object.hasOwn(parent, key) ? parent[key] : undefined;
    if (next !== undefined && !isJsonObject(next)) throw new SettingsFileError('broken_file', `${file}: "${keyPath.slice(0, parents.length).join('.')}" is not an object; fix it by hand first.`);
    if (next === undefined && value === undefined) return { json, changed: false };
    const child = next ?? {};
    parent[key] = child;
    parents.push(child);
  }
  const last = keyPath[keyPath.length - 1]!;
  const holder = parents[parents.length - 1]!;
  const before = Object.hasOwn(holder, last) ? holder[last] : undefined;
  if (JSON.stringify(before) === JSON.stringify(value)) return { json, changed: false };
  if (value === undefined) delete holder[last];
  else holder[last] = value;
  // A removal leaves no empty objects behind ("permissions": {}).
  for (let i = parents.length - 1; i > 0 && value === undefined && Object.keys(parents[i]!).length === 0; i--) delete parents[i - 1]![keyPath[i - 1]!];
  return { json: out, changed: true };
}

const queues = new Map<string, Promise<unknown>>();

/** Edits one settings file by `change`; resolves once it is written (or nothing needed changing). */
export function editSettingsFile(file: string, change: (json: Json) => { json: Json; changed: boolean }, purpose = 'changing it'): Promise<{ changed: boolean }> {
  const run = async () => {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new SettingsFileError('io', `Could not read ${file} (${code ?? String(err)}).`);
    }
    const parsed = parseJsonText(file, text);
    if (parsed.kind === 'error') throw new SettingsFileError('broken_file', `${parsed.warning.replace(/; it was ignored\.$/, '')}; fix it before ${purpose}.`);
    const json = parsed.kind === 'ok' ? parsed.value : {};
    if (!isJsonObject(json)) throw new SettingsFileError('broken_file', `${file} does not hold a JSON object; fix it before ${purpose}.`);
    const { json: next, changed } = change(json);
    if (!changed) return { changed };
    try {
      await writeFileAtomic(file, new TextEncoder().encode(JSON.stringify(next, null, detectIndent(text)) + '\n'));
    } catch (err) {
      throw new SettingsFileError('io', `Could not write ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
    }
    return { changed };
  };
  const prev = queues.get(file) ?? Promise.resolve();
  const next = prev.then(run, run);
  queues.set(
    file,
    next.catch(() => undefined),
  );
  return next;
}

/** Sets (undefined: removes) the key at `keyPath` of one settings file, keeping the rest. */
export function setSettingsKey(file: string, keyPath: readonly string[], value: unknown): Promise<{ changed: boolean }> {
  return editSettingsFile(file, (json) => withKey(json, keyPath, value, file), `changing ${keyPath.join('.')} there`);
}
