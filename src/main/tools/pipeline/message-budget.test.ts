import { describe, expect, it } from 'vitest';
import { contentTextSize } from './content';
import { MAX_TOOL_RESULTS_PER_MESSAGE_CHARS } from './limits';
import { applyMessageBudget, type BudgetItem } from './message-budget';
import { memoryPersister } from './test-helpers';

const item = (id: string, chars: number): BudgetItem & { isError: boolean } => ({ toolUseId: id, content: id[0]!.repeat(chars), isError: false });

describe('PL6 per-message budget (200,000 chars for all results of one message)', () => {
  it('persists the largest first until the total fits, keeping call order', async () => {
    const p = memoryPersister();
    const results = [item('a', 45_000), item('b', 90_000), item('c', 10_000), item('d', 80_000)];
    const out = await applyMessageBudget(results, { dir: '/r', persister: p });
    // 225,000 > 200,000: persisting b (the largest) alone brings it under.
    expect(p.order).toEqual(['/r/b.txt']);
    expect(p.files.get('/r/b.txt')).toBe('b'.repeat(90_000));
    expect(out.map((r) => r.toolUseId)).toEqual(['a', 'b', 'c', 'd']);
    expect(out[1]!.persistedPath).toBe('/r/b.txt');
    expect(out[0]).toBe(results[0]);
    expect(out.reduce((n, r) => n + contentTextSize(r.content), 0)).toBeLessThanOrEqual(MAX_TOOL_RESULTS_PER_MESSAGE_CHARS);
  });

  it('keeps going, largest to smallest, while still over', async () => {
    const p = memoryPersister();
    const results = [item('a', 49_000), item('b', 49_500), item('c', 49_900), item('d', 49_800), item('e', 49_700), item('f', 3_000)];
    const out = await applyMessageBudget(results, { dir: '/r', persister: p });
    expect(p.order).toEqual(['/r/c.txt', '/r/d.txt']);
    expect(out.reduce((n, r) => n + contentTextSize(r.content), 0)).toBeLessThanOrEqual(MAX_TOOL_RESULTS_PER_MESSAGE_CHARS);
  });

  it('does nothing under the budget, and never re-persists an already persisted result', async () => {
    const p = memoryPersister();
    expect(await applyMessageBudget([item('a', 1000)], { dir: '/r', persister: p })).toEqual([item('a', 1000)]);
    const already = { toolUseId: 'x', content: 'x'.repeat(150_000), persistedPath: '/r/x.txt' };
    await applyMessageBudget([already, item('y', 100_000)], { dir: '/r', persister: p });
    expect(p.order).toEqual(['/r/y.txt']);
  });
});
