#!/usr/bin/env node
// `npm run bench` / `node bench/run.mjs [name ...]`: bundles the in-process benches (bench/*.bench.ts)
// and runs each in its own Node process (with --expose-gc for the heap figures). Never part of npm test.
// Env: BENCH_RUNS, BENCH_WARMUP, BENCH_N (see each bench's header).
import { spawnSync } from 'node:child_process';
import { benchNames, buildBenches, REPO } from './build.mjs';

const wanted = process.argv.slice(2);
const all = benchNames();
const unknown = wanted.filter((n) => !all.includes(n));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  process.exit(2);
}
const names = wanted.length ? wanted : all;
const built = await buildBenches(names);
let failed = 0;
for (const name of names) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(process.execPath, ['--expose-gc', built[name]], { cwd: REPO, stdio: 'inherit', env: { ...process.env, BENCH_REPO: REPO } });
  if (r.status !== 0) {
    failed++;
    console.error(`✖ ${name} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed ? 1 : 0);
