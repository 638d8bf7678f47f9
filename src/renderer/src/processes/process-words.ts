// The panel's words for a program, for people who never used a terminal: what it is, for how long it
// runs, how much it uses, how it ended, and what stopping it will do.
import type { LeftoverView, TaskView } from '../../../shared/ipc/tasks-contract';

export function programTitle(t: Pick<TaskView, 'command' | 'description'>): string {
  return t.description?.trim() || t.command;
}

export function portAddress(port: number): string {
  return `http://localhost:${port}`;
}

/** "3 min", "40 s", "2 h 5 min", "1 day 3 h"; under a second, "less than a second" (not "0 s"). */
export function spanWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s === 0) return 'less than a second';
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return `${d} ${d === 1 ? 'day' : 'days'}${h % 24 ? ` ${h % 24} h` : ''}`;
}

export function runningForWords(startedAt: number, now: number): string {
  return `Running for ${spanWords(now - startedAt)}`;
}

export function memoryWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/** Percent of one processor core; more than 100 means it keeps several busy. */
export function processorWords(percent: number): string {
  return `${percent < 1 && percent > 0 ? '<1' : Math.round(percent)}%`;
}

export function endedWords(t: Pick<TaskView, 'status' | 'exitCode' | 'startedAt' | 'endedAt'>): string {
  const ran = t.endedAt !== undefined ? ` after ${spanWords(t.endedAt - t.startedAt)}` : '';
  if (t.status === 'completed') return `Finished${ran}`;
  if (t.status === 'killed') return `Stopped${ran}`;
  if (t.status === 'failed') return `Ended with a problem${ran}${typeof t.exitCode === 'number' ? ` (exit code ${t.exitCode})` : ''}`;
  return 'Running';
}

/** The confirmation before stopping a program that started others; null when there is nothing to ask. */
export function stopQuestion(processCount: number): string | null {
  const others = processCount - 1;
  if (others < 1) return null;
  return `This program started ${others === 1 ? 'another program' : `${others} other programs`}. Stopping it stops ${others === 1 ? 'both' : `all ${processCount}`}. Anything not saved in them is lost.`;
}

export function leftoversHeadline(count: number): string {
  return count === 1 ? '1 program was left running when Agent Desk last closed' : `${count} programs were left running when Agent Desk last closed`;
}

export function leftoverReason(l: Pick<LeftoverView, 'kept'>): string {
  return l.kept ? 'You chose to keep it running.' : 'Agent Desk closed without stopping it.';
}

/** The header button's count: programs running now, plus leftovers waiting for an answer. */
export function runningCount(tasks: readonly Pick<TaskView, 'status'>[], leftovers: readonly unknown[]): number {
  return tasks.filter((t) => t.status === 'running').length + leftovers.length;
}
