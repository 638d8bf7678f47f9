// Background tasks started from the tray, the app or `agent-desk task start` (DK3, issue 18 items 5–6):
// what starts one, what a person sees of one, and the saved tasks kept in Agent Desk's settings.
import { z } from 'zod';

/** How a task works; bypassPermissions only from the command line, where it is typed on purpose. */
export const TaskMode = z.enum(['default', 'acceptEdits', 'plan', 'bypassPermissions']);
export type TaskMode = z.infer<typeof TaskMode>;

export const TASK_NAME_MAX = 80;
export const TASK_PROMPT_MAX = 100_000;
/** The largest budget a task accepts, in USD: a typo of many zeros is refused, not spent. */
export const TASK_BUDGET_MAX_USD = 10_000;

/** What starts a task: a project folder, a prompt, how it works, a name, an optional budget. */
export const BackgroundTaskSpec = z.strictObject({
  projectDir: z.string().min(1).max(4096),
  prompt: z.string().trim().min(1, 'Type what the task should do.').max(TASK_PROMPT_MAX),
  name: z.string().trim().min(1).max(TASK_NAME_MAX).optional(),
  mode: TaskMode.default('default'),
  /** The session's budget in USD (issue 20 item 4): used up, the task pauses and asks in the inbox. */
  budgetUsd: z.number().positive().max(TASK_BUDGET_MAX_USD).optional(),
  /** The saved task it came from, by name (shown, not re-read). */
  savedTask: z.string().max(TASK_NAME_MAX).optional(),
});
export type BackgroundTaskSpec = z.input<typeof BackgroundTaskSpec>;
export type BackgroundTaskSpecParsed = z.output<typeof BackgroundTaskSpec>;

/** Where a person started it: a window's Background tasks pane, the tray's New Task…, or `agent-desk task start`. */
export const TaskStartedFrom = z.enum(['app', 'tray', 'command-line']);
export type TaskStartedFrom = z.infer<typeof TaskStartedFrom>;

const STARTED_FROM_WORDS: Record<TaskStartedFrom, string> = {
  app: 'started from the Background tasks pane',
  tray: 'started from the tray',
  'command-line': 'started from the command line',
};

/** "started from the tray"; '' for a task of an older version, which did not say. */
export function taskStartedFromWords(from: TaskStartedFrom | undefined): string {
  return from ? STARTED_FROM_WORDS[from] : '';
}

/** `needs-approval` is a running task with a request waiting for a person. */
export const BackgroundTaskStatus = z.enum(['starting', 'running', 'needs-approval', 'done', 'failed', 'stopped']);
export type BackgroundTaskStatus = z.infer<typeof BackgroundTaskStatus>;

export const ENDED_STATUSES: readonly BackgroundTaskStatus[] = ['done', 'failed', 'stopped'];
export const isEnded = (s: BackgroundTaskStatus): boolean => ENDED_STATUSES.includes(s);

/** Token use so far (from the session's usage totals), and its cost in USD when the price is known. */
export const TaskUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  cacheWriteTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().nullable(),
});
export type TaskUsage = z.infer<typeof TaskUsage>;

/** One task as the tray, the CLI and the windows show it. */
export const BackgroundTaskView = z.object({
  id: z.string(),
  name: z.string(),
  projectDir: z.string(),
  /** The folder in short ("~/proj"). */
  where: z.string(),
  prompt: z.string(),
  mode: TaskMode,
  budgetUsd: z.number().optional(),
  status: BackgroundTaskStatus,
  /** What it does now, in words ("Running npm test"); null when between steps or ended. */
  activity: z.string().nullable(),
  /** Model calls so far. */
  turns: z.number().int().nonnegative(),
  createdAt: z.number(),
  endedAt: z.number().optional(),
  /** Requests of this task waiting in the approval inbox. */
  waiting: z.number().int().nonnegative(),
  usage: TaskUsage.nullable(),
  /** Its conversation (saved with the project's conversations). */
  sessionId: z.string().optional(),
  /** Why it failed, or the end of its last reply when done. */
  outcome: z.string().optional(),
  /** Where it runs: this computer, or (later) another one's `agent-desk serve`. */
  host: z.enum(['local', 'remote']),
  /** Absent for a task of an older version. */
  startedFrom: TaskStartedFrom.optional(),
});
export type BackgroundTaskView = z.infer<typeof BackgroundTaskView>;

/** A task kept for reuse in Agent Desk's settings (`savedTasks` in <data>/settings.json). */
export const SavedTask = z.object({
  name: z.string().trim().min(1).max(TASK_NAME_MAX),
  prompt: z.string().trim().min(1).max(TASK_PROMPT_MAX),
  mode: TaskMode.optional(),
  budgetUsd: z.number().positive().max(TASK_BUDGET_MAX_USD).optional(),
});
export type SavedTask = z.infer<typeof SavedTask>;

const STATUS_WORDS: Record<BackgroundTaskStatus, string> = {
  starting: 'Starting',
  running: 'Running',
  'needs-approval': 'Needs your approval',
  done: 'Finished',
  failed: 'Failed',
  stopped: 'Stopped',
};

export function taskStatusWords(s: BackgroundTaskStatus): string {
  return STATUS_WORDS[s];
}

/** A task's name when none was given: the prompt's first line, shortened. */
export function taskNameFrom(prompt: string): string {
  const line = prompt.trim().split('\n')[0]!.replace(/\s+/g, ' ');
  if (line.length <= 40) return line;
  // Cut between words where one ends late enough; a single long word is cut where it must be.
  const cut = line.slice(0, 40);
  const space = cut.lastIndexOf(' ');
  return `${(space >= 20 ? cut.slice(0, space) : cut.slice(0, 39)).trimEnd()}…`;
}

/** "3 turns · 12.4k tokens · $0.04" — what a line of progress says of the work so far. */
export function taskProgressWords(t: Pick<BackgroundTaskView, 'turns' | 'usage'>): string {
  const parts = [`${t.turns} turn${t.turns === 1 ? '' : 's'}`];
  if (t.usage) {
    const tokens = t.usage.inputTokens + t.usage.outputTokens + t.usage.cacheReadTokens + t.usage.cacheWriteTokens;
    parts.push(`${tokens < 1000 ? tokens : `${(tokens / 1000).toFixed(1)}k`} tokens`);
    if (t.usage.costUsd !== null) parts.push(`$${t.usage.costUsd.toFixed(2)}`);
  }
  return parts.join(' · ');
}

/** The share of its budget a task has used, in whole percent; null without a budget or a known cost. */
export function taskBudgetPercent(t: Pick<BackgroundTaskView, 'budgetUsd' | 'usage'>): number | null {
  if (t.budgetUsd === undefined) return null;
  const spent = t.usage ? t.usage.costUsd : 0;
  if (spent === null) return null;
  // 0.42 / 0.42 must read 100, not 99.99999999999999 floored.
  return Math.floor((spent / t.budgetUsd) * 100 + 1e-9);
}

/** "$0.42 of its $2.00 budget used (21 %)"; '' without a budget. */
export function taskBudgetWords(t: Pick<BackgroundTaskView, 'budgetUsd' | 'usage'>): string {
  if (t.budgetUsd === undefined) return '';
  const limit = `$${t.budgetUsd.toFixed(2)}`;
  const percent = taskBudgetPercent(t);
  if (percent === null) return `budget ${limit} (this model’s cost cannot be counted)`;
  return `$${(t.usage?.costUsd ?? 0).toFixed(2)} of its ${limit} budget used (${percent} %)`;
}

