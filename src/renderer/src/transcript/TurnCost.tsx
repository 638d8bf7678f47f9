// A turn's cost under its last message (issue 20 item 3): "This turn: 4 replies · 12.3k tokens · $0.04",
// helper agents' work included when known; quiet, like a footnote.
import type { ReactNode } from 'react';
import { formatCost, formatTokens } from '../util/format-usage';
import type { TurnSpend } from './turn-spend';

export function turnCostWords(t: TurnSpend): string {
  const money = t.costUsd !== null ? ` · ${formatCost(t.costUsd)}` : '';
  if (t.summary && t.replies === 0) return `The summary: ${formatTokens(t.tokens)} tokens${money}`;
  const parts = [t.replies === 1 ? '1 reply' : `${t.replies} replies`, `${formatTokens(t.tokens)} tokens`];
  if (t.costUsd !== null) parts.push(formatCost(t.costUsd));
  const agents = t.agents > 0 ? ` (${t.agents === 1 ? 'its helper agent' : `its ${t.agents} helper agents`} included)` : '';
  return `This turn: ${parts.join(' · ')}${agents}`;
}

export function TurnCost({ spend }: { spend: TurnSpend }): ReactNode {
  const words = turnCostWords(spend);
  return (
    <p className="turn-cost" aria-label={spend.summary && spend.replies === 0 ? 'Cost of the summary' : 'Cost of this turn'} title={spend.costUsd === null ? 'The price of a model used in this turn is unknown, so only its tokens are counted.' : undefined}>
      {words}
    </p>
  );
}
