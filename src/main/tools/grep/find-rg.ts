// Where `rg` is: the first executable `rg` on PATH (cached per PATH value). AGENT_DESK_GREP_BACKEND=builtin
// forces the built-in search; AGENT_DESK_RG_PATH names a specific binary.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

const cache = new Map<string, string | null>();

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export function findRipgrep(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env.AGENT_DESK_GREP_BACKEND === 'builtin') return undefined;
  const explicit = env.AGENT_DESK_RG_PATH;
  if (explicit) return executable(explicit) ? explicit : undefined;
  const PATH = env.PATH ?? process.env.PATH ?? '';
  const hit = cache.get(PATH);
  if (hit !== undefined) return hit ?? undefined;
  const names = process.platform === 'win32' ? ['rg.exe', 'rg'] : ['rg'];
  let found: string | null = null;
  for (const dir of PATH.split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (executable(candidate)) {
        found = candidate;
        break;
      }
    }
    if (found) break;
  }
  cache.set(PATH, found);
  return found ?? undefined;
}
