// What one Bash call costs above a bare process spawn: the peer bench's bash-serial commands and its
// 5 MiB large-output command, each run (a) as `bash -c CMD` with child_process.spawn, reading its
// output to the end — what any agent pays; (b) through the Bash tool's `call`; (c) through the whole
// pipeline (allowed by a `Bash` rule, result mapped and persisted if large). Interleaved; medians.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHeadlessPrompter } from '../src/main/permissions/headless-prompter';
import { BashTool } from '../src/main/tools/bash/bash.tool';
import type { AnyTool, ToolUseContext } from '../src/main/tools/core/tool';
import { NO_HOOKS, NULL_CLASSIFIER, type PipelineDeps } from '../src/main/tools/pipeline/deps';
import { createPermissionDecider } from '../src/main/permissions/decider';
import { fsResultPersister } from '../src/main/tools/pipeline/persist';
import { createRunToolUse } from '../src/main/tools/pipeline/run-tool-use';
import { quietLog } from './lib/harness';
import { peerCommands, type PeerCommand } from './lib/peer-commands';
import { envInt, fmt, machineInfo, markdownTable, median, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 9);
const WARMUP = envInt('BENCH_WARMUP', 1);
const REPO = process.env.BENCH_REPO ?? process.cwd();
const PEER = process.env.PEER_BENCH ?? join(REPO, '..', 'shared', 'peer-bench');
const FIXTURE = process.env.FIXTURE ?? join(process.env.TMPDIR ?? '/tmp', 'peer-bench', 'fixture');

type Cmd = PeerCommand;
const commands = (): Cmd[] => peerCommands(PEER, FIXTURE);

function bareSpawn(command: string, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    child.stdout.on('data', (b: Buffer) => (bytes += b.length));
    child.stderr.on('data', (b: Buffer) => (bytes += b.length));
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

async function main(): Promise<void> {
  if (!existsSync(join(FIXTURE, 'src'))) throw new Error(`no peer-bench fixture at ${FIXTURE}: run bench/peer.sh once, or node ${PEER}/gen-fixture.mjs --out ${FIXTURE}`);
  const cmds = commands();
  const tmp = mkdtempSync(join(os.tmpdir(), 'ad-bash-bench-'));
  const tools: AnyTool[] = [BashTool];
  const ctx: ToolUseContext = {
    sessionId: 'bench',
    projectDir: FIXTURE,
    workingDirectories: [FIXTURE],
    state: { cwd: FIXTURE },
    abortSignal: new AbortController().signal,
    toolResultsDir: join(tmp, 'tool-results'),
    env: {},
    log: quietLog,
    tools,
  };
  let ids = 0;
  const deps: PipelineDeps = {
    context: () => ctx,
    hooks: NO_HOOKS,
    classifier: NULL_CLASSIFIER,
    permissions: createPermissionDecider({ mode: () => 'default', rules: () => ({ allow: [{ rule: 'Bash', source: 'cliArg' }], deny: [], ask: [] }) }),
    prompter: createHeadlessPrompter(),
    persister: fsResultPersister,
    clock: Date.now,
    newId: () => `req${++ids}`,
    publish: () => undefined,
  };
  const runToolUse = createRunToolUse(deps);
  const turn = new AbortController();
  const allow = async () => ({ behavior: 'allow' as const });

  const modes = {
    spawn: async (c: Cmd) => {
      await bareSpawn(c.command, FIXTURE);
    },
    tool: async (c: Cmd) => {
      await BashTool.call({ command: c.command }, { ...ctx, state: { cwd: FIXTURE } }, allow, 'msg', () => undefined);
    },
    pipeline: async (c: Cmd) => {
      ctx.state.cwd = FIXTURE;
      const o = await runToolUse({ id: `b${++ids}`, name: 'Bash', input: { command: c.command, description: 'bench' }, messageId: 'msg' }, turn.signal, () => undefined);
      if (o.isError) throw new Error(`Bash failed: ${JSON.stringify(o.content).slice(0, 300)}`);
    },
  } as const;
  type Mode = keyof typeof modes;
  const names = Object.keys(modes) as Mode[];
  const samples = new Map<string, number[]>();
  const key = (m: Mode, i: number) => `${m}:${i}`;
  try {
    for (let r = 0; r < WARMUP + RUNS; r++) {
      for (const [i, c] of cmds.entries()) {
        const order = names.map((_, k) => names[(k + r + i) % names.length]!);
        for (const m of order) {
          const t0 = performance.now();
          await modes[m](c);
          const ms = performance.now() - t0;
          if (r >= WARMUP) samples.set(key(m, i), [...(samples.get(key(m, i)) ?? []), ms]);
        }
      }
      process.stderr.write(`run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const rows = cmds.map((c, i) => {
    const m = (mode: Mode) => median(samples.get(key(mode, i))!);
    return { scenario: c.scenario, command: c.command.replace(FIXTURE, '$FIXTURE'), spawnMs: m('spawn'), toolMs: m('tool'), pipelineMs: m('pipeline') };
  });
  const sum = (s: string, f: (r: (typeof rows)[number]) => number) => rows.filter((r) => r.scenario === s).reduce((a, r) => a + f(r), 0);
  const info = machineInfo(REPO);
  const file = writeResult(REPO, 'bash-call', { bench: 'bash-call', ...info, runs: RUNS, warmup: WARMUP, rows });
  console.log(`\n### One Bash call: bare spawn vs the Bash tool vs the whole pipeline (median ms of ${RUNS} runs, +${WARMUP} warm-up)`);
  console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs, load ${info.loadavg.join(' / ')}\n`);
  const short = (s: string) => (s.length > 48 ? `${s.slice(0, 45)}…` : s);
  console.log(
    markdownTable(
      ['scenario', 'command', 'bare `bash -c` spawn', 'Bash tool `call`', 'pipeline', 'pipeline − spawn'],
      [
        ...rows.map((r) => [r.scenario, `\`${short(r.command)}\``, fmt(r.spawnMs, 1), fmt(r.toolMs, 1), fmt(r.pipelineMs, 1), fmt(r.pipelineMs - r.spawnMs, 1)]),
        ...['bash-serial', 'large-output'].map((s) => [`**${s} total**`, '', fmt(sum(s, (r) => r.spawnMs), 1), fmt(sum(s, (r) => r.toolMs), 1), fmt(sum(s, (r) => r.pipelineMs), 1), fmt(sum(s, (r) => r.pipelineMs - r.spawnMs), 1)]),
      ],
      2,
    ),
  );
  console.log(`\n(results: ${file})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
