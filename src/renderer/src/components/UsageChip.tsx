// The open session's token use and cost ("12.3k tokens · $0.04"), updated on every usage event, with
// how much of its budget is used when it has one ("· 84 % of budget"); the breakdown, the last reply's
// share and the budget in words are in its tooltip.
import type { ReactNode } from 'react';
import { useSessions, useTools } from '../stores/react';
import { limitWords, spentWords } from '../../../shared/budget-words';
import { usageDetails, usageLabel } from '../util/format-usage';

export function UsageChip(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const usage = useTools((s) => (currentId ? s.usage[currentId] : undefined));
  const budget = useTools((s) => (currentId ? s.budget[currentId] : undefined));
  if (!usage) return null;
  const label = usageLabel(usage.total) + (budget && budget.percent !== null ? ` · ${budget.percent} % of budget` : '');
  const title = [
    `This conversation so far:\n${usageDetails(usage.total, usage.total.costUsd)}`,
    usage.turn ? `Last reply:\n${usageDetails(usage.turn, usage.turn.costUsd)}` : '',
    budget ? `Budget: ${limitWords(budget.limit)} (used ${spentWords(budget)})` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return (
    <span className="chip chip--quiet usage-chip" role="status" aria-label={`Usage: ${label}`} title={title}>
      {label}
    </span>
  );
}
