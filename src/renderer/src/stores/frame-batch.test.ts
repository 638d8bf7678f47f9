// createFrameBatch: text collected per key, delivered once per frame, droppable and flushable.
import { describe, expect, it } from 'vitest';
import { createFrameBatch } from './frame-batch';

function clock(): { schedule: (run: () => void) => () => void; tick: () => void; scheduled: () => number } {
  let runs: (() => void)[] = [];
  let count = 0;
  return {
    schedule(run) {
      count++;
      runs.push(run);
      return () => (runs = runs.filter((r) => r !== run));
    },
    tick() {
      const now = runs;
      runs = [];
      now.forEach((r) => r());
    },
    scheduled: () => count,
  };
}

describe('createFrameBatch (UI: streaming without re-render storms)', () => {
  it('joins all text of a frame into one delivery and schedules one frame for it', () => {
    const c = clock();
    const got: Record<string, string>[] = [];
    const b = createFrameBatch((p) => got.push(Object.fromEntries(p)), c.schedule);
    b.add('a', 'Hel');
    b.add('a', 'lo');
    b.add('b', 'x');
    expect(c.scheduled()).toBe(1);
    expect(got).toEqual([]);
    c.tick();
    expect(got).toEqual([{ a: 'Hello', b: 'x' }]);
    b.add('a', '!');
    c.tick();
    expect(got.at(-1)).toEqual({ a: '!' });
    expect(c.scheduled()).toBe(2);
  });

  it('flush delivers now and cancels the frame; drop and clear forget text', () => {
    const c = clock();
    const got: Record<string, string>[] = [];
    const b = createFrameBatch((p) => got.push(Object.fromEntries(p)), c.schedule);
    b.add('a', '1');
    b.add('b', '2');
    b.drop('b');
    b.flush();
    expect(got).toEqual([{ a: '1' }]);
    c.tick();
    expect(got).toHaveLength(1);
    b.add('a', 'gone');
    b.clear();
    c.tick();
    b.flush();
    expect(got).toHaveLength(1);
  });
});
