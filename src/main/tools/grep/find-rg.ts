// Where `rg` is: the first executable `rg` on PATH (cached per PATH value). AGENT_DESK_GREP_BACKEND=builtin
// forces the built-in search; AGENT_DESK_RG_PATH names a specific binary. Also the env it is found and run with.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { ToolUseContext } from '../core/tool';

const cache = new Map<string, string | null>();

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The process's environment with the session's settings `env` on top: what Grep and Glob find and run rg with (as Bash gets it). */
export function searchEnv(ctx: Pick<ToolUseContext, 'env'>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const [k, v] of Object.entries(ctx.env)) if (v !== undefined) env[k] = v;
  return env;
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
