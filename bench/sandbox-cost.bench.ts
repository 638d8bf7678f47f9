// What the sandbox costs per command (BA6, issue 15): the peer bench's bash-serial and large-output
// commands through the Bash tool's `call`, with `sandbox.enabled` off and on, interleaved in the same
// run; medians. "On" is bubblewrap + the network proxy through @anthropic-ai/sandbox-runtime.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { appSandbox } from '../src/main/sandbox/app-sandbox';
import { sandboxPolicy } from '../src/main/sandbox/policy';
import { BashTool } from '../src/main/tools/bash/bash.tool';
import type { ToolUseContext } from '../src/main/tools/core/tool';
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

async function main(): Promise<void> {
  if (!existsSync(join(FIXTURE, 'src'))) throw new Error(`no peer-bench fixture at ${FIXTURE}: run bench/peer.sh once, or node ${PEER}/gen-fixture.mjs --out ${FIXTURE}`);
  const status = await appSandbox.status();
  if (!status.available) throw new Error(`the sandbox cannot start here: ${status.reason}`);
  const cmds = commands();
  const tmp = mkdtempSync(join(os.tmpdir(), 'ad-sandbox-bench-'));
  const base: ToolUseContext = {
    sessionId: 'bench',
    projectDir: FIXTURE,
    workingDirectories: [FIXTURE],
    state: { cwd: FIXTURE },
    abortSignal: new AbortController().signal,
    toolResultsDir: join(tmp, 'tool-results'),
    env: {},
    log: quietLog,
    tools: [BashTool],
  };
  const policy = (enabled: boolean) => () =>
    sandboxPolicy({ sandbox: { enabled, excludedCommands: [], network: { allowedDomains: [], allowUnixSockets: [] }, filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] } }, rules: { allow: [], deny: [], ask: [] }, workingDirectories: [FIXTURE], projectDir: FIXTURE });
  const allow = async () => ({ behavior: 'allow' as const });
  const modes = {
    off: (c: Cmd) => BashTool.call({ command: c.command }, { ...base, state: { cwd: FIXTURE }, sandbox: policy(false) }, allow, 'msg', () => undefined),
    on: (c: Cmd) => BashTool.call({ command: c.command }, { ...base, state: { cwd: FIXTURE }, sandbox: policy(true) }, allow, 'msg', () => undefined),
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
          const out = await modes[m](c);
          const ms = performance.now() - t0;
          if (out.data.exitCode !== 0) throw new Error(`${m}: exit ${out.data.exitCode} for ${c.command}: ${out.data.stderr.slice(0, 300)}`);
          if (r >= WARMUP) samples.set(key(m, i), [...(samples.get(key(m, i)) ?? []), ms]);
        }
      }
      process.stderr.write(`run ${r < WARMUP ? `warmup ${r + 1}` : r - WARMUP + 1}/${RUNS} done\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await appSandbox.dispose();
  }
  const rows = cmds.map((c, i) => ({ scenario: c.scenario, command: c.command.replace(FIXTURE, '$FIXTURE'), offMs: median(samples.get(key('off', i))!), onMs: median(samples.get(key('on', i))!) }));
  const sum = (s: string, f: (r: (typeof rows)[number]) => number) => rows.filter((r) => r.scenario === s).reduce((a, r) => a + f(r), 0);
  const info = machineInfo(REPO);
  const file = writeResult(REPO, 'sandbox-cost', { bench: 'sandbox-cost', ...info, runs: RUNS, warmup: WARMUP, rows });
  console.log(`\n### One Bash call with the sandbox off and on (median ms of ${RUNS} runs, +${WARMUP} warm-up)`);
  console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs, load ${info.loadavg.join(' / ')}\n`);
  const short = (s: string) => (s.length > 48 ? `${s.slice(0, 45)}…` : s);
  console.log(
    markdownTable(
      ['scenario', 'command', 'sandbox off', 'sandbox on', 'on − off'],
      [
        ...rows.map((r) => [r.scenario, `\`${short(r.command)}\``, fmt(r.offMs, 1), fmt(r.onMs, 1), fmt(r.onMs - r.offMs, 1)]),
        ...['bash-serial', 'large-output'].map((s) => [`**${s} total**`, '', fmt(sum(s, (r) => r.offMs), 1), fmt(sum(s, (r) => r.onMs), 1), fmt(sum(s, (r) => r.onMs - r.offMs), 1)]),
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
