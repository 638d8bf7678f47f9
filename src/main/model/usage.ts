// Token use and cost as running totals: one model call's (`usage` event `turn`), a run's, and a
// session's (rebuilt from the assistant messages' stored usage and its subagents' saved usage, so a
// resumed session keeps its total), and what a conversation cost per local day (issue 20 item 3).
import type { UsageTotals } from '../../shared/session-events';
import type { DaySpend, ExtraUsage, Message, SessionSpend, Usage } from '../../shared/transcript';
import { localDay } from '../../shared/model/local-day';
import { usageCost } from '../../shared/model/pricing';

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

export function tokensOf(u: Usage): number {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}

/** Every model call a conversation paid for: its replies, its summaries' calls, its subagents' calls. */
export function callsOf(messages: readonly Message[], extra: readonly ExtraUsage[] = []): Array<{ at: number; model: string | undefined; usage: Usage }> {
  const calls: Array<{ at: number; model: string | undefined; usage: Usage }> = [];
  for (const m of messages) {
    if (m.role === 'assistant' && m.usage) calls.push({ at: m.createdAt, model: m.model, usage: m.usage });
    // A summary's own call is paid for too (issue 20 item 2).
    else if (m.compaction?.usage) calls.push({ at: m.createdAt, model: m.compaction.model, usage: m.compaction.usage });
  }
  for (const e of extra) calls.push({ at: e.at, model: e.model, usage: e.usage });
  return calls;
}

/** The totals of every call of the conversation (subagents' included). */
export function totalsOf(messages: readonly Message[], extra: readonly ExtraUsage[] = []): UsageTotals {
  let total = ZERO_TOTALS;
  for (const c of callsOf(messages, extra)) total = addTotals(total, callTotals(c.model, c.usage));
  return total;
}

/** What a conversation cost in all and per local day, oldest day first. */
export function spendOf(messages: readonly Message[], extra: readonly ExtraUsage[] = []): SessionSpend {
  const days = new Map<string, UsageTotals>();
  let total = ZERO_TOTALS;
  for (const c of callsOf(messages, extra)) {
    const call = callTotals(c.model, c.usage);
    total = addTotals(total, call);
    const day = localDay(c.at);
    days.set(day, addTotals(days.get(day) ?? ZERO_TOTALS, call));
  }
  const byDay: DaySpend[] = [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, t]) => ({ day, costUsd: t.costUsd, tokens: tokensOf(t) }));
  return { costUsd: total.costUsd, tokens: tokensOf(total), days: byDay };
}
