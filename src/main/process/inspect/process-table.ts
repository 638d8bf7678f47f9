// A snapshot of every process we can see (pid, parent, group, start), read once per refresh: on Linux
// from /proc, elsewhere from one `ps` run; on Windows nothing (the panel then shows less, never fails).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readBootTime, readProcStat, startedAtMs } from './proc-stat';

export interface ProcessEntry {
  pid: number;
  parentPid: number;
  groupId: number;
  zombie: boolean;
  /** Names this process and no later one with the same pid (Linux: start ticks; macOS: ps's lstart). */
  startToken: string;
  startedAt?: number;
  /** Linux: CPU time so far in clock ticks (a CPU % needs two snapshots). */
  cpuTicks?: number;
  /** ps: its own CPU % (a decaying average). */
  cpuPercent?: number;
  /** ps: resident memory. */
  residentBytes?: number;
}

export interface ProcessTable {
  source: 'proc' | 'ps' | 'none';
  entries: Map<number, ProcessEntry>;
  /** ms since the epoch when the table was read. */
  takenAt: number;
}

/** Stops a runaway /proc from making one refresh expensive. */
const MAX_PROCESSES = 50_000;

export interface TableOptions {
  platform?: NodeJS.Platform;
  procRoot?: string;
  now?: () => number;
}

export function readProcessTable(opts: TableOptions = {}): ProcessTable {
  const platform = opts.platform ?? process.platform;
  const takenAt = (opts.now ?? Date.now)();
  if (platform === 'linux') return { source: 'proc', entries: readProc(opts.procRoot ?? '/proc'), takenAt };
  if (platform === 'win32') return { source: 'none', entries: new Map(), takenAt };
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=,rss=,%cpu=,lstart='], { encoding: 'utf8', timeout: 5_000 });
  if (ps.status !== 0 || typeof ps.stdout !== 'string') return { source: 'none', entries: new Map(), takenAt };
  const entries = new Map<number, ProcessEntry>();
  for (const line of ps.stdout.split('\n')) {
    const e = parsePsLine(line);
    if (e) entries.set(e.pid, e);
  }
  return { source: 'ps', entries, takenAt };
}

function readProc(procRoot: string): Map<number, ProcessEntry> {
  const entries = new Map<number, ProcessEntry>();
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return entries;
  }
  const boot = readBootTime(procRoot);
  for (const name of names) {
    if (entries.size >= MAX_PROCESSES) break;
    if (!/^\d+$/.test(name)) continue;
    const s = readProcStat(Number(name), procRoot);
    // Exited while we looked.
    if (!s) continue;
    entries.set(s.pid, {
      pid: s.pid,
      parentPid: s.parentPid,
      groupId: s.groupId,
      zombie: s.state === 'Z' || s.state === 'X',
      startToken: String(s.startTicks),
      ...(boot !== undefined ? { startedAt: startedAtMs(s.startTicks, boot) } : {}),
      cpuTicks: s.cpuTicks,
    });
  }
  return entries;
}

/** One line of `ps -o pid=,ppid=,pgid=,stat=,rss=,%cpu=,lstart=` (lstart: "Wed Dec  2 07:04:58 2026"). */
export function parsePsLine(line: string): ProcessEntry | undefined {
  const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\d+)\s+([\d.,]+)\s+(\S+\s+\S+\s+\d+\s+[\d:]+\s+\d+)\s*$/.exec(line);
  if (!m) return undefined;
  const lstart = m[7]!.replace(/\s+/g, ' ');
  const startedAt = Date.parse(lstart);
  return {
    pid: Number(m[1]),
    parentPid: Number(m[2]),
    groupId: Number(m[3]),
    zombie: m[4]!.startsWith('Z'),
    startToken: lstart,
    ...(Number.isFinite(startedAt) ? { startedAt } : {}),
    residentBytes: Number(m[5]) * 1024,
    cpuPercent: Number(m[6]!.replace(',', '.')),
  };
}

/** The start token of one live process, or undefined when it is gone (or cannot be told). */
export function processStartToken(pid: number, opts: TableOptions = {}): string | undefined {
  const platform = opts.platform ?? process.platform;
  if (platform === 'linux') {
    const s = readProcStat(pid, opts.procRoot);
    return s && s.state !== 'Z' ? String(s.startTicks) : undefined;
  }
  if (platform === 'win32') return undefined;
  const ps = spawnSync('ps', ['-o', 'pid=,ppid=,pgid=,stat=,rss=,%cpu=,lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 5_000 });
  const e = typeof ps.stdout === 'string' ? parsePsLine(ps.stdout.trim()) : undefined;
  return e && !e.zombie ? e.startToken : undefined;
}
