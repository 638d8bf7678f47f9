// Where `rg` is: the app's own (shipped in its resources), else the first executable `rg` on PATH
// (cached per PATH value). AGENT_DESK_GREP_BACKEND=builtin forces the built-in search;
// AGENT_DESK_RG_PATH names a specific binary. Both are read from the app's own environment only: rg is
// a program the app starts, so a project's settings `env` never chooses it or the environment it runs
// with (PX4, issue 16 item 1).
import { accessSync, constants, statSync } from 'node:fs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bundledRipgrep } from './bundled-rg';

const cache = new Map<string, string | null>();

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * What Grep and Glob find and run rg with: the app's own environment (the user's), never a session's
 * settings `env`. A PATH, AGENT_DESK_RG_PATH, LD_PRELOAD or RIPGREP_CONFIG_PATH from a project's
 * settings would otherwise run the project's code on the first search, with no prompt.
 */
export function searchEnv(appEnv: Env = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(appEnv)) if (v !== undefined) env[k] = v;
  return env;
}

/**
 * Folders the app's own resources may be in: a packaged app's (`<resources>/resources`, as
 * build/electron-builder.yml copies them) and, from a checkout, the repository's `resources/`
 * beside the package.json above the running bundle.
 */
export function appResourceDirs(): string[] {
  const dirs: string[] = [];
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) dirs.push(path.join(packaged, 'resources'));
  let dir = __dirname;
  for (let i = 0; i < 4; i++) {
    if (existsSync(path.join(dir, 'package.json'))) {
      dirs.push(path.join(dir, 'resources'));
      break;
    }
    dir = path.dirname(dir);
  }
  return dirs;
}

/**
 * The rg to run, or undefined: use the built-in search. The app's own first (issue 11 item 7), then
 * the user's, looked up in the app's own environment (`searchEnv`).
 */
export function findRipgrep(env: Env, resourceDirs: readonly string[] = appResourceDirs()): string | undefined {
  if (env.AGENT_DESK_GREP_BACKEND === 'builtin') return undefined;
  const explicit = env.AGENT_DESK_RG_PATH;
  if (explicit) return executable(explicit) ? explicit : undefined;
  for (const dir of resourceDirs) {
    const own = bundledRipgrep(dir);
    if (own) return own;
  }
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
