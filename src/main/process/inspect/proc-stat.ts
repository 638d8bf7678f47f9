// One process as Linux's /proc/<pid>/stat tells it (parent, group, state, CPU ticks, start time, memory),
// and the start-time "token" that tells our process from a later one that got the same pid.
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: clock ticks per second in /proc, fixed at 100 by the kernel's user ABI. */
export const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  parentPid: number;
  groupId: number;
  /** R, S, D, Z (zombie: exited, not yet reaped), T … */
  state: string;
  /** User plus system CPU time, in clock ticks. */
  cpuTicks: number;
  /** Field 22: ticks after boot when the process started; with the pid, it names one process. */
  startTicks: number;
  /** Field 24: resident pages. */
  rssPages: number;
}

/** Parses one stat line; undefined when it is not one. comm may hold spaces and parens: read after the last ')'. */
export function parseProcStat(line: string): ProcStat | undefined {
  const close = line.lastIndexOf(')');
  const pid = Number.parseInt(line, 10);
  if (close < 0 || !Number.isInteger(pid)) return undefined;
  const rest = line.slice(close + 2).trim().split(/\s+/);
  if (rest.length < 22) return undefined;
  const n = (i: number) => Number(rest[i]);
  const stat: ProcStat = {
    pid,
    parentPid: n(1),
    groupId: n(2),
    state: rest[0]!,
    cpuTicks: n(11) + n(12),
    startTicks: n(19),
    rssPages: n(21),
  };
  return Object.values(stat).every((v) => typeof v === 'string' || Number.isFinite(v)) ? stat : undefined;
}

export function readProcStat(pid: number, procRoot = '/proc'): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`${procRoot}/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Seconds since the epoch at which the machine booted (/proc/stat `btime`). */
export function readBootTime(procRoot = '/proc'): number | undefined {
  try {
    const m = /^btime\s+(\d+)/m.exec(readFileSync(`${procRoot}/stat`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** When a process started, in ms since the epoch. */
export function startedAtMs(startTicks: number, bootTimeSeconds: number): number {
  return bootTimeSeconds * 1000 + Math.round((startTicks * 1000) / TICKS_PER_SECOND);
}

/** Resident memory in bytes from /proc/<pid>/status (VmRSS, in kB: no page size to guess). */
export function readResidentBytes(pid: number, procRoot = '/proc'): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s*kB/m.exec(readFileSync(`${procRoot}/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The command line of a process, arguments joined by spaces, at most `max` characters. */
export function readCommandLine(pid: number, max = 200, procRoot = '/proc'): string | undefined {
  try {
    const raw = readFileSync(`${procRoot}/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replace(/\0/g, ' ');
    if (raw) return raw.length > max ? `${raw.slice(0, max - 1)}…` : raw;
    const comm = readFileSync(`${procRoot}/${pid}/comm`, 'utf8').trim();
    return comm ? `[${comm}]` : undefined;
  } catch {
    return undefined;
  }
}
