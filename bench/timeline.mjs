#!/usr/bin/env node
// One run of the built CLI on a peer-bench scenario, as a timeline relative to the first response's
// headers: when each spawn() blocked our event loop (and for how long), when each child closed, when
// the next request left. For reading where a turn's milliseconds go, next to profile-agent.mjs.
//   node bench/timeline.mjs [--scenario parallel-reads] [--runs 1]
// Env: AGENT_DESK (default bench/results/app/main/cli.js, else out/main/cli.js), PEER_BENCH, WORK.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (k, d) => (argv.includes(`--${k}`) ? argv[argv.indexOf(`--${k}`) + 1] : d);
const SCENARIO = opt('scenario', 'parallel-reads');
const RUNS = Number(opt('runs', 1)) || 1;
const PEER = resolve(process.env.PEER_BENCH ?? join(REPO, '..', 'shared', 'peer-bench'));
const FIXTURE = join(process.env.WORK ?? join(os.tmpdir(), 'peer-bench'), 'fixture');
const CLI = resolve(process.env.AGENT_DESK ?? [join(REPO, 'bench', 'results', 'app', 'main', 'cli.js'), join(REPO, 'out', 'main', 'cli.js')].find((p) => existsSync(p)) ?? 'out/main/cli.js');
if (!existsSync(CLI)) throw new Error(`no built CLI at ${CLI}: run bench/peer.sh once or npm run build`);
if (!existsSync(join(FIXTURE, 'src'))) spawnSync(process.execPath, [join(PEER, 'gen-fixture.mjs'), '--out', FIXTURE], { stdio: 'inherit' });

const tmp = mkdtempSync(join(os.tmpdir(), 'ad-timeline-'));
mkdirSync(join(tmp, 'home', '.claude'), { recursive: true });

async function oneRun(i) {
  const portFile = join(tmp, `port${i}`);
  const mock = spawn(process.execPath, [join(PEER, 'mock-anthropic.mjs'), '--scenario', join(PEER, 'scenarios', `${SCENARIO}.json`), '--fixture', FIXTURE, '--log', join(tmp, `mock${i}.jsonl`), '--port-file', portFile], { stdio: 'ignore' });
  for (let k = 0; k < 200 && !existsSync(portFile); k++) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 20));
  const log = join(tmp, `timeline${i}.log`);
  const env = { ...process.env, HOME: join(tmp, 'home'), ANTHROPIC_BASE_URL: `http://127.0.0.1:${readFileSync(portFile, 'utf8').trim()}`, ANTHROPIC_API_KEY: 'dummy', BENCH_TIMELINE_LOG: log };
  const child = spawn(process.execPath, ['--require', join(REPO, 'bench', 'lib', 'timeline-hooks.cjs'), CLI, '-p', `BENCH-SCENARIO ${SCENARIO}: run the scripted tool calls.`, '--allowedTools', 'Read,Grep,Glob,Bash'], { cwd: FIXTURE, env, stdio: 'ignore' });
  await new Promise((r) => child.on('exit', r));
  mock.kill();
  const events = readFileSync(log, 'utf8').trim().split('\n').map((l) => {
    const at = l.indexOf(' ');
    return { t: Number(l.slice(0, at)), text: l.slice(at + 1) };
  });
  // A spawn line is written after the call returns: its start is the stamp it carries.
  const rows = events.flatMap((e) => {
    const m = /^spawn (\d+) (.*)$/.exec(e.text);
    return m ? [{ t: Number(m[1]), text: `spawn ${m[2]} (blocked ${((e.t - Number(m[1])) / 1000).toFixed(1)} ms)` }] : [e];
  });
  rows.sort((a, b) => a.t - b.t);
  const t0 = rows.find((r) => r.text === 'fetch headers')?.t ?? rows[0].t;
  console.log(`\n${SCENARIO}, run ${i + 1}: ms from the first response's headers`);
  for (const r of rows) if (r.t >= t0 && !r.text.startsWith('exit')) console.log(`${((r.t - t0) / 1000).toFixed(1).padStart(8)}  ${r.text}`);
}

for (let i = 0; i < RUNS; i++) await oneRun(i);
rmSync(tmp, { recursive: true, force: true });
