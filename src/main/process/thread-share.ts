// How many threads an rg gets: the machine's cores, shared among the searches running at that moment.
// A reply's five searches each starting a thread per core oversubscribe a small machine (on 2 cores
// five took ~12 % more CPU in thread start-up and lock hand-offs, and the turn waited on that CPU);
// a search that runs alone still gets every core.
import { availableParallelism } from 'node:os';
import type { Launcher } from './warm-launch';

let running = 0;
let machineCores: number | undefined;

/** The --threads value for one more search while `othersRunning` run: an equal share, at least 1. */
export function threadShare(totalCores: number, othersRunning: number): number {
  return Math.max(1, Math.floor(totalCores / (othersRunning + 1)));
}

/** `launch` for rg, with `--threads` from the share of the cores this search gets when it starts. */
export function sharingCores(launch: Launcher, totalCores?: number): Launcher {
  return (file, args, opts) => {
    const cores = totalCores ?? (machineCores ??= availableParallelism());
    const child = launch(file, ['--threads', String(threadShare(cores, running)), ...args], opts);
    running++;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      running--;
    };
    child.on('close', release);
    child.on('error', release);
    return child;
  };
}

/** How many searches hold a share now (tests). */
export const searchesRunning = () => running;
