#!/usr/bin/env node
// Where Agent Desk's time goes on a peer-bench scenario, phase by phase. Runs the built CLI against the
// peer bench's mock server RUNS times without the profiler (the phase times) and RUNS times with
// --cpu-prof (the CPU split). V8 profile timestamps and process.hrtime share CLOCK_MONOTONIC, so the
// mock's epoch timestamps cut each profile into phases:
//   start-up  process start → first /v1/messages request arrives
//   stream    that request → the end of its streamed reply (the client parsing the stream)
//   turn      end of a tool_use reply → arrival of the request with its results (per-turn overhead)
//   tail      end of the last reply → exit
// Per phase: median wall ms, CPU ms per bucket (a package's load + top-level code = the innermost
// module top-level frame; Node's ESM/CJS loader; idle = waiting on I/O or children; GC), and the app
// functions (innermost bundle frame) that cost the most.
//   node bench/profile-agent.mjs [--scenario bash-serial|large-output|parallel-reads|many-turns|startup-only]
//                                [--runs 5] [--readable] [--keep] [--slices]
// --slices: also prints the first profiled run's turns as a time line (what the main thread ran, in
// order, merged into runs of the same bucket and app function), to see what a turn waits on.
// --readable: first builds the CLI unminified (bench/cli-build.config.ts) into
// bench/results/app-readable and profiles that, so the app functions have their real names.
// Env: PROF_INTERVAL (µs between samples, default V8's 1000; 100 to see sub-millisecond slices),
//      AGENT_DESK (default bench/results/app/main/cli.js, else out/main/cli.js), AD_ARGS (default
//      --allowedTools Read,Grep,Glob,Bash), PEER_BENCH, WORK (as in bench/peer.sh).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (k, d) => (argv.includes(`--${k}`) ? argv[argv.indexOf(`--${k}`) + 1] : d);
const RUNS = Number(opt('runs', 5)) || 5;
const SCENARIO = opt('scenario', 'bash-serial');
const KEEP = argv.includes('--keep');
const SLICES = argv.includes('--slices');
const PEER = resolve(process.env.PEER_BENCH ?? join(REPO, '..', 'shared', 'peer-bench'));
const WORK = process.env.WORK ?? join(process.env.TMPDIR ?? '/tmp', 'peer-bench');
const FIXTURE = join(WORK, 'fixture');
const READABLE = argv.includes('--readable');
if (READABLE) {
  const r = spawnSync('npx', ['electron-vite', 'build', '-c', 'bench/cli-build.config.ts', '--outDir', join(REPO, 'bench', 'results', 'app-readable')], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, BENCH_READABLE: '1' },
  });
  if (r.status !== 0) throw new Error(`unminified build failed:\n${r.stdout}\n${r.stderr}`);
}
const defaultCli = [join(REPO, 'bench', 'results', READABLE ? 'app-readable' : 'app', 'main', 'cli.js'), join(REPO, 'out', 'main', 'cli.js')].find((p) => existsSync(p));
const CLI = resolve((READABLE ? undefined : process.env.AGENT_DESK) ?? defaultCli ?? 'out/main/cli.js');
const CLI_DIR = dirname(CLI) + '/';
const AD_ARGS = (process.env.AD_ARGS ?? '--allowedTools Read,Grep,Glob,Bash').split(' ').filter(Boolean);

if (!existsSync(CLI)) throw new Error(`no built CLI at ${CLI}: run bench/peer.sh once or npm run build`);
if (!existsSync(join(FIXTURE, 'src'))) spawnSync(process.execPath, [join(PEER, 'gen-fixture.mjs'), '--out', FIXTURE], { stdio: 'inherit' });

const tmp = mkdtempSync(join(os.tmpdir(), 'ad-profile-'));
let scenarioFile = join(PEER, 'scenarios', `${SCENARIO}.json`);
if (SCENARIO === 'startup-only') {
  // One end_turn reply: start-up + one streamed answer + exit.
  const base = JSON.parse(readFileSync(join(PEER, 'scenarios', 'bash-serial.json'), 'utf8'));
  scenarioFile = join(tmp, 'startup-only.json');
  writeFileSync(scenarioFile, JSON.stringify({ ...base, name: 'startup-only', mainRequiresTools: false, turns: [base.turns[base.turns.length - 1]] }));
}
if (!existsSync(scenarioFile)) throw new Error(`no scenario ${scenarioFile}`);

const median = (a) => {
  const s = a.filter(Number.isFinite).sort((x, y) => x - y);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const epochNow = () => performance.timeOrigin + performance.now();
// epoch ms − monotonic ms: the same for every process on this machine.
const MONO_OFFSET = epochNow() - Number(process.hrtime.bigint()) / 1e6;

function pkgOf(url) {
  const u = (url || '').replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = u.slice(nm + 14).split('/');
    return `pkg ${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (u.startsWith(CLI_DIR)) return `app ${u.slice(CLI_DIR.length).replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')}`;
  return null;
}

/** Per sample: a bucket and (when app code is on the stack) the innermost app function. */
function profileSamples(file) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map();
  const classify = (id) => {
    if (memo.has(id)) return memo.get(id);
    const f = byId.get(id).callFrame;
    let bucket;
    let appFn = null;
    for (let cur = id; cur !== undefined && !appFn; cur = parent.get(cur)) {
      const c = byId.get(cur).callFrame;
      const pk = pkgOf(c.url);
      if (pk && pk.startsWith('app ') && !(c.lineNumber === 0 && c.functionName === '')) appFn = `${pk.slice(4)} ${c.functionName || `(anonymous):${c.lineNumber + 1}`}`;
    }
    if (f.functionName === '(idle)') bucket = 'idle (waiting on I/O, children, timers)';
    else if (f.functionName === '(garbage collector)') bucket = 'garbage collector';
    else if (f.functionName === '(program)') bucket = 'V8/native (program)';
    else {
      let hit = null;
      let esm = false;
      let cjs = false;
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const c = byId.get(cur).callFrame;
        if (c.lineNumber === 0 && c.functionName === '' && pkgOf(c.url)) {
          hit = pkgOf(c.url);
          break;
        }
        if (/internal\/modules\/esm\//.test(c.url)) esm = true;
        if (/internal\/modules\/cjs\//.test(c.url)) cjs = true;
      }
      if (hit) bucket = `${hit} (load + top-level)`;
      else if (esm) bucket = 'Node ESM loader (resolve, read, compile, link)';
      else if (cjs) bucket = 'Node CJS loader';
      else if (/deps\/undici/.test(f.url)) bucket = 'Node fetch (undici)';
      else if (/child_process/.test(f.url) || f.functionName === 'spawn') bucket = 'child_process (spawn)';
      else {
        let b = null;
        for (let cur = id; cur !== undefined && !b; cur = parent.get(cur)) b = pkgOf(byId.get(cur).callFrame.url);
        bucket = b ? `${b} (running)` : 'Node internals / builtins';
      }
    }
    const out = { bucket, appFn };
    memo.set(id, out);
    return out;
  };
  const samples = [];
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    samples.push({ t: t / 1000 + MONO_OFFSET, dt: dt / 1000, ...classify(p.samples[i]) });
  }
  return { start: p.startTime / 1000 + MONO_OFFSET, end: p.endTime / 1000 + MONO_OFFSET, samples };
}

function phasesOf(recs, t0, t1) {
  const main = recs.filter((r) => r.kind === 'main' && r.t_arrive >= t0 && r.t_arrive <= t1).sort((a, b) => a.t_arrive - b.t_arrive);
  if (!main.length) return null;
  const ph = [{ name: 'start-up', from: t0, to: main[0].t_arrive }];
  main.forEach((r, i) => {
    ph.push({ name: 'stream', from: r.t_arrive, to: r.t_end });
    if (r.stop_reason === 'tool_use' && main[i + 1]) ph.push({ name: 'turn', from: r.t_end, to: main[i + 1].t_arrive });
  });
  ph.push({ name: 'tail', from: main[main.length - 1].t_end, to: t1 });
  return ph;
}

/** One turn's samples merged into consecutive runs of the same bucket + app function (ms from the turn's start). */
function sliceTimeline(samples, ph) {
  const out = [];
  for (const s of samples) {
    if (s.t <= ph.from || s.t > ph.to) continue;
    const what = s.appFn ? `${s.bucket} · ${s.appFn}` : s.bucket;
    const last = out[out.length - 1];
    if (last && last.what === what) last.ms += s.dt;
    else out.push({ at: s.t - s.dt - ph.from, ms: s.dt, what });
  }
  return out.filter((x) => x.ms >= 0.3);
}

async function oneRun(i, profiled) {
  const log = join(tmp, `mock${i}${profiled ? 'p' : ''}.jsonl`);
  const portFile = join(tmp, `port${i}${profiled ? 'p' : ''}`);
  const mock = spawn(process.execPath, [join(PEER, 'mock-anthropic.mjs'), '--scenario', scenarioFile, '--fixture', FIXTURE, '--log', log, '--port-file', portFile], { stdio: 'ignore' });
  for (let k = 0; k < 200 && !existsSync(portFile); k++) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 20));
  const port = readFileSync(portFile, 'utf8').trim();
  const profDir = join(tmp, `prof${i}`);
  mkdirSync(profDir, { recursive: true });
  const home = join(tmp, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  const env = { ...process.env, HOME: home, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: 'dummy' };
  const prompt = `BENCH-SCENARIO ${SCENARIO}: run the scripted tool calls.`;
  // Unprofiled runs also time every synchronous spawn() (bench/lib/spawn-timer.cjs).
  const spawnLog = join(tmp, `spawns${i}.jsonl`);
  const pre = profiled ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, ...(process.env.PROF_INTERVAL ? [`--cpu-prof-interval=${process.env.PROF_INTERVAL}`] : [])] : ['--require', join(REPO, 'bench', 'lib', 'spawn-timer.cjs')];
  const args = [...pre, CLI, '-p', prompt, ...AD_ARGS];
  const t0 = epochNow();
  const child = spawn(process.execPath, args, { cwd: FIXTURE, env: { ...env, BENCH_SPAWN_LOG: spawnLog }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const rc = await new Promise((r) => child.on('exit', (c) => r(c)));
  const t1 = epochNow();
  mock.kill();
  await new Promise((r) => mock.on('exit', r));
  const recs = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const phases = phasesOf(recs, t0, t1);
  if (rc !== 0 || !phases) throw new Error(`run ${i} failed (rc ${rc}): ${err.slice(0, 400)}`);
  const bad = recs.flatMap((r) => r.tool_results ?? []).filter((x) => x.is_error);
  if (bad.length) throw new Error(`run ${i}: ${bad.length} tool_result(s) with is_error: ${bad[0].head}`);
  const run = { t0, t1, phases, spawns: existsSync(spawnLog) ? readFileSync(spawnLog, 'utf8').trim().split('\n').filter(Boolean).flatMap((l) => JSON.parse(l)) : [] };
  if (profiled) {
    const prof = profileSamples(join(profDir, readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))));
    run.beforeProfiler = prof.start - t0;
    run.cpu = phases.map((ph) => {
      const buckets = {};
      const fns = {};
      for (const s of prof.samples) {
        if (s.t <= ph.from || s.t > ph.to) continue;
        buckets[s.bucket] = (buckets[s.bucket] ?? 0) + s.dt;
        if (s.appFn) fns[s.appFn] = (fns[s.appFn] ?? 0) + s.dt;
      }
      return { name: ph.name, buckets, fns };
    });
    run.slices = phases.filter((ph) => ph.name === 'turn').map((ph) => sliceTimeline(prof.samples, ph));
  }
  return run;
}

const plain = [];
const profiled = [];
for (let i = 0; i < RUNS; i++) {
  plain.push(await oneRun(i, false));
  profiled.push(await oneRun(i, true));
}
const phaseNames = [...new Set(plain[0].phases.map((p) => p.name))];
const report = { date: new Date().toISOString(), scenario: SCENARIO, cli: CLI, args: AD_ARGS.join(' '), runs: RUNS, loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100), phases: [] };
for (const name of phaseNames) {
  // Phases of one name (several turns in many-turns) are summed per run, then the median is taken.
  const wall = median(plain.map((r) => r.phases.filter((p) => p.name === name).reduce((a, p) => a + p.to - p.from, 0)));
  const count = plain[0].phases.filter((p) => p.name === name).length;
  const sumOver = (field) => {
    const keys = new Set(profiled.flatMap((r) => r.cpu.filter((c) => c.name === name).flatMap((c) => Object.keys(c[field]))));
    return [...keys]
      .map((k) => ({ key: k, ms: median(profiled.map((r) => r.cpu.filter((c) => c.name === name).reduce((a, c) => a + (c[field][k] ?? 0), 0))) }))
      .filter((x) => x.ms >= 0.5)
      .sort((a, b) => b.ms - a.ms);
  };
  report.phases.push({ name, count, wallMs: wall, buckets: sumOver('buckets'), appFunctions: sumOver("fns").slice(0, Number(process.env.PROF_TOP ?? 12)) });
}
report.beforeProfilerMs = median(profiled.map((r) => r.beforeProfiler));
const spawns = plain.flatMap((r) => r.spawns);
report.spawns = { count: spawns.length / RUNS, medianMs: median(spawns.map((x) => x.ms)), maxMs: spawns.length ? Math.max(...spawns.map((x) => x.ms)) : NaN, files: [...new Set(spawns.map((x) => x.file))], medianRssMb: median(spawns.map((x) => x.rssMb)) };
mkdirSync(join(REPO, 'bench', 'results'), { recursive: true });
writeFileSync(join(REPO, 'bench', 'results', `profile-${SCENARIO}-latest.json`), JSON.stringify(report, null, 2) + '\n');

console.log(`\n### Agent Desk on ${SCENARIO}: phases (median of ${RUNS} runs without the profiler; CPU split from ${RUNS} profiled runs; load ${report.loadavg.join(' / ')})\n`);
console.log('| phase | wall ms |\n| --- | ---: |');
for (const p of report.phases) console.log(`| ${p.name}${p.count > 1 ? ` (${p.count}×, summed)` : ''} | ${p.wallMs.toFixed(1)} |`);
console.log(`\n(process spawn → profiler start, i.e. Node's own bootstrap: ${report.beforeProfilerMs.toFixed(1)} ms, part of start-up)`);
if (report.spawns.count > 0) {
  const sp = report.spawns;
  console.log(`(child_process.spawn, timed without the profiler: ${sp.count} per run (${sp.files.join(', ')}), each blocks the event loop median ${sp.medianMs.toFixed(1)} ms, max ${sp.maxMs.toFixed(1)} ms; agent RSS then ~${sp.medianRssMb} MB)`);
}
for (const p of report.phases) {
  console.log(`\n#### ${p.name}: CPU ms by bucket (profiled runs)\n\n| bucket | ms |\n| --- | ---: |`);
  for (const b of p.buckets) console.log(`| ${b.key} | ${b.ms.toFixed(1)} |`);
  if (p.appFunctions.length) {
    console.log(`\napp functions on the stack (innermost bundle frame, ms):\n\n| function | ms |\n| --- | ---: |`);
    for (const f of p.appFunctions) console.log(`| ${f.key} | ${f.ms.toFixed(1)} |`);
  }
}
if (SLICES) {
  profiled[0].slices.forEach((turn, k) => {
    console.log(`\n#### turn ${k + 1} of the first profiled run, as a time line (ms from the end of the reply; slices ≥ 0.3 ms)\n`);
    for (const x of turn) console.log(`${x.at.toFixed(1).padStart(7)}  ${x.ms.toFixed(1).padStart(5)}  ${x.what}`);
  });
}
if (KEEP) console.log(`\nprofiles kept in ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
