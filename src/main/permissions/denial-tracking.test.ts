import { describe, expect, it } from 'vitest';
import { createDenialTracker, DENIAL_LIMITS } from './denial-tracking';

describe('PL4f denial tracking', () => {
  it('guidance after 3 denials of one pattern, not before', () => {
    const t = createDenialTracker();
    expect(t.record('Bash', 'Bash(rm:*)')).toBeUndefined();
    expect(t.record('Bash', 'Bash(rm:*)')).toBeUndefined();
    const g = t.record('Bash', 'Bash(rm:*)');
    expect(g).toContain('Bash(rm:*) has been denied 3 times');
    expect(g).toContain('try a different approach');
    expect(t.counts()).toEqual({ total: 3, byTool: { Bash: 3 }, byPattern: { 'Bash(rm:*)': 3 } });
  });

  it('guidance after 20 denials in all, across patterns', () => {
    const t = createDenialTracker();
    const out: Array<string | undefined> = [];
    for (let i = 0; i < DENIAL_LIMITS.total; i++) out.push(t.record(`T${i % 10}`, `T${i % 10}`));
    expect(out.slice(0, 19).every((g) => g === undefined)).toBe(true);
    expect(out[19]).toContain('20 tool calls have been denied');
  });
});
