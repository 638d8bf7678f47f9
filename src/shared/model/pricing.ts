// What a model call costs in USD (issue 20 item 3), from Anthropic's list prices per million tokens
// (platform.claude.com "Pricing", checked for this table): input, output, cache writes (the 5-minute
// kind Agent Desk asks for) and cache reads each priced on their own — the newer models' cache reads
// are not the old 0.1 × input. Some models cost more per token when one request's prompt (input plus
// cache reads and writes) is long. A model not in the table has no price: its cost is null, never a
// guess. Shared: the engine counts with it, the transcript prices a reopened conversation's turns.
import type { Usage } from '../transcript';

/** USD per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  /** 5-minute cache writes. */
  cacheWrite: number;
  cacheRead: number;
  /** Every token of a request whose prompt is longer than `over` tokens costs this instead. */
  longPrompt?: { over: number; price: Omit<ModelPrice, 'longPrompt'> };
}

const p = (input: number, output: number, cacheWrite: number, cacheRead: number): ModelPrice => ({ input, output, cacheWrite, cacheRead });

/** By family and version ("opus 4.5"; "opus 3" for claude-3-opus). */
const TABLE: Readonly<Record<string, ModelPrice>> = {
  'fable 5.1': p(10, 50, 12.5, 0.25),
  'fable 5': p(10, 50, 12.5, 1),
  'mythos 5.1': p(10, 50, 12.5, 0.25),
  'mythos 5': p(10, 50, 12.5, 1),
  'opus 5.5': p(4, 20, 5, 0.2),
  'opus 5': p(5, 25, 6.25, 0.5),
  'opus 4.8': p(5, 25, 6.25, 0.5),
  'opus 4.7': p(5, 25, 6.25, 0.5),
  'opus 4.6': p(5, 25, 6.25, 0.5),
  'opus 4.5': p(5, 25, 6.25, 0.5),
  'opus 4.1': p(15, 75, 18.75, 1.5),
  'opus 4': p(15, 75, 18.75, 1.5),
  'opus 3': p(15, 75, 18.75, 1.5),
  'sonnet 5.5': p(2, 10, 2.5, 0.1),
  'sonnet 5': p(2, 10, 2.5, 0.2),
  'sonnet 4.6': p(3, 15, 3.75, 0.3),
  // Sonnet 4.5 and 4 read up to a million tokens ([1m]); a prompt over 200,000 tokens costs more.
  'sonnet 4.5': { ...p(3, 15, 3.75, 0.3), longPrompt: { over: 200_000, price: p(6, 22.5, 7.5, 0.6) } },
  'sonnet 4': { ...p(3, 15, 3.75, 0.3), longPrompt: { over: 200_000, price: p(6, 22.5, 7.5, 0.6) } },
  'sonnet 3.7': p(3, 15, 3.75, 0.3),
  'sonnet 3.5': p(3, 15, 3.75, 0.3),
  'haiku 5.5': { ...p(0.1, 0.5, 0.125, 0.01), longPrompt: { over: 100_000, price: p(0.5, 2.5, 0.625, 0.05) } },
  'haiku 4.5': p(1, 5, 1.25, 0.1),
  'haiku 3.5': p(0.8, 4, 1, 0.08),
  'haiku 3': p(0.25, 1.25, 0.3, 0.03),
};

/**
 * "opus 4.5" from `claude-opus-4-5-20251101`, `us.anthropic.claude-sonnet-4-20250514-v1:0`,
 * `claude-3-5-haiku-latest`, `claude-sonnet-4-6[1m]`; null when the name names no known family.
 */
export function modelKey(model: string): string | null {
  const name = model.toLowerCase();
  if (!name.includes('claude')) return null;
  // A date (8 digits) after the family's version is not a minor version.
  const current = /(fable|mythos|opus|sonnet|haiku)-(\d{1,2})(?:[-.](\d{1,2}))?(?!\d)/.exec(name);
  if (current) return `${current[1]} ${current[2]}${current[3] ? `.${current[3]}` : ''}`;
  const old = /claude-(\d)(?:-(\d))?-(opus|sonnet|haiku)/.exec(name);
  if (old) return `${old[3]} ${old[1]}${old[2] ? `.${old[2]}` : ''}`;
  return null;
}

/** The price of a model by its name; null if unknown. */
export function modelPrice(model: string | undefined | null): ModelPrice | null {
  if (!model) return null;
  const key = modelKey(model);
  return key !== null && Object.hasOwn(TABLE, key) ? TABLE[key]! : null;
}

/** The cost of one call's usage; null when the model's price is unknown. */
export function usageCost(model: string | undefined | null, usage: Usage): number | null {
  const base = modelPrice(model);
  if (!base) return null;
  const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const price = base.longPrompt && prompt > base.longPrompt.over ? base.longPrompt.price : base;
  const cost = (usage.inputTokens * price.input + usage.outputTokens * price.output + usage.cacheWriteTokens * price.cacheWrite + usage.cacheReadTokens * price.cacheRead) / 1_000_000;
  // Float noise (0.30000000000000004) is not a price anyone quotes.
  return Math.round(cost * 1e9) / 1e9;
}
