// What a task's budget use reads as (issue 18 item 5): spent of the limit with the share, the share never
// cut short by float noise, and a model whose cost cannot be counted said plainly.
import { describe, expect, it } from 'vitest';
import { taskBudgetPercent, taskBudgetWords, type TaskUsage } from './background-tasks';

const usage = (costUsd: number | null): TaskUsage => ({ inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd });

describe('a task’s budget in words', () => {
  it('spent of the limit, with the share used', () => {
    expect(taskBudgetWords({ budgetUsd: 2, usage: usage(0.42) })).toBe('$0.42 of its $2.00 budget used (21 %)');
    expect(taskBudgetWords({ budgetUsd: 2, usage: null })).toBe('$0.00 of its $2.00 budget used (0 %)');
    expect(taskBudgetPercent({ budgetUsd: 0.42, usage: usage(0.42) })).toBe(100);
    expect(taskBudgetPercent({ budgetUsd: 0.3, usage: usage(0.42) })).toBe(140);
  });

  it('no budget: nothing to say; a cost that cannot be counted: said so', () => {
    expect(taskBudgetWords({ usage: usage(1) })).toBe('');
    expect(taskBudgetPercent({ usage: usage(1) })).toBeNull();
    expect(taskBudgetWords({ budgetUsd: 5, usage: usage(null) })).toBe('budget $5.00 (this model’s cost cannot be counted)');
    expect(taskBudgetPercent({ budgetUsd: 5, usage: usage(null) })).toBeNull();
  });
});
