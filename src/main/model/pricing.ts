// What a model call costs in USD, from per-million-token list prices of the known model families
// (sonnet, opus, haiku). An unknown model has no price: its cost is null, never a guess.
import type { Usage } from '../../shared/transcript';

/** USD per million tokens. Cache writes are the 5-minute kind (1.25 × input), reads 0.1 × input. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

const price = (input: number, output: number): ModelPrice => ({ input, output, cacheWrite: input * 1.25, cacheRead: input * 0.1 });

/** First match wins: specific generations before the family default. */
const TABLE: ReadonlyArray<[RegExp, ModelPrice]> = [
  [/opus-4-[5-9]|opus-[5-9]/, price(5, 25)],
  [/opus/, price(15, 75)],
  [/haiku-4|haiku-[5-9]/, price(1, 5)],
  [/3-5-haiku|haiku-3-5/, price(0.8, 4)],
  [/3-haiku|haiku-3/, price(0.25, 1.25)],
  [/haiku/, price(1, 5)],
  [/sonnet/, price(3, 15)],
];

/** The price of a model by its name (`claude-sonnet-4-5-20250929`, `us.anthropic.claude-opus-4-1`); null if unknown. */
export function modelPrice(model: string | undefined | null): ModelPrice | null {
  if (!model) return null;
  const name = model.toLowerCase();
  if (!name.includes('claude')) return null;
  for (const [pattern, p] of TABLE) if (pattern.test(name)) return p;
  return null;
}

/** The cost of one call's usage; null when the model's price is unknown. */
export function usageCost(model: string | undefined | null, usage: Usage): number | null {
  const p = modelPrice(model);
  if (!p) return null;
  const cost =
    (usage.inputTokens * p.input + usage.outputTokens * p.output + usage.cacheWriteTokens * p.cacheWrite + usage.cacheReadTokens * p.cacheRead) /
    1_000_000;
  // Float noise (0.30000000000000004) is not a price anyone quotes.
  return Math.round(cost * 1e9) / 1e9;
}
