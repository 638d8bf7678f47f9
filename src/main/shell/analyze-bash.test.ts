// Differential check of the AST walk against Bash itself (BA2): whatever the walk calls `simple`, Bash
// must run as exactly those commands with exactly those words. Each case runs in a subshell of one
// bash process with PATH emptied, so every program is "not found" and command_not_found_handle logs
// its argv instead of running anything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze';
import { loadBashParser, type BashParser } from './parser';
import type { CommandAnalysis } from './types';

const bash = spawnSync('bash', ['-c', 'compgen -b; compgen -k'], { encoding: 'utf8' });
const haveBash = bash.status === 0;
const BUILTINS = new Set((bash.stdout ?? '').split('\n').filter(Boolean));

/** Forms where tree-sitter-bash and Bash disagree, or nearly did; each must be too-complex or agree. */
const TRICKY = [
  'zz a\\\nb',
  'z\\\nz -x',
  'zz "x"\\\ny',
  'zz ls \n\\zz x',
  'zz \n\\zz x',
  'zz >\nzz',
  'zz\\\n 2>x y',
  'zz>2>&1',
  'zz a # c\nzz b',
  "zz 'q r'\\;x",
  "zz ''\\ x",
  'zz \\ x',
  '\\ zz',
  'zz "a\\\nb" c',
  'zz a && zz b > out c',
  'zz a | zz b 2>&1 > out',
  'zz a || zz b > out && zz c',
  'zz {} @{u} HEAD@{1} x{y}z',
  'zz a\\#b "#" \\# c#d',
  'zz "\\$x" \'$y\' \\$z',
  'zz a=b -x=1 --y=2',
  'X=1 Y="a b" zz c',
  'zz 2 >x 3',
  'zz -- -x',
  'zz\t-a\t-b',
  'zz "" \'\' ""\'\'',
  'zz "a"\'b\'c\\ d',
  'zz "\\"" "\\\\" "\\a" "\\n"',
  'zz *.none ?.none',
  // Literal `$(cat <<'EOF' …)` commit messages (cat-heredoc.ts): the value Bash gives them.
  "zz -m \"$(cat <<'EOF'\nfix: a\n\nb $X `y` $(z) \"q\"\nEOF\n)\"",
  'zz "s $(cat <<\\EOF\nbody\nEOF\n) e"',
  "zz \"$(cat <<'EOF'\na\n\n\nEOF\n)\" x",
  "zz \"$(cat<<'EOF'\nfix\nEOF\n   )\"",
  "zz \"$(cat <<'EOF'\nEOF)\nzz x\nEOF\n)\"",
  "zz \"$(cat <<'EOF'\n  EOF\nEOF\n)\" && zz b",
];

function generated(n: number): string[] {
  const names = ['zz', "'zz'", '"zz"', '\\zz', 'zz-x', 'z\\z', 'X=1 zz', 'X="a b" zz', '2>/dev/null zz'];
  const parts = ['a', 'b', ' ', ' ', ' ', '\t', '\n', '\\\n', '\\\n ', '&&', ';', '||', '|', '|&', '&', '>', '>>', '2>', '2>&1', '>&2', '&>', '<<<x', "'q r'", '"d\\"e"', '"\\\\"', '"\\n"', '\\ ', '\\;', '\\\\', '-', '--', '*', '=', '@', '+', ',', '.', ':', '5', "''", '""', '"a b"', "'", '"', '\\x', '#', ' #', '{', '}', '{}', '..', '[', '!', ' zz', '\nzz', '\n\\zz', '\r', 'é', '\\"', "\\'", '$', '`', '(', ')', '&&zz', '|zz', ';zz', '\n#c\n'];
  let seed = 20240601n;
  const rnd = (k: number): number => {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number((seed >> 33n) % BigInt(k));
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let s = names[rnd(names.length)]!;
    for (let j = rnd(7); j > 0; j--) s += parts[rnd(parts.length)];
    out.push(s);
  }
  return out;
}

/** The argv lists Bash would log, assuming every program succeeds: a pipeline right after `||` is skipped. */
function expectedRuns(a: Extract<CommandAnalysis, { kind: 'simple' }>): string[][] {
  let skip = false;
  return a.commands
    .filter((_c, i) => {
      const sep = i === 0 ? null : a.separators[i - 1];
      if (sep !== '|' && sep !== '|&') skip = sep === '||';
      return !skip;
    })
    .map((c) => c.argv);
}

/** Cases Bash would refuse at run time for reasons that are not parsing (a missing file, a closed fd). */
function runnable(a: Extract<CommandAnalysis, { kind: 'simple' }>): boolean {
  return a.commands.every(
    (c) =>
      !BUILTINS.has(c.argv[0]!) &&
      !c.argv[0]!.startsWith('%') &&
      c.redirects.every((r) => r.op !== '<' && (r.target !== '' || r.op.endsWith('-')) && !/^\.\.?$|\//.test(r.target.replace(/^\/dev\/null$/, '')) && !(r.op.endsWith('&') && /^\d+$/.test(r.target) && r.target !== '1' && r.target !== '2')),
  );
}

let parser: BashParser;
let work: string;

beforeAll(async () => {
  const p = await loadBashParser();
  if (!p) throw new Error('tree-sitter-bash did not load');
  parser = p;
  work = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-bashdiff-'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// Bash is what these commands run in: without it nothing here can be compared, so say so, never skip.
if (!haveBash) throw new Error(`analyze-bash.test.ts needs bash on PATH to compare the AST walk with (spawn: ${bash.error?.message ?? `exit ${bash.status}`})`);

describe('BA2 the AST walk agrees with Bash', () => {
  it('on tricky forms and 400 generated command lines', () => {
    const cases: Array<{ command: string; want: string[][] }> = [];
    let tooComplex = 0;
    for (const command of [...TRICKY, ...generated(400)]) {
      const a = analyzeCommand(command, parser);
      if (a.kind !== 'simple') {
        tooComplex++;
        continue;
      }
      if (runnable(a)) cases.push({ command, want: expectedRuns(a) });
    }
    const log = path.join(work, 'log');
    const env: Record<string, string> = { LOG: log, HOME: '/nonexistent-home', WORK: work, PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const script = [
      // The one real program: a `$(cat <<'EOF' …)` gives its body, as it does for the walk.
      'CAT=$(command -v cat); cat() { "$CAT" "$@"; }',
      'PATH=/nonexistent',
      // One write per record (newlines encoded: printf may flush at one), so pipelines cannot interleave.
      `command_not_found_handle() { local a r=''; for a in "$@"; do r+="\${a//$'\\n'/$'\\x01'}"$'\\x1f'; done; printf '%s\\x1e' "$r" >>"$LOG"; return 0; }`,
      ...cases.map((_c, i) => {
        env[`C${i}`] = cases[i]!.command;
        // A fresh empty folder each (made here, not by a program per case): earlier cases' files must
        // not change what a glob matches.
        mkdirSync(path.join(work, `c${i}`));
        return `printf '\\x1d' >>"$LOG"; ( cd "$WORK/c${i}" && eval "$C${i}"; wait ) 2>/dev/null`;
      }),
    ].join('\n');
    spawnSync('bash', ['-c', script], { env, stdio: 'ignore', timeout: 60_000 });
    const runs = readFileSync(log, 'utf8').split('\x1d').slice(1);
    expect(runs).toHaveLength(cases.length);
    const sorted = (x: string[][]): string[] => x.map((argv) => JSON.stringify(argv)).sort();
    const mismatches = cases
      .map((c, i) => ({ command: c.command, ast: c.want, bash: runs[i]!.split('\x1e').slice(0, -1).map((r) => r.split('\x1f').slice(0, -1).map((w) => w.replaceAll('\x01', '\n'))) }))
      .filter((m) => JSON.stringify(sorted(m.ast)) !== JSON.stringify(sorted(m.bash)));
    expect(mismatches).toEqual([]);
    expect(cases.length).toBeGreaterThan(200);
    expect(tooComplex).toBeGreaterThan(30);
  });
});
