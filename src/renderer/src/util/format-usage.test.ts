// Usage figures as the header and message titles show them.
import { describe, expect, it } from 'vitest';
import { formatCost, formatTokens, usageDetails, usageLabel } from './format-usage';

const u = { inputTokens: 10_000, outputTokens: 2_000, cacheReadTokens: 300, cacheWriteTokens: 0 };

describe('usage formatting (issue 3: tokens and cost per session)', () => {
  it('tokens', () => {
    expect([0, 950, 1_000, 12_345, 123_456, 2_500_000].map(formatTokens)).toEqual(['0', '950', '1k', '12.3k', '123k', '2.5M']);
  });
  it('cost', () => {
    expect([0, 0.004, 0.04, 1.235, 250].map(formatCost)).toEqual(['$0.00', '<$0.01', '$0.04', '$1.24', '$250']);
  });
  it('label and details', () => {
    expect(usageLabel({ ...u, costUsd: 0.0412 })).toBe('12.3k tokens · $0.04');
    expect(usageLabel({ ...u, costUsd: null })).toBe('12.3k tokens');
    expect(usageDetails(u, 0.0412)).toBe('10,000 input tokens\n2,000 output tokens\n300 read from cache\nCost: $0.0412');
    expect(usageDetails(u)).toBe('10,000 input tokens\n2,000 output tokens\n300 read from cache');
  });
});
