import { describe, expect, it } from 'vitest';
import { createSessionRules } from './session-rules';

describe('PL4e session rules ("always allow")', () => {
  it('stores parsed rules once, with source session', () => {
    const s = createSessionRules();
    expect(s.add('allow', 'Bash(npm test)')).toBe(true);
    expect(s.add('allow', ' Bash(npm test) ')).toBe(true);
    expect(s.rules().allow).toEqual([{ rule: 'Bash(npm test)', source: 'session' }]);
  });

  it('refuses a malformed rule', () => {
    const s = createSessionRules();
    expect(s.add('allow', 'Bash(npm test')).toBe(false);
    expect(s.rules().allow).toEqual([]);
  });

  it('a snapshot does not change after later additions', () => {
    const s = createSessionRules();
    const before = s.rules();
    s.add('deny', 'Write');
    expect(before.deny).toEqual([]);
    expect(s.rules().deny).toHaveLength(1);
  });
});
