// What the project's conversations cost, pure (issue 20 item 3): one conversation's cost for its row in
// the list, and the project's total for one day ("Spent today: $1.24 in 3 conversations").
import type { SessionSummary } from '../../../shared/transcript';
import { formatCost, formatTokens } from '../util/format-usage';

/** "$0.42", or its tokens when a model's price is unknown; null before its first model call. */
export function sessionCostWords(s: SessionSummary): string | null {
  const spend = s.spend;
  if (!spend || spend.tokens === 0) return null;
  return spend.costUsd === null ? `${formatTokens(spend.tokens)} tokens` : formatCost(spend.costUsd);
}

export interface DayTotal {
  costUsd: number | null;
  tokens: number;
  conversations: number;
}

/** The project's spending on `day` (`YYYY-MM-DD`), every conversation of the list added up. */
export function dayTotal(sessions: readonly SessionSummary[], day: string): DayTotal {
  let costUsd: number | null = 0;
  let tokens = 0;
  let conversations = 0;
  for (const s of sessions) {
    const d = s.spend?.days.find((x) => x.day === day);
    if (!d || d.tokens === 0) continue;
    conversations++;
    tokens += d.tokens;
    costUsd = costUsd === null || d.costUsd === null ? null : costUsd + d.costUsd;
  }
  return { costUsd: costUsd === null ? null : Math.round(costUsd * 1e9) / 1e9, tokens, conversations };
}

export function dayTotalWords(t: DayTotal): string {
  const amount = t.costUsd === null ? `${formatTokens(t.tokens)} tokens` : formatCost(t.costUsd);
  return `Spent today: ${amount} in ${t.conversations === 1 ? '1 conversation' : `${t.conversations} conversations`}`;
}
