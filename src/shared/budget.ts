// A conversation's or a task's budget (issue 20 item 4) as plain data, and its states as a pure machine:
// under it; a notice once 80 % is used; paused before the next request at 100 % (the person is asked);
// continued once more, raised, or stopped by their answer. Never a silent overrun, never a silent stop.
import { z } from 'zod';

/** Money (USD) or tokens (input + output + cache reads + cache writes), or both: whichever runs out first. */
export const Budget = z.strictObject({
  usd: z.number().positive().max(1_000_000).optional(),
  tokens: z.number().int().positive().max(1_000_000_000_000).optional(),
});
export type Budget = z.infer<typeof Budget>;

/** What has been spent so far: `usd` is null when some call's price is unknown. */
export interface Spent {
  usd: number | null;
  tokens: number;
}

/** The notice comes once this share of the budget is used. */
export const BUDGET_NOTICE_AT = 0.8;

export const BudgetPhase = z.enum(['under', 'near', 'paused', 'continued', 'raised', 'stopped']);
export type BudgetPhase = z.infer<typeof BudgetPhase>;

export interface BudgetState {
  limit: Budget;
  phase: BudgetPhase;
  /** The 80 % notice was given for this limit (a raise gives a new one). */
  noticed: boolean;
  /** "Continue once more": the next request may go although the budget is used up. */
  onceMore: boolean;
}

/** The person's answer when the budget is used up. */
export type BudgetAnswer = { kind: 'continue' } | { kind: 'raise'; by: Budget } | { kind: 'stop' };

/** A budget as the UI shows it: the limit, what is spent, the share used and the phase. */
export const BudgetStatus = z.object({
  limit: Budget,
  spentUsd: z.number().nonnegative().nullable(),
  spentTokens: z.number().int().nonnegative(),
  /** Whole percent of the budget used (the larger of money and tokens); null when it cannot be told. */
  percent: z.number().int().nonnegative().nullable(),
  phase: BudgetPhase,
});
export type BudgetStatus = z.infer<typeof BudgetStatus>;

/** The budget question's request name in the approval inbox: no tool has it, the renderer gives it its own form. */
export const BUDGET_REQUEST_NAME = 'Budget';

/** What the budget question carries for its form. */
export const BudgetQuestionInput = z.object({
  status: BudgetStatus,
  /** The raise offered first. */
  suggestedRaise: Budget,
  owner: z.enum(['conversation', 'task']),
});
export type BudgetQuestionInput = z.infer<typeof BudgetQuestionInput>;

export const hasLimit = (b: Budget | undefined | null): b is Budget => !!b && (b.usd !== undefined || b.tokens !== undefined);

/**
 * The share of the budget used, the larger of its parts; null when only a money budget is set and the
 * cost cannot be told (a model without a known price).
 */
export function budgetUse(limit: Budget, spent: Spent): number | null {
  const shares: number[] = [];
  if (limit.tokens !== undefined) shares.push(spent.tokens / limit.tokens);
  if (limit.usd !== undefined && spent.usd !== null) shares.push(spent.usd / limit.usd);
  return shares.length > 0 ? Math.max(...shares) : null;
}

export function initialBudget(limit: Budget): BudgetState {
  return { limit, phase: 'under', noticed: false, onceMore: false };
}

/** After a model call: the 80 % notice, once per limit (`notice` says to give it now). */
export function afterCall(state: BudgetState, spent: Spent): { state: BudgetState; notice: boolean } {
  const use = budgetUse(state.limit, spent);
  if (use === null || use < BUDGET_NOTICE_AT || state.noticed) return { state, notice: false };
  const phase = state.phase === 'under' ? 'near' : state.phase;
  return { state: { ...state, noticed: true, phase }, notice: true };
}

/** Before a request: go, ask the person (the budget is used up), or stop (they said so this turn). */
export function beforeRequest(state: BudgetState, spent: Spent): { state: BudgetState; action: 'go' | 'ask' | 'stop' } {
  if (state.phase === 'stopped') return { state, action: 'stop' };
  const use = budgetUse(state.limit, spent);
  if (use === null || use < 1) return { state, action: 'go' };
  if (state.onceMore) return { state: { ...state, onceMore: false }, action: 'go' };
  return { state: { ...state, phase: 'paused' }, action: 'ask' };
}

/** The person answered: one more request, a larger budget (its 80 % notice comes again), or stop. */
export function answerBudget(state: BudgetState, answer: BudgetAnswer, spent: Spent): BudgetState {
  switch (answer.kind) {
    case 'continue':
      return { ...state, phase: 'continued', onceMore: true };
    case 'stop':
      return { ...state, phase: 'stopped', onceMore: false };
    case 'raise': {
      const limit = raised(state.limit, answer.by);
      const use = budgetUse(limit, spent);
      return { limit, phase: 'raised', noticed: use !== null && use >= BUDGET_NOTICE_AT, onceMore: false };
    }
  }
}

/** A new message of the person: a stop lasts for the turn it ended; the budget and its notice stay. */
export function newTurn(state: BudgetState): BudgetState {
  return state.phase === 'stopped' || state.phase === 'paused' ? { ...state, phase: state.noticed ? 'near' : 'under', onceMore: false } : state;
}

/** `limit` raised by `by`, part by part; a part the limit does not have is not added. */
export function raised(limit: Budget, by: Budget): Budget {
  return {
    ...(limit.usd !== undefined ? { usd: round(limit.usd + (by.usd ?? 0)) } : {}),
    ...(limit.tokens !== undefined ? { tokens: limit.tokens + (by.tokens ?? 0) } : {}),
  };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

export function budgetStatus(state: BudgetState, spent: Spent): BudgetStatus {
  const use = budgetUse(state.limit, spent);
  return {
    limit: state.limit,
    spentUsd: spent.usd === null ? null : round(spent.usd),
    spentTokens: spent.tokens,
    // 0.42 / 0.4 is 1.0499999999999998 in floats: a hair over for the percent's sake.
    percent: use === null ? null : Math.floor(use * 100 + 1e-9),
    phase: state.phase,
  };
}
