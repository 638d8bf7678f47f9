// Small statistics and report helpers shared by the benches: medians, min/max, fixed-width numbers,
// markdown tables, the machine line, and writing a run's JSON under bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export const min = (xs: readonly number[]): number => Math.min(...xs);
export const max = (xs: readonly number[]): number => Math.max(...xs);

/** `digits` decimals, or '—' for a missing figure. */
export function fmt(x: number, digits = 2): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '—';
}

/** A markdown table; the first `leftColumns` columns are left-aligned, the rest (figures) right-aligned. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[], leftColumns = 1): string {
  const sep = head.map((_, i) => (i < leftColumns ? '---' : '---:'));
  // A `|` inside a cell would split it.
  const cell = (c: string) => c.replace(/\|/g, '\\|');
  return [head, sep, ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

/** The figures' context: when, which commit (with a dirty mark), which machine. */
export function machineInfo(repo: string): { date: string; commit: string; node: string; cpus: number; cpuModel: string; os: string; loadavg: number[] } {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repo, encoding: 'utf8' }).trim();
    if (dirty) commit += '+dirty';
  } catch {
    // not a git checkout: keep 'unknown'
  }
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: os.availableParallelism?.() ?? os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    // A shared machine: the 1/5/15-minute load at the end of the run says how quiet it was.
    loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function writeResult(repo: string, name: string, data: unknown): string {
  const dir = join(repo, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${name}-${stamp}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  writeFileSync(join(dir, `${name}-latest.json`), JSON.stringify(data, null, 2) + '\n');
  return file;
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
