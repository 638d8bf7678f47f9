// Prices per model from Anthropic's list (issue 20 item 3): each generation its own input, output,
// cache-write and cache-read price; long prompts of some models cost more; an unknown model has none.
import { describe, expect, it } from 'vitest';
import { modelKey, modelPrice, usageCost } from './pricing';

const u = (inputTokens: number, outputTokens: number, cacheWriteTokens = 0, cacheReadTokens = 0) => ({ inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens });

describe('model pricing', () => {
  it('reads the family and version from every spelling of a model id, a date never taken for a version', () => {
    expect(modelKey('claude-opus-4-5-20251101')).toBe('opus 4.5');
    expect(modelKey('claude-sonnet-4-20250514')).toBe('sonnet 4');
    expect(modelKey('us.anthropic.claude-opus-4-1-20250805-v1:0')).toBe('opus 4.1');
    expect(modelKey('claude-3-5-haiku-latest')).toBe('haiku 3.5');
    expect(modelKey('claude-3-7-sonnet-20250219')).toBe('sonnet 3.7');
    expect(modelKey('claude-3-opus-20240229')).toBe('opus 3');
    expect(modelKey('claude-haiku-5-5[1m]')).toBe('haiku 5.5');
    expect(modelKey('claude-fable-5-1')).toBe('fable 5.1');
    expect(modelKey('gpt-4o')).toBeNull();
  });

  it('knows current and older models at their list prices; an unknown model or version has no price', () => {
    expect(modelPrice('claude-opus-5-5')).toEqual({ input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 });
    expect(modelPrice('claude-opus-4-6')).toEqual({ input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 });
    expect(modelPrice('claude-opus-4-1-20250805')).toMatchObject({ input: 15, output: 75, cacheRead: 1.5 });
    expect(modelPrice('claude-sonnet-5-5')).toEqual({ input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 });
    expect(modelPrice('claude-sonnet-5')).toEqual({ input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 });
    expect(modelPrice('claude-sonnet-4-5-20250929')).toMatchObject({ input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 });
    expect(modelPrice('claude-fable-5-1')).toEqual({ input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 });
    expect(modelPrice('claude-haiku-4-5')).toEqual({ input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 });
    expect(modelPrice('claude-3-5-haiku-latest')).toMatchObject({ input: 0.8, output: 4 });
    expect(modelPrice('claude-3-haiku-20240307')).toMatchObject({ input: 0.25, output: 1.25 });
    for (const unknown of ['gpt-4o', 'claude-test', 'fake-model', 'claude-opus-9', 'claude-fable-5-2', '', undefined, null]) expect(modelPrice(unknown), String(unknown)).toBeNull();
  });

  it('prices input, output, cache writes and cache reads each on their own', () => {
    // Sonnet 4.5 (a prompt under 200,000 tokens): 0.1 × 3 + 0.1 × 15 + 0.02 × 3.75 + 0.05 × 0.3
    expect(usageCost('claude-sonnet-4-5', u(100_000, 100_000, 20_000, 50_000))).toBeCloseTo(0.3 + 1.5 + 0.075 + 0.015, 9);
    // Sonnet 5.5's cache reads are 0.05 × input, not 0.1 ×.
    expect(usageCost('claude-sonnet-5-5', u(0, 0, 0, 1_000_000))).toBe(0.1);
    expect(usageCost('mystery-model', u(1, 1))).toBeNull();
    expect(usageCost('claude-sonnet-4-5', u(1, 2))).toBe(0.000033);
  });

  it('a long prompt costs more on the models priced so, on every token of that request', () => {
    // Haiku 5.5: up to 100,000 prompt tokens (cache reads and writes count) at $0.10 / $0.50, above at $0.50 / $2.50.
    expect(usageCost('claude-haiku-5-5', u(50_000, 1_000, 0, 50_000))).toBeCloseTo((50_000 * 0.1 + 1_000 * 0.5 + 50_000 * 0.01) / 1e6, 9);
    expect(usageCost('claude-haiku-5-5', u(50_000, 1_000, 1, 50_000))).toBeCloseTo((50_000 * 0.5 + 1_000 * 2.5 + 0.625 + 50_000 * 0.05) / 1e6, 9);
    expect(usageCost('claude-sonnet-4-5[1m]', u(300_000, 1_000))).toBeCloseTo((300_000 * 6 + 1_000 * 22.5) / 1e6, 9);
  });
});
