// Agent Desk's own budget keys (issue 20 item 4; Claude Code has no such setting), in any of Claude
// Code's settings files, under a key of Agent Desk's own:
//   "agentDesk": { "budget": { "conversation": { "usd": 5 }, "task": { "usd": 2, "tokens": 2000000 } } }
// `conversation` caps each conversation, `task` each background task (a task started with a budget of
// its own uses that); `usd` is money, `tokens` all tokens (input, output, cache reads and writes).
// Across files the strictest wins, part by part: a budget only narrows, so a folder not yet trusted
// may set one too. A bad entry is a warning naming the file. Pure: no file access.
import { Budget } from '../../shared/budget';

export interface BudgetSettings {
  conversation?: Budget;
  task?: Budget;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** One file's `agentDesk` block's budgets; undefined when it sets none. */
export function parseBudgetBlock(file: string, block: unknown, warnings: string[]): BudgetSettings | undefined {
  if (block === undefined) return undefined;
  if (!isObject(block)) {
    warnings.push(`${file}: "agentDesk" must be an object; ignored.`);
    return undefined;
  }
  const budget = block.budget;
  if (budget === undefined) return undefined;
  if (!isObject(budget)) {
    warnings.push(`${file}: agentDesk.budget must be an object with "conversation" and/or "task"; ignored.`);
    return undefined;
  }
  const out: BudgetSettings = {};
  for (const kind of ['conversation', 'task'] as const) {
    const v = budget[kind];
    if (v === undefined) continue;
    const parsed = Budget.safeParse(v);
    if (!parsed.success || (parsed.data.usd === undefined && parsed.data.tokens === undefined)) {
      warnings.push(`${file}: agentDesk.budget.${kind} must be {"usd": dollars} and/or {"tokens": a whole number}, both above 0; ignored.`);
      continue;
    }
    out[kind] = parsed.data;
  }
  return out.conversation || out.task ? out : undefined;
}

const min = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

function stricter(a: Budget | undefined, b: Budget | undefined): Budget | undefined {
  if (!a || !b) return a ?? b;
  const usd = min(a.usd, b.usd);
  const tokens = min(a.tokens, b.tokens);
  return { ...(usd !== undefined ? { usd } : {}), ...(tokens !== undefined ? { tokens } : {}) };
}

/** The files' budgets merged: the strictest of each part. */
export function mergeBudgetSettings(all: ReadonlyArray<BudgetSettings | undefined>): BudgetSettings {
  let conversation: Budget | undefined;
  let task: Budget | undefined;
  for (const b of all) {
    conversation = stricter(conversation, b?.conversation);
    task = stricter(task, b?.task);
  }
  return { ...(conversation ? { conversation } : {}), ...(task ? { task } : {}) };
}
