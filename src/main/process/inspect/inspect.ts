// What a running program is doing right now, for the "Running programs" panel: its processes (children,
// grandchildren), the TCP ports they listen on, CPU and memory, and since when it runs. One process
// table is read per refresh for every program at once, so the cost is bounded by the panel's rhythm.
import { cpuKey, createCpuSampler, type CpuSampler } from './cpu-sampler';
import { listeningPorts } from './listening-ports';
import { readCommandLine, readResidentBytes } from './proc-stat';
import { readProcessTable, type ProcessEntry, type ProcessTable, type TableOptions } from './process-table';
import { processTree } from './process-tree';

export interface InspectTarget {
  pid: number;
  /** The process group (a detached child leads its own: the pid). */
  groupId?: number;
  /** The root's start token when it was started: a different one means the pid now names another process. */
  startToken?: string;
}

export interface TreeProcess {
  pid: number;
  parentPid: number;
  command: string;
}

export interface ProcessDetails {
  /** The root or any of its processes still runs (and the root, if still there, is ours). */
  alive: boolean;
  /** Root first (when it lives); then children, grandchildren, and group members. */
  processes: TreeProcess[];
  /** Listening TCP ports; null = this system does not let Agent Desk see them. */
  ports: number[] | null;
  /** Percent of one core, summed over the processes; null = unknown. */
  cpuPercent: number | null;
  /** Resident memory summed over the processes; null = unknown. */
  memoryBytes: number | null;
  /** When the root started (ms since the epoch), when known. */
  startedAt: number | null;
}

export interface Inspector {
  inspect(targets: readonly InspectTarget[]): ProcessDetails[];
}

export interface InspectorOptions extends TableOptions {
  readTable?: () => ProcessTable;
  sampler?: CpuSampler;
}

const NOTHING: ProcessDetails = { alive: false, processes: [], ports: [], cpuPercent: null, memoryBytes: null, startedAt: null };

export function createInspector(opts: InspectorOptions = {}): Inspector {
  const sampler = opts.sampler ?? createCpuSampler();
  const readTable = opts.readTable ?? (() => readProcessTable(opts));
  return {
    inspect(targets) {
      if (targets.length === 0) return [];
      const table = readTable();
      const seen = new Set<string>();
      const out = targets.map((t) => inspectOne(table, t, sampler, seen, opts));
      sampler.keepOnly(seen);
      return out;
    },
  };
}

function inspectOne(table: ProcessTable, target: InspectTarget, sampler: CpuSampler, seen: Set<string>, opts: TableOptions): ProcessDetails {
  const root = table.entries.get(target.pid);
  // The pid was given to another process since: nothing under it is ours. (A pid is not handed out
  // again while a process group of that id still has members, so neither is such a group.)
  if (root !== undefined && target.startToken !== undefined && root.startToken !== target.startToken) return NOTHING;
  // The root gone, its group may live on: children re-parented away but still in the group.
  const tree = processTree(table.entries, target.pid, target.groupId);
  if (tree.length === 0) return { ...NOTHING, startedAt: root?.startedAt ?? null };
  const pids = tree.map((e) => e.pid);
  let cpu: number | null = 0;
  let memory: number | null = 0;
  for (const e of tree) {
    seen.add(cpuKey(e));
    const c = cpuOf(e, table, sampler);
    cpu = cpu === null || c === null ? null : cpu + c;
    const m = e.residentBytes ?? (table.source === 'proc' ? readResidentBytes(e.pid, opts.procRoot) : undefined);
    memory = memory === null || m === undefined ? null : memory + m;
  }
  return {
    alive: true,
    processes: tree.map((e) => ({ pid: e.pid, parentPid: e.parentPid, command: (table.source === 'proc' ? readCommandLine(e.pid, 200, opts.procRoot) : undefined) ?? '' })),
    ports: table.source === 'none' ? null : listeningPorts(pids, opts),
    cpuPercent: cpu === null ? null : Math.round(cpu * 10) / 10,
    memoryBytes: memory,
    startedAt: root?.startedAt ?? null,
  };
}

function cpuOf(e: ProcessEntry, table: ProcessTable, sampler: CpuSampler): number | null {
  if (e.cpuPercent !== undefined) return e.cpuPercent;
  if (e.cpuTicks === undefined) return null;
  return sampler.sample({ pid: e.pid, startToken: e.startToken, cpuTicks: e.cpuTicks, ...(e.startedAt !== undefined ? { startedAt: e.startedAt } : {}) }, table.takenAt);
}
