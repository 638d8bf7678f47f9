#!/usr/bin/env node
// Fails (exit 1) when the layering of docs/architecture.md ("Layers") is broken: dependency-cruiser's import rules,
// plus the one rule it cannot see — raw ipcMain/ipcRenderer only in the desktop router and the preload.
// Usage: node scripts/check-layers.mjs [ROOT]   (ROOT defaults to the repo; tests point it at fixtures)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(process.argv[2] ?? repo);

/** The only files allowed to touch raw Electron IPC objects (tests of them may too). */
export const RAW_IPC_FILES = ['src/main/electron/router.ts', 'src/preload/index.ts'];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

function rawIpcViolations() {
  const bad = [];
  const srcDir = join(root, 'src');
  for (const file of walk(srcDir)) {
    const rel = relative(root, file).split(sep).join('/');
    if (RAW_IPC_FILES.includes(rel) || /\.test\.tsx?$/.test(rel)) continue;
    const text = readFileSync(file, 'utf8');
    if (/\b(ipcMain|ipcRenderer)\b/.test(text)) bad.push(rel);
  }
  return bad;
}

const depcruise = join(repo, 'node_modules', '.bin', process.platform === 'win32' ? 'depcruise.cmd' : 'depcruise');
const res = spawnSync(depcruise, ['src', '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'err'], {
  cwd: root,
  encoding: 'utf8',
});
let failed = res.status !== 0;
if (res.error) {
  console.error(`check-layers: could not run dependency-cruiser: ${res.error.message}`);
  failed = true;
}
process.stdout.write(res.stdout ?? '');
process.stderr.write(res.stderr ?? '');
const ipc = rawIpcViolations();
for (const f of ipc) {
  console.error(`error raw-ipc-only-in-router-and-preload: ${f} uses ipcMain/ipcRenderer (allowed only in ${RAW_IPC_FILES.join(', ')})`);
}
if (ipc.length) failed = true;
if (failed) {
  console.error('check-layers: layering violated (docs/architecture.md, "Layers")');
  process.exit(1);
}
console.log('check-layers: layering holds (docs/architecture.md, "Layers")');
