#!/usr/bin/env node
// The floor under a peer-bench turn: the scenario's Bash commands run serially as bare `bash -c CMD`
// from a small Node process (output drained, nothing parsed), RUNS times (+1 warm-up). What is left of
// an agent's per-turn overhead above this is the agent's own cost. Bash-only scenarios.
//   node bench/bare-commands.mjs SCENARIO [--runs 5] [--out FILE.json]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (k, d) => (argv.includes(`--${k}`) ? argv[argv.indexOf(`--${k}`) + 1] : d);
const scenario = argv[0];
const RUNS = Number(opt('runs', 5)) || 5;
const PEER = resolve(process.env.PEER_BENCH ?? join(REPO, '..', 'shared', 'peer-bench'));
const FIXTURE = process.env.FIXTURE ?? join(process.env.WORK ?? join(process.env.TMPDIR ?? '/tmp', 'peer-bench'), 'fixture');
if (!scenario) {
  console.error('usage: bare-commands.mjs SCENARIO [--runs N] [--out FILE]');
  process.exit(2);
}
const s = JSON.parse(readFileSync(join(PEER, 'scenarios', `${scenario}.json`), 'utf8'));
const turns = s.turns
  .map((t) => t.content.filter((b) => b.type === 'tool_use'))
  .filter((uses) => uses.length > 0);
if (turns.some((uses) => uses.some((b) => b.name !== 'Bash'))) {
  console.error(`${scenario}: not a Bash-only scenario`);
  process.exit(2);
}
const run = (command) =>
  new Promise((res, rej) => {
    const c = spawn('/bin/bash', ['-c', command.split('{{FIXTURE}}').join(FIXTURE)], { cwd: FIXTURE, stdio: ['ignore', 'pipe', 'pipe'] });
    c.stdout.resume();
    c.stderr.resume();
    c.on('error', rej);
    c.on('close', res);
  });
const median = (a) => {
  const x = [...a].sort((p, q) => p - q);
  const m = x.length >> 1;
  return x.length % 2 ? x[m] : (x[m - 1] + x[m]) / 2;
};
const perTurn = [];
for (let r = 0; r < RUNS + 1; r++) {
  for (const uses of turns) {
    const t0 = performance.now();
    for (const b of uses) await run(b.input.command);
    if (r > 0) perTurn.push(performance.now() - t0);
  }
}
const out = { scenario, runs: RUNS, turns: turns.length, medianPerTurnMs: Math.round(median(perTurn) * 10) / 10 };
if (opt('out')) writeFileSync(opt('out'), JSON.stringify(out) + '\n');
console.log(`${scenario}: the turn's commands alone (bare bash -c, serial): median ${out.medianPerTurnMs} ms per turn`);
