// The TCP ports a set of processes listens on. Linux: the LISTEN sockets of /proc/net/tcp and tcp6
// matched, by socket inode, to the processes' open descriptors; macOS: one `lsof` run; otherwise (or
// when lsof is missing) null — "cannot be seen here", which the panel says instead of failing.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Looked at per process at most: a program with more open files is not read further. */
const MAX_FDS = 4_096;
/** TCP state 0A is LISTEN. */
const LISTEN = '0A';

/** LISTEN sockets of one /proc/net/tcp or tcp6 text: socket inode → port. */
export function parseListenSockets(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    // sl local rem st tx:rx tr:when retrnsmt uid timeout inode …
    if (cols.length < 10 || cols[3] !== LISTEN) continue;
    const port = Number.parseInt(cols[1]!.split(':')[1] ?? '', 16);
    const inode = cols[9]!;
    if (Number.isInteger(port) && port > 0 && inode !== '0') out.set(inode, port);
  }
  return out;
}

/** Socket inodes a process holds open (`socket:[123]` links in /proc/<pid>/fd). */
export function socketInodes(pid: number, procRoot = '/proc'): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`${procRoot}/${pid}/fd`);
  } catch {
    // Gone, or not ours to read.
    return [];
  }
  const out: string[] = [];
  for (const fd of fds.slice(0, MAX_FDS)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`${procRoot}/${pid}/fd/${fd}`));
      if (m) out.push(m[1]!);
    } catch {
      // Closed while we looked.
    }
  }
  return out;
}

export interface PortOptions {
  platform?: NodeJS.Platform;
  procRoot?: string;
}

/** Ports (sorted, each once) the processes listen on; null when this system does not let us see them. */
export function listeningPorts(pids: readonly number[], opts: PortOptions = {}): number[] | null {
  if (pids.length === 0) return [];
  const platform = opts.platform ?? process.platform;
  if (platform === 'linux') return linuxPorts(pids, opts.procRoot ?? '/proc');
  if (platform === 'win32') return null;
  return lsofPorts(pids);
}

function linuxPorts(pids: readonly number[], procRoot: string): number[] | null {
  const listening = new Map<string, number>();
  let readable = false;
  for (const file of ['tcp', 'tcp6']) {
    try {
      for (const [inode, port] of parseListenSockets(readFileSync(`${procRoot}/net/${file}`, 'utf8'))) listening.set(inode, port);
      readable = true;
    } catch {
      // No IPv6 (or no IPv4) on this machine.
    }
  }
  if (!readable) return null;
  if (listening.size === 0) return [];
  const ports = new Set<number>();
  for (const pid of pids) {
    for (const inode of socketInodes(pid, procRoot)) {
      const port = listening.get(inode);
      if (port !== undefined) ports.add(port);
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** `lsof -F n` lines: `p<pid>` then `n<address>` per socket, e.g. `n*:5173` or `n[::1]:3000`. */
export function parseLsofPorts(text: string): number[] {
  const ports = new Set<number>();
  for (const line of text.split('\n')) {
    const m = /^n.*:(\d+)$/.exec(line.trim());
    if (m) ports.add(Number(m[1]));
  }
  return [...ports].sort((a, b) => a - b);
}

function lsofPorts(pids: readonly number[]): number[] | null {
  const r = spawnSync('lsof', ['-nP', '-a', '-iTCP', '-sTCP:LISTEN', '-F', 'n', '-p', pids.join(',')], { encoding: 'utf8', timeout: 5_000 });
  if (r.error) return null;
  // lsof exits 1 when nothing matched.
  if (r.status !== 0 && r.status !== 1) return null;
  return parseLsofPorts(r.stdout ?? '');
}
