// Test support for the process layer: a launcher's pid, what a started program printed, waiting for a
// condition. Not used by production code.
import type { PipedProcess } from './launcher-shell';
import type { LauncherShells } from './launchers';

/** The pid of a live launcher other than `not` (waits for one to be forked, at most 5 s). */
export async function launcherPid(shells: LauncherShells, not?: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const pid = shells.pids().find((p) => p !== not);
    if (pid !== undefined) return pid;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('no launcher shell appeared within 5 s');
}

/** Everything a started program prints, and how it ended. */
export function collectOutput(child: PipedProcess): Promise<{ out: string; err: string; code: number | null; signal: NodeJS.Signals | null }> {
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ out, err, code, signal })));
}

/** Waits (at most 5 s) until `cond` holds. */
export async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
