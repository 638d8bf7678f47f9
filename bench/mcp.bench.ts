// MCP per-call overhead and crash recovery (issue 17): the same read-only tool of a tiny stdio server
// (test/integration/mcp/notes-server.mjs) called N times through the whole pipeline (the mcp__ tool of
// the pool, lookup, validation, permission by a rule, the connection manager, content mapping) and by a
// bare SDK client on its own copy of the server, modes alternating within each run; then the time from
// a stdio server's SIGKILL to its tools being callable again (crashy-server.mjs, default backoff).
// Env: BENCH_N (calls per run, default 500), BENCH_RUNS (7), BENCH_WARMUP (1), BENCH_CRASHES (5).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpServerConfig } from '../src/main/mcp/config';
import { createMcpManager, type McpManager } from '../src/main/mcp/manager';
import { mcpToolsOf } from '../src/main/tools/mcp/mcp-tools';
import type { PipelineOutcome } from '../src/main/tools/pipeline/deps';
import { benchPipeline, quietLog } from './lib/harness';
import { envInt, fmt, machineInfo, markdownTable, median, max, min, sleep, writeResult } from './lib/stats';

const N = envInt('BENCH_N', 500);
const RUNS = envInt('BENCH_RUNS', 7);
const WARMUP = envInt('BENCH_WARMUP', 1);
const CRASHES = envInt('BENCH_CRASHES', 5);
const REPO = process.env.BENCH_REPO ?? process.cwd();
const NOTES = path.join(REPO, 'test', 'integration', 'mcp', 'notes-server.mjs');
const CRASHY = path.join(REPO, 'test', 'integration', 'mcp', 'crashy-server.mjs');

const stdio = (script: string): McpServerConfig => ({ type: 'stdio', command: process.execPath, args: [script], env: {} });
const manager = (name: string, script: string): McpManager =>
  createMcpManager({ projectDir: REPO, log: quietLog, load: async () => ({ servers: [{ name, scope: 'dynamic', file: 'bench', config: stdio(script) }], warnings: [] }) });
const textOf = (content: unknown): string => (Array.isArray(content) ? (content as Array<{ text?: string }>).map((c) => c.text ?? '').join('') : String(content));

async function perCall(): Promise<{ rows: Array<{ mode: string; medianMs: number; minMs: number; maxMs: number; runsMs: number[] }>; ratio: number; overheadMs: number }> {
  const m = manager('notes', NOTES);
  await m.ready();
  if (m.list()[0]?.state !== 'connected') throw new Error(`notes server did not connect: ${JSON.stringify(m.list())}`);
  const bench = benchPipeline(mcpToolsOf(m), ['mcp__notes']);
  const bare = new Client({ name: 'bench', version: '1' });
  await bare.connect(new StdioClientTransport({ command: process.execPath, args: [NOTES], stderr: 'ignore' }));
  const turn = new AbortController();
  const modes = {
    bare: async () => {
      const r = await bare.callTool({ name: 'count_notes', arguments: {} });
      if (textOf(r.content) !== '0') throw new Error(`bare call: ${JSON.stringify(r)}`);
    },
    pipeline: async (id: string) => {
      const o: PipelineOutcome = await bench.runToolUse({ id, name: 'mcp__notes__count_notes', input: {}, messageId: 'msg' }, turn.signal, () => {});
      if (o.state !== 'succeeded' || o.isError || textOf(o.content) !== '0') throw new Error(`pipeline call: ${JSON.stringify(o).slice(0, 300)}`);
    },
  };
  const probe = await bench.runToolUse({ id: 'probe', name: 'mcp__notes__count_notes', input: {}, messageId: 'msg' }, turn.signal, () => {});
  if (probe.decisionReason?.type !== 'rule') throw new Error(`expected a rule allow, got ${JSON.stringify(probe.decisionReason)}`);
  const samples: Record<keyof typeof modes, number[]> = { bare: [], pipeline: [] };
  const names = Object.keys(modes) as Array<keyof typeof modes>;
  for (let r = 0; r < WARMUP + RUNS; r++) {
    for (const name of r % 2 ? [...names].reverse() : names) {
      const t0 = performance.now();
      for (let i = 0; i < N; i++) await modes[name](`r${r}c${i}`);
      if (r >= WARMUP) samples[name].push((performance.now() - t0) / N);
    }
    process.stderr.write(`per-call run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
  }
  await bare.close();
  await m.close();
  const rows = names.map((mode) => ({ mode, medianMs: median(samples[mode]), minMs: min(samples[mode]), maxMs: max(samples[mode]), runsMs: samples[mode] }));
  const [b, p] = [rows[0]!.medianMs, rows[1]!.medianMs];
  return { rows, ratio: p / b, overheadMs: p - b };
}

async function crashRecovery(): Promise<number[]> {
  const m = manager('crashy', CRASHY);
  await m.ready();
  // A signal per call, as each tool call of a session has its own.
  const signal = () => new AbortController().signal;
  const times: number[] = [];
  for (let i = 0; i < CRASHES; i++) {
    const pid = Number(textOf((await m.callTool('crashy', 'pid', {}, signal())).content));
    const t0 = performance.now();
    process.kill(pid, 'SIGKILL');
    // Callable again: the tool is back in the pool and a call through the manager answers.
    for (;;) {
      if (m.list()[0]?.state === 'connected' && mcpToolsOf(m).some((t) => t.name === 'mcp__crashy__hello')) {
        const r = await m.callTool('crashy', 'hello', {}, signal()).catch(() => null);
        if (r && textOf(r.content) === 'hello again') break;
      }
      await sleep(2);
    }
    times.push(performance.now() - t0);
    process.stderr.write(`crash ${i + 1}/${CRASHES}: ${fmt(times.at(-1)!, 0)} ms\n`);
  }
  await m.close();
  return times;
}

async function main(): Promise<void> {
  const call = await perCall();
  const crash = await crashRecovery();
  const info = machineInfo(REPO);
  const file = writeResult(REPO, 'mcp', { bench: 'mcp', ...info, n: N, runs: RUNS, warmup: WARMUP, perCall: call, crashToCallableMs: crash });
  console.log(`\nMCP per call, N = ${N} sequential calls per run, ${RUNS} runs + ${WARMUP} warm-up; load ${info.loadavg.join(' / ')}\n`);
  console.log(
    markdownTable(
      ['mode', 'median ms/call', 'min–max ms/call'],
      call.rows.map((r) => [r.mode === 'bare' ? 'bare SDK client (same server, own process)' : 'Agent Desk: mcp__ tool through the whole pipeline', fmt(r.medianMs, 3), `${fmt(r.minMs, 3)}–${fmt(r.maxMs, 3)}`]),
    ),
  );
  console.log(`\nratio ${fmt(call.ratio, 2)}×, overhead ${fmt(call.overheadMs, 3)} ms/call (goal: within 1.2× or 2 ms)`);
  console.log(`\nstdio server SIGKILL → its tools callable again, ${CRASHES} crashes: median ${fmt(median(crash), 0)} ms (${fmt(min(crash), 0)}–${fmt(max(crash), 0)} ms)`);
  console.log(`\nresults: ${path.relative(REPO, file)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
