// Read of a 10 MB file (issue 4): the real Read tool through the whole pipeline on a generated 10 MiB,
// 200,000-line text file — no range (refused: over 256 KB), the first, a middle and the last 2,000-line
// page, and a repeat of a page (the file_unchanged stub) — against fs.readFileSync of the whole file +
// split + the same 2,000 lines numbered, measured in the same run. Time and heap in this process
// (modes rotating, medians); peak RSS in a fresh process per call (freed pages stay mapped here).
// Env: BENCH_RUNS (7), BENCH_WARMUP (1), BENCH_PROCS (3 fresh processes per call for RSS).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatNumberedLines } from '../src/main/tools/fs-common/line-numbers';
import { createFileStateCache } from '../src/main/tools/file-state/file-state';
import { ReadTool } from '../src/main/tools/read/read.tool';
import type { PipelineOutcome } from '../src/main/tools/pipeline/deps';
import { benchPipeline, type BenchPipeline } from './lib/harness';
import { gcExposed, measurePeak, probeMemory, type MemoryGrowth } from './lib/peak-memory';
import { envInt, fmt, machineInfo, markdownTable, max, median, min, writeResult } from './lib/stats';
import { READ_FIXTURE_BYTES, READ_FIXTURE_LINES, writeReadFixture } from './read.bench.fixture';

const RUNS = envInt('BENCH_RUNS', 7);
const WARMUP = envInt('BENCH_WARMUP', 1);
const PROCS = envInt('BENCH_PROCS', 3);
const REPO = process.env.BENCH_REPO ?? process.cwd();
const PAGE = 2000;
const BIG = 'big.txt';
const SMALL = 'small.txt';

type Page = { offset: number; limit: number };
const PAGES = {
  first: { offset: 1, limit: PAGE },
  middle: { offset: READ_FIXTURE_LINES / 2, limit: PAGE },
  last: { offset: READ_FIXTURE_LINES - PAGE + 1, limit: PAGE },
} satisfies Record<string, Page>;

type Call = {
  name: string;
  label: string;
  /** Untimed set-up before each measured call (a fresh read cache, or one primed by a first read). */
  prepare: (b: BenchPipeline, file: string) => Promise<void>;
  run: (b: BenchPipeline, file: string) => Promise<unknown>;
  /** The baseline this call's ratio is taken against. */
  baseline?: string;
};

let ids = 0;
const turn = new AbortController();
const freshCache = async (b: BenchPipeline) => void (b.ctx.fileState = createFileStateCache());

function readUse(b: BenchPipeline, file: string, page?: Page): Promise<PipelineOutcome> {
  return b.runToolUse({ id: `r${++ids}`, name: 'Read', input: { file_path: file, ...page }, messageId: 'msg' }, turn.signal, () => undefined);
}

function succeeded(o: PipelineOutcome): PipelineOutcome {
  if (o.state !== 'succeeded' || o.isError || typeof o.content !== 'string') throw new Error(`Read did not succeed: ${JSON.stringify(o).slice(0, 400)}`);
  return o;
}

/** What a naive Read does: the whole file into one string, split, the same lines numbered. */
function baseline(file: string, page: Page): string {
  const text = readFileSync(file, 'utf8');
  probeMemory();
  const lines = text.split('\n');
  probeMemory();
  return formatNumberedLines(lines.slice(page.offset - 1, page.offset - 1 + page.limit), page.offset);
}

const CALLS: Call[] = [
  {
    name: 'whole',
    label: '(a) no offset/limit',
    prepare: freshCache,
    run: async (b, file) => {
      const o = await readUse(b, file);
      if (!o.isError || !String(o.content).includes('exceeds maximum allowed size')) throw new Error(`expected the size refusal: ${JSON.stringify(o).slice(0, 400)}`);
      return o;
    },
  },
  ...(Object.entries(PAGES) as [keyof typeof PAGES, Page][]).flatMap(([name, page], i): Call[] => [
    {
      name,
      label: `(${'bcd'[i]}) ${name} page (offset ${page.offset}, limit ${page.limit})`,
      prepare: freshCache,
      run: async (b, file) => succeeded(await readUse(b, file, page)),
      baseline: `base-${name}`,
    },
    {
      name: `base-${name}`,
      label: `baseline: readFileSync + split, ${name} page`,
      prepare: async () => {},
      run: async (_b, file) => baseline(file, page),
    },
  ]),
  {
    name: 'repeat',
    label: '(e) first page again, file unchanged',
    prepare: async (b, file) => {
      await freshCache(b);
      succeeded(await readUse(b, file, PAGES.first));
    },
    run: async (b, file) => {
      const o = succeeded(await readUse(b, file, PAGES.first));
      if (!String(o.content).startsWith('File unchanged')) throw new Error(`expected the file_unchanged stub: ${String(o.content).slice(0, 200)}`);
      return o;
    },
    baseline: 'base-first',
  },
];

function pipelineFor(dir: string): BenchPipeline {
  const b = benchPipeline([ReadTool], ['Read']);
  b.ctx.projectDir = dir;
  b.ctx.workingDirectories = [dir];
  b.ctx.state.cwd = dir;
  b.ctx.toolResultsDir = join(dir, 'tool-results');
  return b;
}

/** The tool's pages must be the baseline's lines, byte for byte (plus Read's "Showing lines" note). */
async function checkPages(b: BenchPipeline, file: string): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const [name, page] of Object.entries(PAGES)) {
    await freshCache(b);
    const content = String(succeeded(await readUse(b, file, page)).content);
    const expected = baseline(file, page);
    if (!content.startsWith(`${expected}\n\n<system-reminder>`)) throw new Error(`${name} page differs from the baseline's lines`);
    shown[name] = content.slice(expected.length + 2);
  }
  await freshCache(b);
  shown.whole = String((await readUse(b, file)).content);
  return shown;
}

/** Child mode: one call on the big file in a fresh process (after a warm-up on a small one) → JSON. */
async function child(name: string, dir: string): Promise<void> {
  const call = CALLS.find((c) => c.name === name);
  if (!call) throw new Error(`unknown call ${name}`);
  const b = pipelineFor(dir);
  // Warm the same code (pipeline, Read, stream, format) on a small file so the figure is the big file's.
  await freshCache(b);
  if (name.startsWith('base-')) baseline(join(dir, SMALL), PAGES.first);
  else succeeded(await readUse(b, join(dir, SMALL), PAGES.first));
  await call.prepare(b, join(dir, BIG));
  const m = await measurePeak(() => call.run(b, join(dir, BIG)));
  process.stdout.write(`${JSON.stringify({ name, ms: m.ms, mem: m.mem, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

function freshProcess(name: string, dir: string): { ms: number; mem: MemoryGrowth } {
  const r = spawnSync(process.execPath, ['--expose-gc', process.argv[1]!], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, READ_BENCH_CHILD: name, READ_BENCH_DIR: dir },
  });
  if (r.status !== 0) throw new Error(`fresh process for ${name} failed (${r.status ?? r.signal}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { ms: number; mem: MemoryGrowth };
}

function heapAfterGc(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

const MB = (bytes: number) => fmt(bytes / 1024 / 1024, 1);

async function main(): Promise<void> {
  if (!gcExposed()) throw new Error('run with node --expose-gc (node bench/run.mjs read does)');
  const dir = mkdtempSync(join(os.tmpdir(), 'ad-read-bench-'));
  try {
    const t0 = performance.now();
    const bytes = writeReadFixture(join(dir, BIG));
    if (bytes !== READ_FIXTURE_BYTES) throw new Error(`fixture is ${bytes} bytes, expected ${READ_FIXTURE_BYTES}`);
    writeFileSync(join(dir, SMALL), readFileSync(join(dir, BIG), 'utf8').split('\n').slice(0, 100).join('\n') + '\n');
    const file = join(dir, BIG);
    console.log(`fixture: ${file}, ${bytes.toLocaleString('en-US')} bytes, ${READ_FIXTURE_LINES.toLocaleString('en-US')} lines (written in ${fmt(performance.now() - t0, 0)} ms)`);

    const b = pipelineFor(dir);
    const shown = await checkPages(b, file);
    console.log(`the three pages match the baseline's lines; no range → ${shown.whole!.slice(0, 160)}…`);

    const samples = new Map<string, { ms: number[]; mem: MemoryGrowth[] }>(CALLS.map((c) => [c.name, { ms: [], mem: [] }]));
    // Across all measured calls: does anything pile up (a leak would show here, per call, after gc)?
    const heapBefore = heapAfterGc();
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const order = CALLS.map((_, i) => CALLS[(i + r) % CALLS.length]!);
      for (const call of order) {
        await call.prepare(b, file);
        const m = await measurePeak(() => call.run(b, file));
        if (r >= WARMUP) {
          samples.get(call.name)!.ms.push(m.ms);
          samples.get(call.name)!.mem.push(m.mem);
        }
      }
      process.stderr.write(`run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
    }

    const heapGrowthPerCall = (heapAfterGc() - heapBefore) / ((WARMUP + RUNS) * CALLS.length);

    const fresh = new Map<string, MemoryGrowth[]>();
    for (let p = 0; p < PROCS; p++) {
      for (const call of CALLS) fresh.set(call.name, [...(fresh.get(call.name) ?? []), freshProcess(call.name, dir).mem]);
    }
    process.stderr.write(`${PROCS} fresh processes per call done\n`);

    const med = (xs: MemoryGrowth[], k: keyof MemoryGrowth) => median(xs.map((x) => x[k]));
    const rows = CALLS.map((c) => {
      const s = samples.get(c.name)!;
      const ms = median(s.ms);
      return {
        name: c.name,
        label: c.label,
        medianMs: ms,
        minMs: min(s.ms),
        maxMs: max(s.ms),
        baselineMs: c.baseline ? median(samples.get(c.baseline)!.ms) : undefined,
        ratio: c.baseline ? ms / median(samples.get(c.baseline)!.ms) : undefined,
        heapPeak: med(s.mem, 'heap'),
        externalPeak: med(s.mem, 'external'),
        retainedHeap: med(s.mem, 'retainedHeap'),
        rssPeakInProcess: med(s.mem, 'rss'),
        rssPeakFresh: med(fresh.get(c.name)!, 'rss'),
        heapPeakFresh: med(fresh.get(c.name)!, 'heap'),
        externalPeakFresh: med(fresh.get(c.name)!, 'external'),
        runsMs: s.ms,
        mem: s.mem,
        freshMem: fresh.get(c.name),
      };
    });
    const info = machineInfo(REPO);
    const out = writeResult(REPO, 'read', { bench: 'read', ...info, runs: RUNS, warmup: WARMUP, procs: PROCS, fixture: { bytes, lines: READ_FIXTURE_LINES }, heapGrowthPerCall, shown, rows });

    const result = (name: string) =>
      name === 'whole' ? 'refused: size error' : name === 'repeat' ? '`file_unchanged` stub' : name.startsWith('base-') ? '2,000 lines' : `2,000 lines, ${shown[name]!.replace(/<\/?system-reminder>/g, '').trim()}`;
    console.log(`\n### Read of a 10 MB file (median of ${RUNS} runs, +${WARMUP} warm-up; RSS: median of ${PROCS} fresh processes)`);
    console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs (${info.cpuModel}), load ${info.loadavg.join(' / ')}\n`);
    const tools = rows.filter((r) => !r.name.startsWith('base-'));
    console.log(
      markdownTable(
        ['call', 'result', 'Read via pipeline, median ms', 'min–max ms', 'baseline ms', 'ratio'],
        tools.map((r) => [r.label, result(r.name), fmt(r.medianMs, 2), `${fmt(r.minMs, 2)}–${fmt(r.maxMs, 2)}`, r.baselineMs === undefined ? '—' : fmt(r.baselineMs, 2), r.ratio === undefined ? '—' : `${fmt(r.ratio, 2)}×`]),
      ),
    );
    console.log('');
    console.log(
      markdownTable(
        ['call', 'peak heap growth MB', 'peak external MB', 'peak RSS growth, fresh process MB', 'fresh process: peak heap / external MB'],
        rows.map((r) => [r.label, MB(r.heapPeak), MB(r.externalPeak), MB(r.rssPeakFresh), `${MB(r.heapPeakFresh)} / ${MB(r.externalPeakFresh)}`]),
      ),
    );
    console.log(`\nheap after gc, end − start of the ${(WARMUP + RUNS) * CALLS.length} in-process calls: ${fmt(heapGrowthPerCall / 1024, 1)} KB per call`);
    console.log(`\n(results: ${out})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const childName = process.env.READ_BENCH_CHILD;
(childName ? child(childName, process.env.READ_BENCH_DIR!) : main()).catch((e) => {
  console.error(e);
  process.exit(1);
});
