// Grep against raw `rg` on a generated 20,000-file tree (issue 4): for three typical calls, the median
// wall time of the whole Grep tool call through the rg backend and through the built-in search, against
// `rg` spawned directly with the same arguments the backend passes (stdout drained, nothing parsed).
// Order rotates within each run so machine drift hits every variant alike. Both backends' results are
// checked equal on the big tree before timing. Env: BENCH_RUNS (default 7), BENCH_WARMUP (1),
// BENCH_FILES (20000). Run: node bench/run.mjs grep.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { GrepInput, GrepOutput } from '../src/shared/tools/grep';
import type { ToolUseContext } from '../src/main/tools/core/tool';
import { grepGlobs } from '../src/main/tools/grep/filters';
import { findRipgrep } from '../src/main/process/ripgrep';
import { createGrepTool } from '../src/main/tools/grep/grep.tool';
import { ripgrepArgs } from '../src/main/tools/grep/rg-backend';
import type { SearchRequest } from '../src/main/tools/grep/search-types';
import { ensureGrepFixture } from './grep.bench.fixture';
import { quietLog } from './lib/harness';
import { envInt, fmt, machineInfo, markdownTable, max, median, min, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 7);
const WARMUP = envInt('BENCH_WARMUP', 1);
const FILES = envInt('BENCH_FILES', 20_000);
const REPO = process.env.BENCH_REPO ?? process.cwd();

const rgPath = findRipgrep(process.env);
if (!rgPath) {
  console.error('grep bench: ripgrep (rg) is not on PATH; there is nothing to compare against.');
  process.exit(1);
}

const t0 = performance.now();
const fixture = ensureGrepFixture(FILES);
console.log(
  `fixture: ${fixture.dir} — ${fixture.searchable} searchable + ${fixture.ignored} ignored + ${fixture.binary} binary files, ` +
    `${(fixture.bytes / 1e6).toFixed(1)} MB (${fixture.reused ? 'reused' : `generated in ${fmt((performance.now() - t0) / 1000, 1)} s`})`,
);

const ctx: ToolUseContext = {
  sessionId: 'bench',
  projectDir: fixture.dir,
  workingDirectories: [fixture.dir],
  state: { cwd: fixture.dir },
  abortSignal: new AbortController().signal,
  toolResultsDir: '/tmp/agent-desk-bench-results',
  env: { PATH: process.env.PATH },
  log: quietLog,
  tools: [],
};

interface Scenario {
  name: string;
  input: GrepInput;
}

const scenarios: Scenario[] = [
  { name: 'files_with_matches, rare regex', input: { pattern: 'needle_[0-9]+_7\\b' } },
  { name: 'content -n, common literal (first 250 lines)', input: { pattern: 'TODO', output_mode: 'content' } },
  { name: 'count -i, glob *.ts', input: { pattern: 'export function \\w+', output_mode: 'count', glob: '*.ts', '-i': true } },
];

/** The request the tool builds for `input` (same fields, so the same rg arguments). */
function requestFor(input: GrepInput): SearchRequest {
  return {
    pattern: input.pattern,
    root: fixture.dir,
    rootIsFile: false,
    mode: input.output_mode ?? 'files_with_matches',
    caseInsensitive: input['-i'] ?? false,
    multiline: input.multiline ?? false,
    before: 0,
    after: 0,
    globs: grepGlobs(input.glob),
    ...(input.type ? { type: input.type } : {}),
    signal: new AbortController().signal,
    maxOutputBytes: Number.MAX_SAFE_INTEGER,
  };
}

function rawRg(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath!, args, { cwd: fixture.dir, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (b: Buffer) => (bytes += b.length));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 || code === 1 ? resolve(bytes) : reject(new Error(`rg exited ${code}`))));
  });
}

const viaRg = createGrepTool({ backend: 'ripgrep', rgPath });
const viaBuiltin = createGrepTool({ backend: 'builtin' });
const allow = async () => ({ behavior: 'allow' as const });

async function callTool(tool: typeof viaRg, input: GrepInput): Promise<GrepOutput> {
  return (await tool.call(input, ctx, allow, 'bench', () => {})).data;
}

type Variant = 'raw rg' | 'Grep (rg)' | 'Grep (built-in)';
const VARIANTS: Variant[] = ['raw rg', 'Grep (rg)', 'Grep (built-in)'];

async function timeOnce(v: Variant, s: Scenario): Promise<number> {
  const start = performance.now();
  if (v === 'raw rg') await rawRg(ripgrepArgs(requestFor(s.input)));
  else await callTool(v === 'Grep (rg)' ? viaRg : viaBuiltin, s.input);
  return performance.now() - start;
}

const rows: string[][] = [];
const json: Record<string, unknown> = {};
for (const s of scenarios) {
  // Same answer from both backends on the big tree, or the timing means nothing.
  const a = await callTool(viaRg, s.input);
  const b = await callTool(viaBuiltin, s.input);
  const strip = (o: GrepOutput) => JSON.stringify({ ...o, backend: '', durationMs: 0 });
  const same = strip(a) === strip(b);
  if (!same) console.error(`✖ ${s.name}: the backends disagree on the bench tree`);
  const size = a.mode === 'files_with_matches' ? `${a.numFiles} files` : a.mode === 'count' ? `${a.numMatches} in ${a.numFiles} files` : `${a.numLines} lines`;

  const times: Record<Variant, number[]> = { 'raw rg': [], 'Grep (rg)': [], 'Grep (built-in)': [] };
  for (let run = 0; run < WARMUP + RUNS; run++) {
    for (let k = 0; k < VARIANTS.length; k++) {
      const v = VARIANTS[(run + k) % VARIANTS.length]!;
      const ms = await timeOnce(v, s);
      if (run >= WARMUP) times[v].push(ms);
    }
  }
  const med = (v: Variant) => median(times[v]);
  rows.push([
    s.name,
    size,
    fmt(med('raw rg'), 1),
    fmt(med('Grep (rg)'), 1),
    `${fmt(med('Grep (rg)') / med('raw rg'), 2)}×`,
    fmt(med('Grep (built-in)'), 1),
    `${fmt(med('Grep (built-in)') / med('raw rg'), 2)}×`,
    same ? 'yes' : '**no**',
  ]);
  json[s.name] = {
    input: s.input,
    result: size,
    sameResult: same,
    ms: Object.fromEntries(VARIANTS.map((v) => [v, { median: med(v), min: min(times[v]), max: max(times[v]), runs: times[v] }])),
  };
  console.log(`✔ ${s.name}`);
}

const info = machineInfo(REPO);
const table = markdownTable(['call', 'result', 'raw rg ms', 'Grep (rg) ms', 'ratio', 'Grep (built-in) ms', 'ratio', 'same result'], rows);
console.log(`\n${info.date} · commit ${info.commit} · ${info.cpuModel} × ${info.cpus} · ${info.os} · Node ${info.node}`);
console.log(`${fixture.searchable} searchable files (${(fixture.bytes / 1e6).toFixed(1)} MB), median of ${RUNS} runs after ${WARMUP} warm-up, wall time\n`);
console.log(table);
const file = writeResult(REPO, 'grep', { info, fixture, runs: RUNS, warmup: WARMUP, scenarios: json, table });
console.log(`\nresults: ${file}`);
