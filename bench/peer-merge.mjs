#!/usr/bin/env node
// Merges run-peer.sh result folders of several rounds (ROOT/round<k>/<agent>/<scenario>/) into one
// folder per agent (ROOT/<agent>/<scenario>/) in run-peer.sh's own layout — runs renamed r<k>_<n> —
// so the shared analyze.mjs reads all rounds as one set of runs.
//   node bench/peer-merge.mjs ROOT
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
if (!root) {
  console.error('usage: peer-merge.mjs ROOT');
  process.exit(2);
}
const rounds = readdirSync(root).filter((d) => /^round\d+$/.test(d)).sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
const dirs = (p) => readdirSync(p, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
// Idempotent: the merged folders are rebuilt from the rounds every time.
for (const agent of new Set(rounds.flatMap((r) => dirs(join(root, r))))) rmSync(join(root, agent), { recursive: true, force: true });
for (const round of rounds) {
  const k = round.slice(5);
  for (const agent of dirs(join(root, round))) {
    for (const scenario of dirs(join(root, round, agent))) {
      const from = join(root, round, agent, scenario);
      const meta = join(from, 'runs.jsonl');
      if (!existsSync(meta)) continue;
      const to = join(root, agent, scenario);
      mkdirSync(to, { recursive: true });
      if (!existsSync(join(to, 'scenario.json'))) copyFileSync(join(from, 'scenario.json'), join(to, 'scenario.json'));
      for (const line of readFileSync(meta, 'utf8').split('\n').filter(Boolean)) {
        const m = JSON.parse(line);
        const run = `r${k}_${m.run}`;
        const log = join(from, `run${m.run}.jsonl`);
        if (existsSync(log)) copyFileSync(log, join(to, `run${run}.jsonl`));
        appendFileSync(join(to, 'runs.jsonl'), JSON.stringify({ ...m, run }) + '\n');
      }
    }
    const info = join(root, round, agent, 'info.txt');
    if (existsSync(info) && !existsSync(join(root, agent, 'info.txt'))) writeFileSync(join(root, agent, 'info.txt'), readFileSync(info));
  }
}
console.log(`merged ${rounds.length} round(s) into ${root}/<agent>`);
