// Kill a whole process tree: the process group of a `detached` child plus every descendant found by
// parent pid (catches ones that left the group with setsid), SIGTERM first, SIGKILL after a grace.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const DEFAULT_KILL_GRACE_MS = 2_000;

/** Alive = signal 0 succeeds and it is not a zombie. A zombie has exited; it merely waits for a
 *  parent to reap it, and in containers whose init does not reap, orphans stay zombies forever. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return processState(pid) !== 'Z';
}

function processState(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ..." — comm may hold spaces and parens, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** pid → parent pid for every process we can see. */
function parentTable(): Map<number, number> {
  const table = new Map<number, number>();
  if (process.platform === 'linux') {
    let entries: string[] = [];
    try {
      entries = readdirSync('/proc');
    } catch {
      return table;
    }
    for (const name of entries) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        table.set(Number(name), Number(rest[1]));
      } catch {
        // Exited while we looked.
      }
    }
    return table;
  }
  if (process.platform === 'win32') return table;
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  for (const line of (ps.stdout ?? '').split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)/.exec(line);
    if (m) table.set(Number(m[1]), Number(m[2]));
  }
  return table;
}

/** Every descendant of `root` (children, grandchildren, …), not including root. */
export function listDescendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentTable()) {
    const list = children.get(ppid);
    if (list) list.push(pid);
    else children.set(ppid, [pid]);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const next = children.get(stack.pop()!) ?? [];
    for (const pid of next) {
      if (out.includes(pid) || pid === root) continue;
      out.push(pid);
      stack.push(pid);
    }
  }
  return out;
}

function signalAll(pgid: number, pids: readonly number[], signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Group already gone (or pgid is not a group leader): the per-pid kills below still run.
  }
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already exited.
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Terminate `pid` (a group leader spawned with `detached: true`) and all of its descendants.
 * Resolves once none of them is alive, SIGKILLing whatever outlived `graceMs` after SIGTERM.
 */
export async function killTree(pid: number, opts: { graceMs?: number } = {}): Promise<void> {
  const graceMs = opts.graceMs ?? DEFAULT_KILL_GRACE_MS;
  // Collect the tree while the root still lives: once it dies its children are re-parented.
  const pids = [pid, ...listDescendants(pid)];
  signalAll(pid, pids, 'SIGTERM');
  // No event tells us a process in another tree died, so this waits in short steps, bounded by grace.
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!pids.some(isProcessAlive)) return;
    await sleep(20);
  }
  // Children forked during the grace period join the list before the final blow.
  const all = [...pids, ...listDescendants(pid).filter((p) => !pids.includes(p))];
  signalAll(pid, all, 'SIGKILL');
  // SIGKILL cannot be caught, but delivery is asynchronous: wait (briefly) until it has landed so
  // callers can rely on "resolved = nothing left".
  const killDeadline = Date.now() + 1_000;
  while (Date.now() < killDeadline && all.some(isProcessAlive)) await sleep(10);
}
