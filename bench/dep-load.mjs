#!/usr/bin/env node
// Start-up cost of runtime dependencies, as installed vs bundled into one file: each is loaded in a
// fresh Node process (median of RUNS, the two ways interleaved), so the figures say what bundling
// (electron.vite.config.ts: externalizeDeps.exclude) saves at every start — check a new dependency
// before the main bundle loads it eagerly.
//   node bench/dep-load.mjs [--runs 9] [package ...]     (default: zod @anthropic-ai/sdk)
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR, REPO } from './build.mjs';

const argv = process.argv.slice(2);
const RUNS = argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) || 9 : 9;
const named = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--runs');
const DIR = join(BENCH_DIR, 'results', 'dep-load');
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });

// As installed, each is loaded the way Node resolves it from a CJS bundle: import() (ESM-first
// packages like the SDK go through the ESM loader, file by file).
const DEPS = (named.length ? named : ['zod', '@anthropic-ai/sdk']).map((name) => ({
  name,
  how: 'import',
  entry: `import * as m from ${JSON.stringify(name)};\nexport default m;\n`,
}));

const { build } = await import('vite');
for (const [i, d] of DEPS.entries()) {
  writeFileSync(join(DIR, `entry${i}.mjs`), d.entry);
  await build({
    configFile: false,
    root: REPO,
    logLevel: 'error',
    ssr: { noExternal: true },
    build: { ssr: true, target: 'node20', outDir: DIR, emptyOutDir: false, minify: false, rollupOptions: { input: { [`bundle${i}`]: join(DIR, `entry${i}.mjs`) }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  });
}

const load = (code) => {
  const r = spawnSync(process.execPath, ['-e', code], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout.trim());
};
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const rows = [];
for (const [i, d] of DEPS.entries()) {
  const installed = [];
  const bundled = [];
  const spec = JSON.stringify(d.name);
  const file = JSON.stringify(join(DIR, `bundle${i}.cjs`));
  for (let r = 0; r < RUNS; r++) {
    installed.push(load(`const t=performance.now();import(${spec}).then(()=>console.log(performance.now()-t))`));
    bundled.push(load(`const t=performance.now();require(${file});console.log(performance.now()-t)`));
  }
  rows.push({ dep: d.name, how: d.how, installedMs: median(installed), bundledMs: median(bundled) });
}
const result = { date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism?.() ?? os.cpus().length, loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100), runs: RUNS, rows };
writeFileSync(join(BENCH_DIR, 'results', 'dep-load-latest.json'), JSON.stringify(result, null, 2) + '\n');
console.log(`\n### Dependency load time in a fresh process (median of ${RUNS}; load ${result.loadavg.join(' / ')})\n`);
console.log('| dependency | import() as installed (ms) | bundled into one CJS file (ms) | saved (ms) |\n| --- | ---: | ---: | ---: |');
for (const r of rows) console.log(`| ${r.dep} | ${r.installedMs.toFixed(1)} | ${r.bundledMs.toFixed(1)} | ${(r.installedMs - r.bundledMs).toFixed(1)} |`);
