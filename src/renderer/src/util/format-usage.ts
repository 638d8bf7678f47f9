// Token counts and cost in a few characters: "12.3k tokens · $0.04", and a longer breakdown for titles.
import type { UsageTotals } from '../../../shared/session-events';
import type { Usage } from '../../../shared/transcript';

/** 950 → "950", 12_345 → "12.3k", 2_500_000 → "2.5M". */
export function formatTokens(n: number): string {
  if (n < 1_000) return String(n);
  if (n < 1_000_000) return `${trim(n / 1_000)}k`;
  return `${trim(n / 1_000_000)}M`;
}

function trim(x: number): string {
  return (x >= 100 ? x.toFixed(0) : x.toFixed(1)).replace(/\.0$/, '');
}

/** $0.04; "<$0.01" for crumbs; whole dollars past $100. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.01) return '<$0.01';
  return usd >= 100 ? `$${usd.toFixed(0)}` : `$${usd.toFixed(2)}`;
}

export function totalTokens(u: Pick<Usage, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens'>): number {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}

/** "12.3k tokens · $0.04" (the cost left out when the model's price is unknown). */
export function usageLabel(u: UsageTotals): string {
  const tokens = `${formatTokens(totalTokens(u))} tokens`;
  return u.costUsd === null ? tokens : `${tokens} · ${formatCost(u.costUsd)}`;
}

const grouped = (n: number): string => n.toLocaleString('en-US');

/** The breakdown, one fact per line. */
export function usageDetails(u: Pick<Usage, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens'>, costUsd?: number | null): string {
  const lines = [`${grouped(u.inputTokens)} input tokens`, `${grouped(u.outputTokens)} output tokens`];
  if (u.cacheReadTokens) lines.push(`${grouped(u.cacheReadTokens)} read from cache`);
  if (u.cacheWriteTokens) lines.push(`${grouped(u.cacheWriteTokens)} written to cache`);
  if (costUsd !== undefined) lines.push(costUsd === null ? 'Cost unknown for this model' : `Cost: $${costUsd.toFixed(4)}`);
  return lines.join('\n');
}
