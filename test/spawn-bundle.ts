// Finds a runnable CLI bundle for tests that spawn `agent-desk` as a real process, building one privately when out/ is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..');
/** What bin/agent-desk.js loads; `npm test` builds it first. */
export const sharedBundle = path.join(repoRoot, 'out/main/cli.js');
export const binScript = path.join(repoRoot, 'bin/agent-desk.js');

/** Newest mtime of the non-test TypeScript sources under `dir`. */
export function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export const sharedBundleIsFresh = (): boolean =>
  existsSync(sharedBundle) &&
  statSync(sharedBundle).mtimeMs >= Math.max(newestSource(path.join(repoRoot, 'src/main')), newestSource(path.join(repoRoot, 'src/shared')));

const BUILD_MAIN = `
import { resolve } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';
const repo = process.env.CLI_SPAWN_REPO, outDir = process.env.CLI_SPAWN_OUT;
const resolved = await resolveConfig({ configFile: resolve(repo, 'electron.vite.config.ts'), root: repo, build: { outDir }, logLevel: 'silent' }, 'build', 'production');
await build({ ...resolved.config.main, configFile: false, logLevel: 'warn' });
`;

/**
 * Builds the main target alone into `outDir` (the project's electron-vite config, ~1 s) and returns its
 * cli.js. `outDir` must be inside the repo so the bundle's externalized dependencies resolve from
 * node_modules; the shared out/ that other tests and people use is never touched.
 */
export function buildPrivateBundle(outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', BUILD_MAIN], {
    cwd: repoRoot,
    env: { ...process.env, CLI_SPAWN_REPO: repoRoot, CLI_SPAWN_OUT: outDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const cli = path.join(outDir, 'main', 'cli.js');
  if (r.status !== 0 || !existsSync(cli)) throw new Error(`building the main bundle failed (exit ${r.status ?? r.signal}):\n${r.stderr}\n${r.stdout}`);
  return cli;
}

export interface CliBundle {
  /** The script to run with `node`: bin/agent-desk.js, or a private build's cli.js. */
  entry: string;
  /** Removes the private build, if one was made. */
  dispose(): void;
}

/** bin/agent-desk.js when the shared bundle is fresh, else a private build (`label` names it in logs and folders). */
export function cliBundle(label: string): CliBundle {
  if (sharedBundleIsFresh()) return { entry: binScript, dispose: () => undefined };
  console.info(`${label}: out/main/cli.js is missing or older than the sources; testing a private build of the main target`);
  const outDir = path.join(repoRoot, 'node_modules', '.cache', `agent-desk-${label}`, `${process.pid}-${Date.now()}`);
  try {
    return { entry: buildPrivateBundle(outDir), dispose: () => rmSync(outDir, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(outDir, { recursive: true, force: true });
    throw err;
  }
}

/** The parent's env without the variables that would point a child at a real model or data folder. */
export function cleanEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('ANTHROPIC_') && !e[0].startsWith('AGENT_DESK_')));
}
