// Ends a terminal's shell and everything it started: the hang-up a closed terminal window gives
// (SIGHUP to the shell's process group and its descendants), then SIGKILL for what ignored it.
import { isProcessAlive, listDescendants } from '../process/kill-tree';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function signal(pgid: number, pids: readonly number[], sig: NodeJS.Signals): void {
  try {
    process.kill(-pgid, sig);
  } catch {
    // The group is gone already; the single pids below still get it.
  }
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Already exited.
    }
  }
}

/** Resolves once neither the shell nor any process it had started is alive (bounded by the graces). */
export async function endProcessTree(pid: number, opts: { hangupGraceMs?: number } = {}): Promise<void> {
  if (process.platform === 'win32') {
    try {
      process.kill(pid);
    } catch {
      // Already exited.
    }
    return;
  }
  // Collected while the shell lives: once it dies its children belong to init and cannot be found by parent.
  const pids = [pid, ...listDescendants(pid)];
  signal(pid, pids, 'SIGHUP');
  const deadline = Date.now() + (opts.hangupGraceMs ?? 500);
  while (Date.now() < deadline && pids.some(isProcessAlive)) await sleep(15);
  if (!pids.some(isProcessAlive)) return;
  signal(pid, pids, 'SIGKILL');
  const killDeadline = Date.now() + 1_000;
  while (Date.now() < killDeadline && pids.some(isProcessAlive)) await sleep(10);
}
