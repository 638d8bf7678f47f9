#!/usr/bin/env node
// A/B of Agent Desk builds' start-up: each build runs a one-reply conversation (the peer bench's mock,
// start-up only) alternately with the others, and the medians of its wall start-up (spawn → first
// request at the mock) and of its whole run's CPU time (user + sys, from GNU time) are printed. CPU
// time moves far less with the machine's load than wall time, so a change can be judged on a busy
// machine; wall time is what the peer bench compares.
//   node bench/startup-ab.mjs --runs 15 /tmp/a/main/cli.js /tmp/b/main/cli.js
// Build one with: npx electron-vite build -c bench/cli-build.config.ts --outDir /tmp/b
// Env: PEER_BENCH (default ../shared/peer-bench), WORK (default ${TMPDIR:-/tmp}/peer-bench, the fixture).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 15;
const builds = argv.filter((a, i) => a !== '--runs' && i !== runsAt + 1).map((b) => resolve(b)); // runs from the fixture folder
if (builds.length === 0) {
  console.error('usage: node bench/startup-ab.mjs [--runs N] <cli.js> [<cli.js> ...]');
  process.exit(2);
}
const PEER = resolve(process.env.PEER_BENCH ?? join(REPO, '..', 'shared', 'peer-bench'));
const WORK = process.env.WORK ?? join(process.env.TMPDIR ?? '/tmp', 'peer-bench');
const FIXTURE = join(WORK, 'fixture');
if (!existsSync(join(FIXTURE, 'src'))) spawnSync(process.execPath, [join(PEER, 'gen-fixture.mjs'), '--out', FIXTURE], { stdio: 'ignore' });

const tmp = mkdtempSync(join(os.tmpdir(), 'startup-ab-'));
const base = JSON.parse(readFileSync(join(PEER, 'scenarios', 'bash-serial.json'), 'utf8'));
const scenario = join(tmp, 'startup-only.json');
writeFileSync(scenario, JSON.stringify({ ...base, name: 'startup-only', mainRequiresTools: false, turns: [base.turns[base.turns.length - 1]] }));

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function once(cli) {
  const dir = mkdtempSync(join(tmp, 'run-'));
  const log = join(dir, 'mock.jsonl');
  const portFile = join(dir, 'port');
  const mock = spawn(process.execPath, [join(PEER, 'mock-anthropic.mjs'), '--scenario', scenario, '--fixture', FIXTURE, '--log', log, '--port-file', portFile], { stdio: 'ignore' });
  for (let i = 0; i < 200 && !existsSync(portFile); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 20));
  const port = readFileSync(portFile, 'utf8').trim();
  const t0 = performance.timeOrigin + performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, cli, '-p', 'BENCH-SCENARIO startup-only: run', '--allowedTools', 'Read,Grep,Glob,Bash'], {
    cwd: FIXTURE,
    env: { ...process.env, HOME: dir, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: 'bench' },
    encoding: 'utf8',
  });
  mock.kill();
  const [user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  const main = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((x) => x.kind === 'main');
  if (r.status !== 0 || main.length === 0) throw new Error(`${cli}: run failed (exit ${r.status}): ${r.stderr.slice(-400)}`);
  return { startup: main[0].t_arrive - t0, cpu: (user + sys) * 1000 };
}

const results = builds.map(() => ({ startup: [], cpu: [] }));
for (let k = 0; k < 1 + RUNS; k++) {
  for (let b = 0; b < builds.length; b++) {
    const i = (b + k) % builds.length; // the order rotates so neither build always runs first
    const r = await once(builds[i]);
    if (k === 0) continue; // warm-up: the code cache is written at the first run's exit
    results[i].startup.push(r.startup);
    results[i].cpu.push(r.cpu);
  }
}
rmSync(tmp, { recursive: true, force: true });
console.log(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}, ${RUNS} runs each after 1 warm-up`);
console.log('| build | start-up wall ms (median) | whole run CPU ms (median) |');
console.log('| --- | ---: | ---: |');
builds.forEach((b, i) => console.log(`| ${b} | ${median(results[i].startup).toFixed(1)} | ${median(results[i].cpu).toFixed(0)} |`));
