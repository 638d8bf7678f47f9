// Bash decisions per second (issue 14, BA1–BA5): 1,000 realistic commands (seeded), each decided the
// way a call is — the 23 checks, the parse, the parts, read-only and path checks, and each part matched
// against ten rules — next to tree-sitter's parse alone for the same commands (the floor), in the same
// run. Target: median decision ≤ 1 ms. Env: BENCH_RUNS (passes over the 1,000, default 5).
import { performance } from 'node:perf_hooks';
import { bashRuleMatches } from '../src/main/permissions/bash-match';
import { loadBashParser } from '../src/main/shell/parser';
import { bashPermission, bashRuleParts } from '../src/main/tools/bash/permission';
import { prng } from './lib/prng';
import { envInt, fmt, machineInfo, markdownTable, median, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 5);
const REPO = process.env.BENCH_REPO ?? process.cwd();
const ctx = { cwd: '/work/proj', workingDirectories: ['/work/proj'], home: '/home/ada' };
const RULES = ['Bash(npm test)', 'Bash(npm run:*)', 'Bash(git commit:*)', 'Bash(git push:*)', 'Bash(rm:*)', 'Bash(make *)', 'Bash(docker compose *)', 'Bash(curl:*)', 'Bash(pnpm install)', 'Bash(cargo build:*)'];

const rand = prng(14);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const files = ['src/app.ts', 'README.md', 'package.json', 'src/lib/util.ts', 'docs/guide.md', 'test/app.test.ts'];
const words = ['TODO', 'fixme', 'export function', 'import', 'console.log', 'deprecated'];
const templates: Array<() => string> = [
  () => 'git status',
  () => `git diff --stat ${pick(files)}`,
  () => `git log --oneline -n ${1 + Math.floor(rand() * 20)}`,
  () => `git add ${pick(files)} && git commit -m "fix: ${pick(words)}"`,
  () => `git push origin ${pick(['main', 'feature/x', 'fix-1'])}`,
  () => `npm ${pick(['test', 'run build', 'run lint', 'install', 'ci'])}`,
  () => `ls -la ${pick(['src', 'test', '.', 'docs'])}`,
  () => `cat ${pick(files)} | head -${5 + Math.floor(rand() * 50)}`,
  () => `grep -rn "${pick(words)}" ${pick(['src', 'test', '.'])} | wc -l`,
  () => `rg ${pick(words)} --type ts | head -20`,
  () => `find . -name "*.${pick(['ts', 'md', 'json'])}" -type f`,
  () => `rm -rf ${pick(['build', 'dist', 'node_modules/.cache', 'coverage'])}`,
  () => `mkdir -p ${pick(['out', 'tmp/a', 'build/x'])} && cp ${pick(files)} ${pick(['out', 'tmp/a'])}/`,
  () => `NODE_ENV=test timeout 60 npm test -- ${pick(files)}`,
  () => `sed -n '${1 + Math.floor(rand() * 9)},${10 + Math.floor(rand() * 90)}p' ${pick(files)}`,
  () => `echo "$(date)" >> log.txt`,
  () => `for f in src/*.ts; do wc -l "$f"; done`,
  () => `curl -s https://example.com/${pick(['a', 'b', 'api'])} | jq .`,
  () => `docker compose up -d ${pick(['db', 'web', 'cache'])}`,
  () => `cd ${pick(['src', 'test'])} && ls && cd ..`,
];
const commands = Array.from({ length: 1_000 }, () => pick(templates)());

function decide(command: string): void {
  bashPermission(command, ctx);
  const parts = bashRuleParts({ command }) ?? [{ command }];
  for (const p of parts) for (const rule of RULES) bashRuleMatches(rule.slice(5, -1), p.command, 'allow');
}

const parser = await loadBashParser();
if (!parser) throw new Error('tree-sitter-bash did not load');
for (const c of commands) decide(c); // warm-up (JIT), also fills nothing: the facts cache holds 256

const decisions: number[] = [];
const parses: number[] = [];
let wall = 0;
for (let r = 0; r < RUNS; r++) {
  const t0 = performance.now();
  for (const c of commands) {
    const a = performance.now();
    decide(c);
    decisions.push(performance.now() - a);
  }
  wall += performance.now() - t0;
  for (const c of commands) {
    const a = performance.now();
    parser.withTree(c, (root) => root.childCount);
    parses.push(performance.now() - a);
  }
}
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;
const perSecond = (RUNS * commands.length) / (wall / 1000);
const data = {
  decisionMedianMs: median(decisions),
  decisionP99Ms: p99(decisions),
  parseMedianMs: median(parses),
  parseP99Ms: p99(parses),
  decisionsPerSecond: perSecond,
};
const info = machineInfo(REPO);
console.log(`\n### Bash decisions over 1,000 realistic commands (${RUNS} passes; ${info.date}, ${info.commit}, node ${info.node}, ${info.cpus} CPUs)\n`);
console.log(
  markdownTable(
    ['', 'median (ms)', 'p99 (ms)'],
    [
      ['tree-sitter parse alone (floor)', fmt(data.parseMedianMs, 3), fmt(data.parseP99Ms, 3)],
      ['whole decision', fmt(data.decisionMedianMs, 3), fmt(data.decisionP99Ms, 3)],
    ],
  ),
);
console.log(`\n${Math.round(perSecond)} decisions per second; median decision ${data.decisionMedianMs <= 1 ? '≤' : '>'} 1 ms ${data.decisionMedianMs <= 1 ? '✓' : '✗'}`);
console.log(`\n(written to ${writeResult(REPO, 'bash-decisions', { info, runs: RUNS, data })})`);
