// A budget in plain words, for the transcript's notice, the question in the inbox, the run's stop and
// the headless run's message: "$0.84 of $1.00 (84 %)", "This conversation has used its budget".
import type { Budget, BudgetStatus } from './budget';

/** $1.00, $0.05; a budget of less than a cent keeps its digits ($0.005). */
export function moneyWords(usd: number): string {
  if (usd > 0 && usd < 0.01) return `$${Number(usd.toPrecision(2))}`;
  return `$${usd.toFixed(2)}`;
}

export function tokenWords(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;
}

/** "$5.00", "200,000 tokens", "$5.00 or 200,000 tokens" (whichever is used up first). */
export function limitWords(limit: Budget): string {
  const parts = [limit.usd !== undefined ? moneyWords(limit.usd) : null, limit.tokens !== undefined ? tokenWords(limit.tokens) : null].filter((p): p is string => p !== null);
  return parts.join(' or ');
}

/** What is spent against the limit: "$0.84 of $1.00", "150,000 of 200,000 tokens", both when both are set. */
export function spentWords(s: BudgetStatus): string {
  const parts: string[] = [];
  if (s.limit.usd !== undefined) parts.push(s.spentUsd === null ? `an unknown amount of ${moneyWords(s.limit.usd)}` : `${moneyWords(s.spentUsd)} of ${moneyWords(s.limit.usd)}`);
  if (s.limit.tokens !== undefined) parts.push(`${s.spentTokens.toLocaleString('en-US')} of ${tokenWords(s.limit.tokens)}`);
  return parts.join(', ');
}

/** What is spent alone, for a sentence that has named the limit already: "$0.84 used", "150,000 tokens used". */
export function usedWords(s: BudgetStatus): string {
  const parts: string[] = [];
  if (s.limit.usd !== undefined) parts.push(s.spentUsd === null ? 'an unknown amount' : moneyWords(s.spentUsd));
  if (s.limit.tokens !== undefined) parts.push(tokenWords(s.spentTokens));
  return `${parts.join(', ')} used`;
}

export type BudgetOwner = 'conversation' | 'task';

/** The budget question's title, naming whose budget: the dialog and the inbox say the same. */
export function budgetUsedUpTitle(owner: BudgetOwner = 'conversation'): string {
  return owner === 'task' ? 'A background task has used up its budget' : 'This conversation has used up its budget';
}

const ownerWords = (o: BudgetOwner) => (o === 'task' ? 'This background task' : 'This conversation');

/** The transcript's line for the budget's phase; null when there is nothing to say (well under it). */
export function budgetNoticeText(s: BudgetStatus, owner: BudgetOwner = 'conversation'): string | null {
  const who = ownerWords(owner);
  // Never a silent overrun: a dollar budget that cannot be counted says so.
  if (s.limit.usd !== undefined && s.spentUsd === null && s.limit.tokens === undefined && s.phase !== 'stopped') {
    return `${who} used a model whose price Agent Desk does not know, so its budget of ${moneyWords(s.limit.usd)} cannot be checked. Set a budget in tokens to cap it.`;
  }
  switch (s.phase) {
    case 'under':
      return null;
    case 'near':
      return `${who} has used ${s.percent ?? 80} % of its budget (${spentWords(s)}). When it is used up, the assistant pauses and asks you before it goes on.`;
    case 'paused':
      return `${who} has used up its budget (${spentWords(s)}). The assistant is paused and waits for your answer: continue once more, raise the budget, or stop.`;
    case 'continued':
      return `You let the assistant go on for one more step past its budget (${spentWords(s)}). It will ask again before the next one.`;
    case 'raised':
      return `You raised the budget to ${limitWords(s.limit)}. Used so far: ${spentWords(s)}.`;
    case 'stopped':
      return `${who} stopped at its budget (${spentWords(s)}).`;
  }
}

/** The question in the approval inbox. */
export function budgetQuestionText(s: BudgetStatus, owner: BudgetOwner = 'conversation'): string {
  return `${ownerWords(owner)} has used up its budget of ${limitWords(s.limit)} (${usedWords(s)}). Should the assistant go on?`;
}

/** The run's stop notice when the person (or nobody, in time) said stop. */
export function budgetStopText(s: BudgetStatus, owner: BudgetOwner = 'conversation', why: 'answer' | 'timeout' | 'headless' = 'answer'): string {
  const reason =
    why === 'timeout'
      ? ' Nobody answered the budget question in time, so it stopped.'
      : why === 'headless'
        ? ''
        : ' You chose to stop.';
  return `${ownerWords(owner)} reached its budget of ${limitWords(s.limit)} (${usedWords(s)}).${reason} Continue asks again; you can raise the budget then.`;
}

/** A raise the question offers first: the budget again (at least $1, or 100,000 tokens). */
export function suggestedRaise(limit: Budget): Budget {
  return {
    ...(limit.usd !== undefined ? { usd: Math.max(1, Math.ceil(limit.usd)) } : {}),
    ...(limit.tokens !== undefined ? { tokens: Math.max(100_000, limit.tokens) } : {}),
  };
}
