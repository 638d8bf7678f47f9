// Prices per model family, and cost from usage including cache reads and writes (issue 3 item 7).
import { describe, expect, it } from 'vitest';
import { modelPrice, usageCost } from './pricing';

describe('model pricing', () => {
  it('knows the families by name, generation-specific first; an unknown model has no price', () => {
    expect(modelPrice('claude-sonnet-4-5-20250929')).toMatchObject({ input: 3, output: 15 });
    expect(modelPrice('claude-sonnet-5')).toMatchObject({ input: 3, output: 15 });
    expect(modelPrice('claude-opus-4-1-20250805')).toMatchObject({ input: 15, output: 75 });
    expect(modelPrice('claude-opus-4-5')).toMatchObject({ input: 5, output: 25 });
    expect(modelPrice('claude-3-opus-20240229')).toMatchObject({ input: 15, output: 75 });
    expect(modelPrice('claude-haiku-4-5')).toMatchObject({ input: 1, output: 5 });
    expect(modelPrice('claude-3-5-haiku-latest')).toMatchObject({ input: 0.8, output: 4 });
    expect(modelPrice('claude-3-haiku-20240307')).toMatchObject({ input: 0.25, output: 1.25 });
    expect(modelPrice('us.anthropic.claude-sonnet-4-20250514-v1:0')).toMatchObject({ input: 3 });
    for (const unknown of ['gpt-4o', 'claude-test', 'fake-model', '', undefined, null]) expect(modelPrice(unknown)).toBeNull();
  });

  it('prices input, output, cache writes (1.25×) and cache reads (0.1×) per million tokens', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 100_000, cacheWriteTokens: 200_000, cacheReadTokens: 2_000_000 };
    // 3 + 1.5 + 0.2 × 3.75 + 2 × 0.3
    expect(usageCost('claude-sonnet-4-5', usage)).toBe(3 + 1.5 + 0.75 + 0.6);
    expect(usageCost('mystery-model', usage)).toBeNull();
    expect(usageCost('claude-sonnet-4-5', { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 })).toBe(0.000033);
  });
});
