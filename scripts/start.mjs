#!/usr/bin/env node
// `npm start -- [DIR]`: runs the desktop app. Builds first when out/ is missing or older than the
// sources, then launches the Electron binary on out/main/index.js. Without the binary (it downloads
// on first install and this machine may not reach its host) it says so and points at the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const BUILD_OUTPUTS = ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html'];
const BUILD_INPUTS = ['src', 'electron.vite.config.ts', 'package.json', 'build/features.ts'];

export const NO_BINARY_MESSAGE =
  'The Electron binary is not installed on this machine (it downloads on first launch and this machine cannot reach it).\n' +
  'Use the browser instead: npm run serve -- DIR';

/**
 * The Electron executable, located like `require('electron')` does but without its side effect
 * (since Electron 45 that require tries to download a missing binary). null when absent.
 */
export function electronBinary(root = ROOT, env = process.env) {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const p = join(env.ELECTRON_OVERRIDE_DIST_PATH, name || 'electron');
    return existsSync(p) ? p : null;
  }
  if (!name) return null;
  const p = join(pkg, 'dist', name);
  return existsSync(p) ? p : null;
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(join(p, name)));
  return newest;
}

/** True when a build output is missing or any source is newer than the oldest output. */
export function needsBuild(root = ROOT) {
  const outputs = BUILD_OUTPUTS.map((f) => join(root, f));
  if (outputs.some((f) => !existsSync(f))) return true;
  const oldestOutput = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const newestInput = Math.max(...BUILD_INPUTS.map((f) => newestMtime(join(root, f))));
  return newestInput > oldestOutput;
}

/** npm runs scripts from the package root: resolve a relative DIR against where the user typed it. */
export function appArgs(args, cwd = process.env.INIT_CWD || process.cwd()) {
  return args.map((a) => (a.startsWith('-') || isAbsolute(a) ? a : resolve(cwd, a)));
}

function main() {
  const args = process.argv.slice(2);
  const binary = electronBinary();
  if (!binary) {
    console.error(NO_BINARY_MESSAGE);
    process.exit(1);
  }
  if (needsBuild()) {
    console.log('Building Agent Desk (out/ is missing or older than src/)…');
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const r = spawnSync(npx, ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`The build failed (exit ${r.status ?? r.signal}); fix the errors above and run npm start again.`);
      process.exit(1);
    }
  }
  const env = { ...process.env };
  // Either would turn the app into something else: plain Node, or a dev-server client.
  delete env.ELECTRON_RUN_AS_NODE;
  delete env.ELECTRON_RENDERER_URL;
  const child = spawn(binary, [join(ROOT, 'out', 'main', 'index.js'), ...appArgs(args)], { cwd: ROOT, stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('error', (err) => {
    console.error(`Could not start Electron (${binary}): ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
