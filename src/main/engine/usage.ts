// Token use and cost as running totals: one model call's (`usage` event `turn`), a run's, and a
// session's (rebuilt from the assistant messages' stored usage, so a resumed session keeps its total).
import type { UsageTotals } from '../../shared/session-events';
import type { Message, Usage } from '../../shared/transcript';
import { usageCost } from '../model/pricing';

export const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
export const ZERO_TOTALS: UsageTotals = { ...ZERO_USAGE, costUsd: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/** One call's usage priced by its model (null cost for a model without a known price). */
export function callTotals(model: string | undefined, usage: Usage): UsageTotals {
  return { ...usage, costUsd: usageCost(model, usage) };
}

/**
 * Sums totals. A cost that is unknown for any part makes the sum's cost unknown too: a total that
 * silently leaves calls out would read as a real figure.
 */
export function addTotals(a: UsageTotals, b: UsageTotals): UsageTotals {
  const costUsd = a.costUsd === null || b.costUsd === null ? null : Math.round((a.costUsd + b.costUsd) * 1e9) / 1e9;
  return { ...addUsage(a, b), costUsd };
}

/** The totals of every assistant message that carries usage, and of every summary's call. */
export function totalsOf(messages: readonly Message[]): UsageTotals {
  let total = ZERO_TOTALS;
  for (const m of messages) {
    if (m.role === 'assistant' && m.usage) total = addTotals(total, callTotals(m.model, m.usage));
    // A summary's own call is paid for too (issue 20 item 2).
    else if (m.compaction?.usage) total = addTotals(total, callTotals(m.compaction.model, m.compaction.usage));
  }
  return total;
}
