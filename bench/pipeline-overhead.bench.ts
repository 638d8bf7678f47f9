// Pipeline overhead per call, tool work excluded: N no-op calls through every stage of the real
// pipeline (lookup, validate, pre-checks without hooks, permission allowed by a rule, execute,
// map-result, post-hooks), alone and through the StreamingToolExecutor, against the tool's own `call`
// measured in the same run. Modes alternate within each run so machine drift hits all of them alike.
import { performance } from 'node:perf_hooks';
import type { ToolProgress } from '../src/shared/tools/tool-call';
import type { ToolUseContext } from '../src/main/tools/core/tool';
import type { PipelineOutcome } from '../src/main/tools/pipeline/deps';
import { benchPipeline, benchTool } from './lib/harness';
import { envInt, fmt, machineInfo, markdownTable, median, max, min, writeResult } from './lib/stats';

const N = envInt('BENCH_N', 10_000);
const RUNS = envInt('BENCH_RUNS', 7);
const WARMUP = envInt('BENCH_WARMUP', 1);
const BATCH = 10;
const REPO = process.env.BENCH_REPO ?? process.cwd();

const noop = benchTool('Noop', async () => ({ data: 'ok' }));
const bench = benchPipeline([noop], ['Noop']);
const onProgress = (_p: ToolProgress): void => {};
const canUseTool = async () => ({ behavior: 'allow' as const });
const turn = new AbortController();

function check(o: PipelineOutcome, id: string): void {
  if (o.toolUseId !== id || o.state !== 'succeeded' || o.isError || o.content !== 'ok') {
    throw new Error(`bench call ${id} did not succeed: ${JSON.stringify(o).slice(0, 300)}`);
  }
}

type Mode = { name: string; label: string; run: (n: number, tag: string) => Promise<void> };

const modes: Mode[] = [
  {
    name: 'baseline',
    label: "baseline: the tool's `call` directly",
    async run(n) {
      const ctx: ToolUseContext = bench.ctx;
      for (let i = 0; i < n; i++) {
        const r = await noop.call({ file_path: '/bench/a.ts' }, ctx, canUseTool, 'msg', onProgress);
        if (r.data !== 'ok') throw new Error('baseline call failed');
      }
    },
  },
  {
    name: 'pipeline',
    label: 'pipeline (`createRunToolUse`), one call at a time',
    async run(n, tag) {
      for (let i = 0; i < n; i++) {
        const id = `${tag}p${i}`;
        check(await bench.runToolUse({ id, name: 'Noop', input: { file_path: '/bench/a.ts' }, messageId: 'msg' }, turn.signal, onProgress), id);
      }
    },
  },
  {
    name: 'executor-1',
    label: 'executor + pipeline, one call per batch',
    async run(n, tag) {
      for (let i = 0; i < n; i++) {
        const id = `${tag}e${i}`;
        const ex = bench.executor(turn.signal);
        ex.addTool({ id, name: 'Noop', input: { file_path: '/bench/a.ts' }, messageId: 'msg' });
        ex.finishedAdding();
        for await (const item of ex.results()) if (item.kind === 'result') check(item.outcome as PipelineOutcome, id);
      }
    },
  },
  {
    name: 'executor-10',
    label: `executor + pipeline, ${BATCH} concurrency-safe calls per batch`,
    async run(n, tag) {
      for (let b = 0; b < n / BATCH; b++) {
        const ex = bench.executor(turn.signal);
        const ids: string[] = [];
        for (let k = 0; k < BATCH; k++) {
          const id = `${tag}b${b}_${k}`;
          ids.push(id);
          ex.addTool({ id, name: 'Noop', input: { file_path: '/bench/a.ts' }, messageId: 'msg' });
        }
        ex.finishedAdding();
        let k = 0;
        for await (const item of ex.results()) if (item.kind === 'result') check(item.outcome as PipelineOutcome, ids[k++]!);
        if (k !== BATCH) throw new Error(`batch ${b}: ${k}/${BATCH} results`);
      }
    },
  },
];

const gc = (globalThis as { gc?: () => void }).gc;

async function measure(mode: Mode, tag: string): Promise<{ usPerCall: number; retainedBytesPerCall: number }> {
  gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  await mode.run(N, tag);
  const t1 = performance.now();
  gc?.();
  const heap1 = process.memoryUsage().heapUsed;
  return { usPerCall: ((t1 - t0) * 1000) / N, retainedBytesPerCall: (heap1 - heap0) / N };
}

async function main(): Promise<void> {
  if (N % BATCH !== 0) throw new Error(`BENCH_N must be a multiple of ${BATCH}`);
  // Prove the permission stage allowed through the rule (PL4 step 8), not a default.
  const probe = await bench.runToolUse({ id: 'probe', name: 'Noop', input: { file_path: '/bench/a.ts' }, messageId: 'msg' }, turn.signal, onProgress);
  check(probe, 'probe');
  if (probe.decisionReason?.type !== 'rule') throw new Error(`expected a rule allow, got ${JSON.stringify(probe.decisionReason)}`);
  const viewsPerCall = bench.published();

  const samples: Record<string, { us: number[]; retained: number[] }> = Object.fromEntries(modes.map((m) => [m.name, { us: [], retained: [] }]));
  for (let r = 0; r < WARMUP + RUNS; r++) {
    const order = modes.map((_, i) => modes[(i + r) % modes.length]!);
    for (const mode of order) {
      const m = await measure(mode, `r${r}`);
      if (r >= WARMUP) {
        samples[mode.name]!.us.push(m.usPerCall);
        samples[mode.name]!.retained.push(m.retainedBytesPerCall);
      }
    }
    process.stderr.write(`run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
  }

  const base = median(samples.baseline!.us);
  const rows = modes.map((m) => {
    const us = samples[m.name]!.us;
    const med = median(us);
    return {
      mode: m.name,
      label: m.label,
      medianUsPerCall: med,
      minUsPerCall: min(us),
      maxUsPerCall: max(us),
      overheadUsPerCall: m.name === 'baseline' ? 0 : med - base,
      ratioToBaseline: med / base,
      medianRetainedBytesPerCall: median(samples[m.name]!.retained),
      runsUs: us,
    };
  });
  const info = machineInfo(REPO);
  const result = { bench: 'pipeline-overhead', ...info, n: N, runs: RUNS, warmup: WARMUP, gcExposed: !!gc, viewsPublishedPerCall: viewsPerCall, rows };
  const file = writeResult(REPO, 'pipeline-overhead', result);

  console.log(`\n### Pipeline overhead per call (N = ${N.toLocaleString('en-US')} calls × ${RUNS} runs, +${WARMUP} warm-up)`);
  console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs (${info.cpuModel}), load ${info.loadavg.join(' / ')}\n`);
  console.log(
    markdownTable(
      ['mode', 'median µs/call', 'min–max µs/call', 'overhead µs/call', 'ratio to baseline', 'retained heap B/call'],
      rows.map((r) => [r.label, fmt(r.medianUsPerCall, 2), `${fmt(r.minUsPerCall, 2)}–${fmt(r.maxUsPerCall, 2)}`, r.mode === 'baseline' ? '—' : fmt(r.overheadUsPerCall, 2), `${fmt(r.ratioToBaseline, 1)}×`, gc ? fmt(r.medianRetainedBytesPerCall, 1) : 'n/a']),
    ),
  );
  console.log(`\n(${viewsPerCall} ToolCallViews published per call; results: ${file})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
