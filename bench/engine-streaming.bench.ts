// CC1 through the real engine: createEngine (session, loop, model client over HTTP/SSE, tool runtime,
// executor, pipeline) against the fake model server (test/fake-model/server.ts, `delayMs` between SSE
// events). One reply streams 10 Read calls to a 50 ms read-only stand-in tool at the same points as
// the in-process streaming-start bench; the server's own write of each `content_block_stop` and of
// `message_stop` is timestamped (same process, same clock), the executor's `started` event and the
// tool's own `call` are timestamped on the engine side.
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeModelServer, type ScriptedBlock } from '../test/fake-model/server';
import { createEngine } from '../src/main/app/engine';
import { benchTool, quietLog } from './lib/harness';
import { envInt, fmt, machineInfo, markdownTable, median, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 5);
const WARMUP = envInt('BENCH_WARMUP', 1);
const TOOL_MS = envInt('BENCH_TOOL_MS', 50);
const DELAY_MS = 5; // between SSE events
const CHUNK = 64; // chars per delta: a tool_use block is start + 1 delta + stop = 3 events
const REPO = process.env.BENCH_REPO ?? process.cwd();
const CALLS = 10;
/** Same points as streaming-start.bench.ts, in ms of a 2 s stream. */
const SCHEDULE = [100, 130, 160, 700, 720, 1300, 1600, 1900, 1960, 1990];

// ---- server-side clock: when each SSE event was written ------------------------------------------
type Wire = { blockStop: Map<number, number>; messageStop?: number };
const wires: Wire[] = [];
const wireOf = new WeakMap<http.ServerResponse, Wire>();
const origWrite = http.ServerResponse.prototype.write;
http.ServerResponse.prototype.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
  if (typeof chunk === 'string' && chunk.startsWith('event: ')) {
    let w = wireOf.get(this);
    if (!w) wireOf.set(this, (w = { blockStop: new Map() })), wires.push(w);
    const t = performance.now();
    if (chunk.startsWith('event: content_block_stop')) w.blockStop.set(JSON.parse(chunk.slice(chunk.indexOf('data: ') + 6)).index, t);
    else if (chunk.startsWith('event: message_stop')) w.messageStop = t;
  }
  return (origWrite as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
} as typeof origWrite;

/** Text fillers between the tool_use blocks so each block completes near its scheduled time. */
function scriptedContent(tag: string): { content: ScriptedBlock[]; toolIndex: number[] } {
  const content: ScriptedBlock[] = [];
  const toolIndex: number[] = [];
  let t = 2 * DELAY_MS; // message_start, ping
  for (let i = 0; i < CALLS; i++) {
    const gap = SCHEDULE[i]! - t - 3 * DELAY_MS;
    const deltas = Math.floor(gap / DELAY_MS) - 2; // a text block is start + deltas + stop
    if (deltas >= 1) {
      content.push({ type: 'text', text: 'x'.repeat(deltas * CHUNK) });
      t += (deltas + 2) * DELAY_MS;
    }
    toolIndex.push(content.length);
    content.push({ type: 'tool_use', id: `toolu_${tag}_${i}`, name: 'Read', input: { file_path: `/bench/${tag}/f${i}.ts` } });
    t += 3 * DELAY_MS;
  }
  return { content, toolIndex };
}

const toolStart = new Map<string, number>();
const slowRead = benchTool('Read', async (input, ctx) => {
  toolStart.set(input.file_path, performance.now());
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, TOOL_MS);
    ctx.abortSignal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))), { once: true });
  });
  return { data: `read ${input.file_path}` };
});

type CallTimes = { block: number; started: number; toolCall: number; yielded: number };
type Run = { streamStart: number; streamEnd: number; calls: CallTimes[]; toolResults: number };

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(os.tmpdir(), 'ad-engine-bench-'));
  const project = join(tmp, 'project');
  mkdirSync(project);
  const server = await startFakeModelServer();
  const started = new Map<string, number>();
  const yielded = new Map<string, number>();
  const engine = await createEngine({
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'bench-key', AGENT_DESK_HOME: join(tmp, 'home'), HOME: join(tmp, 'home'), PATH: process.env.PATH },
    dataDir: join(tmp, 'data'),
    log: quietLog,
    tools: {
      headless: true,
      allowedTools: ['Read'],
      baseTools: () => [slowRead],
      onExecutorEvent: (_sid, e) => {
        if (e.type === 'started') started.set(e.toolUseId, performance.now());
        if (e.type === 'yielded') yielded.set(e.toolUseId, performance.now());
      },
    },
  });
  const runs: Run[] = [];
  try {
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const tag = `r${r}`;
      const { content, toolIndex } = scriptedContent(tag);
      server.push({ content, stop_reason: 'tool_use', delayMs: DELAY_MS, chunkSize: CHUNK }, { content: [{ type: 'text', text: 'done' }] });
      const session = await engine.sessions.createSession(project);
      const before = wires.length;
      const outcome = await session.start('BENCH engine streaming: read the ten files').done;
      if (!outcome.ok) throw new Error(`turn failed: ${JSON.stringify(outcome).slice(0, 400)}`);
      const wire = wires[before];
      if (!wire?.messageStop) throw new Error('no SSE timing recorded for the tool reply');
      const last = server.requests[server.requests.length - 1]!.body as { messages: Array<{ role: string; content: unknown }> };
      const resultsMsg = last.messages[last.messages.length - 1]!;
      const toolResults = Array.isArray(resultsMsg.content) ? (resultsMsg.content as Array<{ type: string; is_error?: boolean }>).filter((b) => b.type === 'tool_result' && !b.is_error).length : 0;
      if (toolResults !== CALLS) throw new Error(`expected ${CALLS} ok tool_results, got ${toolResults}: ${JSON.stringify(resultsMsg).slice(0, 400)}`);
      const calls = toolIndex.map((idx, i): CallTimes => {
        const id = `toolu_${tag}_${i}`;
        return { block: wire.blockStop.get(idx)!, started: started.get(id)!, toolCall: toolStart.get(`/bench/${tag}/f${i}.ts`)!, yielded: yielded.get(id)! };
      });
      if (r >= WARMUP) runs.push({ streamStart: Math.min(...wire.blockStop.values()), streamEnd: wire.messageStop, calls, toolResults });
      process.stderr.write(`run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
    }
  } finally {
    await engine.dispose();
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }

  const rel = (i: number, f: (c: CallTimes, r: Run) => number) => median(runs.map((r) => f(r.calls[i]!, r)));
  const perCall = Array.from({ length: CALLS }, (_, i) => ({
    call: i + 1,
    blockBeforeEndMs: rel(i, (c, r) => c.block - r.streamEnd),
    startVsBlockMs: rel(i, (c) => c.started - c.block),
    toolCallVsBlockMs: rel(i, (c) => c.toolCall - c.block),
    startVsStreamEndMs: rel(i, (c, r) => c.started - r.streamEnd),
    resultVsStreamEndMs: rel(i, (c, r) => c.yielded - r.streamEnd),
  }));
  const all = (f: (c: CallTimes, r: Run) => number) => median(runs.flatMap((r) => r.calls.map((c) => f(c, r))));
  const summary = {
    medianStartVsBlockMs: all((c) => c.started - c.block),
    medianToolCallVsBlockMs: all((c) => c.toolCall - c.block),
    callsStartedBeforeStreamEnd: median(runs.map((r) => r.calls.filter((c) => c.started < r.streamEnd).length)),
    lastResultVsStreamEndMs: median(runs.map((r) => Math.max(...r.calls.map((c) => c.yielded)) - r.streamEnd)),
    /** From the first request's first block to message_stop: the script aims at ~2 s; timers run late. */
    streamMs: median(runs.map((r) => r.streamEnd - r.streamStart)),
  };
  const info = machineInfo(REPO);
  const file = writeResult(REPO, 'engine-streaming', { bench: 'engine-streaming', ...info, runs: RUNS, warmup: WARMUP, toolMs: TOOL_MS, delayMs: DELAY_MS, summary, perCall, raw: runs });

  console.log(`\n### Streaming start through the engine (CC1): fake model server, ${CALLS} Read calls (${TOOL_MS} ms each), medians of ${RUNS} runs (+${WARMUP} warm-up)`);
  console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs, load ${info.loadavg.join(' / ')}\n`);
  console.log(
    markdownTable(
      ['call', 'block done − stream end (ms)', 'executor start − block (ms)', 'tool `call` − block (ms)', 'start − stream end (ms)', 'result − stream end (ms)'],
      perCall.map((c) => [String(c.call), fmt(c.blockBeforeEndMs, 1), fmt(c.startVsBlockMs, 2), fmt(c.toolCallVsBlockMs, 2), fmt(c.startVsStreamEndMs, 1), fmt(c.resultVsStreamEndMs, 1)]),
    ),
  );
  console.log('');
  console.log(
    markdownTable(
      ['summary (medians)', 'engine'],
      [
        ['executor start − server wrote content_block_stop (ms)', fmt(summary.medianStartVsBlockMs, 2)],
        ['tool `call` − server wrote content_block_stop (ms)', fmt(summary.medianToolCallVsBlockMs, 2)],
        ['calls started before the server wrote message_stop', `${summary.callsStartedBeforeStreamEnd} / ${CALLS}`],
        ['last result − message_stop (ms)', fmt(summary.lastResultVsStreamEndMs, 1)],
        ['first block_stop → message_stop (ms)', fmt(summary.streamMs, 0)],
      ],
    ),
  );
  console.log(`\n(results: ${file})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
