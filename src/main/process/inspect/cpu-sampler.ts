// CPU % from two readings of a process's CPU time: the sampler remembers the last reading of each
// process (pid + start token) and answers the use between then and now. A process seen for the first
// time gets its average since it started, so the first look already shows something sensible.
import { TICKS_PER_SECOND } from './proc-stat';

export interface CpuReading {
  pid: number;
  startToken: string;
  cpuTicks: number;
  startedAt?: number;
}

export interface CpuSampler {
  /** Percent of one core (100 = one core busy), null when it cannot be told. */
  sample(reading: CpuReading, now: number): number | null;
  /** Forget processes not read in this round (bounded memory). */
  keepOnly(keys: ReadonlySet<string>): void;
}

export const cpuKey = (r: { pid: number; startToken: string }) => `${r.pid}:${r.startToken}`;

export function createCpuSampler(): CpuSampler {
  const last = new Map<string, { ticks: number; at: number }>();
  return {
    sample(reading, now) {
      const key = cpuKey(reading);
      const before = last.get(key);
      last.set(key, { ticks: reading.cpuTicks, at: now });
      const since = before ?? (reading.startedAt !== undefined ? { ticks: 0, at: reading.startedAt } : undefined);
      if (!since) return null;
      const seconds = (now - since.at) / 1000;
      if (seconds <= 0) return null;
      const used = (reading.cpuTicks - since.ticks) / TICKS_PER_SECOND;
      return Math.max(0, Math.round((used / seconds) * 1000) / 10);
    },
    keepOnly(keys) {
      for (const k of last.keys()) if (!keys.has(k)) last.delete(k);
    },
  };
}
