// TC4: schemas are built on first use only, then reused.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema (TC4)', () => {
  it('TC4 runs the factory only on first use, then returns the same schema', () => {
    let runs = 0;
    const schema = lazySchema(() => {
      runs++;
      return z.object({ a: z.string() });
    });
    expect(runs).toBe(0);
    const first = schema();
    expect(runs).toBe(1);
    expect(schema()).toBe(first);
    expect(schema()).toBe(first);
    expect(runs).toBe(1);
    expect(first.parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it('TC4 a factory that throws is retried on the next use (no poisoned cache)', () => {
    let runs = 0;
    const schema = lazySchema(() => {
      runs++;
      if (runs === 1) throw new Error('boom');
      return z.string();
    });
    expect(() => schema()).toThrow('boom');
    expect(schema().parse('ok')).toBe('ok');
    expect(runs).toBe(2);
  });
});
