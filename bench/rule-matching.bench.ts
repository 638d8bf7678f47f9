// Rule matching stays linear (PX8, issue 16 item 2): a 30-star rule on a 10,000-character input, for
// Bash, path and domain rules, against the same matcher deciding a one-star rule on the same input
// (the baseline, measured in the same run). Target: each decision under 10 ms. Medians of BENCH_RUNS.
import { performance } from 'node:perf_hooks';
import { bashRuleMatches } from '../src/main/permissions/bash-match';
import { webFetchRuleMatches } from '../src/main/permissions/domain-match';
import { pathRuleMatches } from '../src/main/permissions/path-match';
import { envInt, fmt, machineInfo, markdownTable, median, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 21);
const REPO = process.env.BENCH_REPO ?? process.cwd();
const paths = { cwd: '/p', projectDir: '/p' };
const stars = (n: number) => 'a*'.repeat(n);

const cases = [
  {
    name: 'Bash',
    decide: (n: number) => bashRuleMatches(`${'a *'.repeat(n)}b`, `a ${'a '.repeat(5_000)}`.slice(0, 10_000), 'deny'),
  },
  { name: 'path', decide: (n: number) => pathRuleMatches(`/${stars(n)}b`, 'Read', { file_path: `/p/${'a'.repeat(10_000)}` }, 'deny', paths) },
  { name: 'domain', decide: (n: number) => webFetchRuleMatches(`domain:${stars(n)}b.com`, { url: `https://${'a'.repeat(9_990)}.com/` }, 'deny') },
];

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

const rows: string[][] = [];
const data: Record<string, { oneStarMs: number; thirtyStarsMs: number }> = {};
for (const c of cases) {
  c.decide(1);
  c.decide(30);
  const one: number[] = [];
  const thirty: number[] = [];
  // Alternate so machine drift hits both alike.
  for (let i = 0; i < RUNS; i++) {
    one.push(time(() => c.decide(1)));
    thirty.push(time(() => c.decide(30)));
  }
  const m1 = median(one);
  const m30 = median(thirty);
  data[c.name] = { oneStarMs: m1, thirtyStarsMs: m30 };
  rows.push([c.name, fmt(m1, 3), fmt(m30, 3), fmt(m30 / m1), m30 < 10 ? '✓' : '✗']);
}
const info = machineInfo(REPO);
console.log(`\n### Rule matching on a 10,000-character input (median of ${RUNS}; ${info.date}, ${info.commit}, node ${info.node}, ${info.cpus} CPUs)\n`);
console.log(markdownTable(['rule', '1 star (ms)', '30 stars (ms)', 'ratio', 'under 10 ms'], rows));
console.log(`\n(written to ${writeResult(REPO, 'rule-matching', { info, runs: RUNS, data })})`);
