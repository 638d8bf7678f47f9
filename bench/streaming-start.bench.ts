// CC1 streaming start: a scripted model stream completes 10 read-only tool_use blocks spread over
// ~2 s; the real StreamingToolExecutor + pipeline runs a 50 ms read-only tool for each. Recorded per
// call: when the executor started it and when the tool's own `call` began, relative to its block's
// completion and to the end of the stream (negative = before the stream ended). Baseline in the same
// run: the same stream with every call handed over only once the stream has ended.
import { performance } from 'node:perf_hooks';
import { benchPipeline, benchTool } from './lib/harness';
import { envInt, fmt, machineInfo, markdownTable, median, sleep, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 5);
const WARMUP = envInt('BENCH_WARMUP', 1);
const CALLS = 10;
const STREAM_MS = envInt('BENCH_STREAM_MS', 2000);
const TOOL_MS = envInt('BENCH_TOOL_MS', 50);
const REPO = process.env.BENCH_REPO ?? process.cwd();

/**
 * When each block completes, in ms of a 2 s stream (scaled to STREAM_MS): bunched and spread, so safe
 * calls overlap at times, and the last block completes just before the stream ends, as in real replies.
 */
const SCHEDULE_2S = [100, 130, 160, 700, 720, 1300, 1600, 1900, 1960, 1990];
const blockAt = (i: number): number => (SCHEDULE_2S[i]! * STREAM_MS) / 2000;

type CallTimes = { block: number; started: number; toolCall: number; toolDone: number; yielded: number };
interface Run {
  mode: 'streaming' | 'after-stream';
  streamEnd: number;
  calls: CallTimes[];
  maxConcurrent: number;
}

const toolStart = new Map<string, number>();
const toolEnd = new Map<string, number>();
let running = 0;
let maxRunning = 0;
const slowRead = benchTool('Read', async (input, ctx) => {
  toolStart.set(input.file_path, performance.now());
  running++;
  maxRunning = Math.max(maxRunning, running);
  try {
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(resolve, TOOL_MS);
      ctx.abortSignal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))), { once: true });
    });
  } finally {
    running--;
    toolEnd.set(input.file_path, performance.now());
  }
  return { data: `read ${input.file_path}` };
});
const bench = benchPipeline([slowRead], ['Read']);

async function oneRun(mode: Run['mode'], tag: string): Promise<Run> {
  toolStart.clear();
  toolEnd.clear();
  maxRunning = 0;
  const started = new Map<string, number>();
  const yielded = new Map<string, number>();
  const blocks = new Map<string, number>();
  const turn = new AbortController();
  const ex = bench.executor(turn.signal, (e) => {
    if (e.type === 'started') started.set(e.toolUseId, performance.now());
  });
  const id = (i: number) => `${tag}_${i}`;
  const use = (i: number) => ({ id: id(i), name: 'Read', input: { file_path: `/bench/${tag}/file${i}.ts` }, messageId: `msg_${tag}` });

  const consumer = (async () => {
    const order: string[] = [];
    for await (const item of ex.results()) {
      if (item.kind !== 'result') continue;
      yielded.set(item.outcome.toolUseId, performance.now());
      order.push(item.outcome.toolUseId);
      if (item.outcome.state !== 'succeeded') throw new Error(`${item.outcome.toolUseId}: ${item.outcome.state} ${JSON.stringify(item.outcome.content)}`);
    }
    return order;
  })();

  // The simulated stream: each block completes at its scheduled time (measured, not assumed).
  const t0 = performance.now();
  const pending: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const wait = t0 + blockAt(i) - performance.now();
    if (wait > 0) await sleep(wait);
    blocks.set(id(i), performance.now());
    if (mode === 'streaming') ex.addTool(use(i));
    else pending.push(i);
  }
  const rest = t0 + STREAM_MS - performance.now();
  if (rest > 0) await sleep(rest);
  const streamEnd = performance.now();
  for (const i of pending) ex.addTool(use(i)); // a non-streaming client hands them over only now
  ex.finishedAdding();
  const order = await consumer;
  if (order.join() !== Array.from({ length: CALLS }, (_, i) => id(i)).join()) throw new Error(`results out of call order: ${order.join()}`);

  const calls = Array.from({ length: CALLS }, (_, i): CallTimes => {
    const k = id(i);
    const path = `/bench/${tag}/file${i}.ts`;
    return { block: blocks.get(k)!, started: started.get(k)!, toolCall: toolStart.get(path)!, toolDone: toolEnd.get(path)!, yielded: yielded.get(k)! };
  });
  return { mode, streamEnd, calls, maxConcurrent: maxRunning };
}

const rel = (runs: Run[], i: number, f: (c: CallTimes, r: Run) => number): number => median(runs.map((r) => f(r.calls[i]!, r)));

async function main(): Promise<void> {
  const runs: Run[] = [];
  for (let r = 0; r < WARMUP + RUNS; r++) {
    const order: Run['mode'][] = r % 2 ? ['after-stream', 'streaming'] : ['streaming', 'after-stream'];
    for (const mode of order) {
      const run = await oneRun(mode, `r${r}${mode[0]}`);
      if (r >= WARMUP) runs.push(run);
    }
    process.stderr.write(`run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
  }
  const streaming = runs.filter((r) => r.mode === 'streaming');
  const after = runs.filter((r) => r.mode === 'after-stream');

  const perCall = Array.from({ length: CALLS }, (_, i) => ({
    call: i + 1,
    blockMs: rel(streaming, i, (c, r) => c.block - (r.streamEnd - STREAM_MS)),
    startVsBlockMs: rel(streaming, i, (c) => c.started - c.block),
    toolCallVsBlockMs: rel(streaming, i, (c) => c.toolCall - c.block),
    startVsStreamEndMs: rel(streaming, i, (c, r) => c.started - r.streamEnd),
    resultVsStreamEndMs: rel(streaming, i, (c, r) => c.yielded - r.streamEnd),
    afterStream: {
      startVsStreamEndMs: rel(after, i, (c, r) => c.started - r.streamEnd),
      resultVsStreamEndMs: rel(after, i, (c, r) => c.yielded - r.streamEnd),
    },
  }));
  const lastResult = (rs: Run[]) => median(rs.map((r) => Math.max(...r.calls.map((c) => c.yielded)) - r.streamEnd));
  const summary = {
    medianStartVsBlockMs: median(streaming.flatMap((r) => r.calls.map((c) => c.started - c.block))),
    medianToolCallVsBlockMs: median(streaming.flatMap((r) => r.calls.map((c) => c.toolCall - c.block))),
    medianStartVsStreamEndMs: median(streaming.flatMap((r) => r.calls.map((c) => c.started - r.streamEnd))),
    callsStartedBeforeStreamEnd: median(streaming.map((r) => r.calls.filter((c) => c.started < r.streamEnd).length)),
    lastResultVsStreamEndMs: { streaming: lastResult(streaming), afterStream: lastResult(after) },
    maxConcurrent: { streaming: Math.max(...streaming.map((r) => r.maxConcurrent)), afterStream: Math.max(...after.map((r) => r.maxConcurrent)) },
  };
  const info = machineInfo(REPO);
  const file = writeResult(REPO, 'streaming-start', { bench: 'streaming-start', ...info, runs: RUNS, warmup: WARMUP, calls: CALLS, streamMs: STREAM_MS, toolMs: TOOL_MS, summary, perCall, raw: runs });

  console.log(`\n### Streaming start (CC1): ${CALLS} read-only calls (${TOOL_MS} ms each) in a ${STREAM_MS} ms stream, medians of ${RUNS} runs (+${WARMUP} warm-up)`);
  console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs, load ${info.loadavg.join(' / ')}\n`);
  console.log(
    markdownTable(
      ['call', 'block done at (ms)', 'executor start − block (ms)', 'tool `call` − block (ms)', 'start − stream end (ms)', 'result − stream end (ms)', 'baseline: start − stream end', 'baseline: result − stream end'],
      perCall.map((c) => [String(c.call), fmt(c.blockMs, 1), fmt(c.startVsBlockMs, 3), fmt(c.toolCallVsBlockMs, 3), fmt(c.startVsStreamEndMs, 1), fmt(c.resultVsStreamEndMs, 1), fmt(c.afterStream.startVsStreamEndMs, 1), fmt(c.afterStream.resultVsStreamEndMs, 1)]),
    ),
  );
  console.log('');
  console.log(
    markdownTable(
      ['summary (medians)', 'streaming executor', 'baseline: handed over at stream end'],
      [
        ['executor start − block completion (ms)', fmt(summary.medianStartVsBlockMs, 3), '—'],
        ['tool `call` − block completion (ms)', fmt(summary.medianToolCallVsBlockMs, 3), '—'],
        ['calls started before the stream ended', `${summary.callsStartedBeforeStreamEnd} / ${CALLS}`, `0 / ${CALLS}`],
        ['last result − stream end (ms)', fmt(summary.lastResultVsStreamEndMs.streaming, 1), fmt(summary.lastResultVsStreamEndMs.afterStream, 1)],
        ['most calls running at once', String(summary.maxConcurrent.streaming), String(summary.maxConcurrent.afterStream)],
      ],
    ),
  );
  console.log(`\n(results: ${file})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
