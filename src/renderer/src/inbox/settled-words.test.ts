// How a request this window did not answer ended, in words (issue 18 item 6): the clock's denial is told
// apart from a person's, and a withdrawn request is not called a denial.
import { describe, expect, it } from 'vitest';
import { settledWords } from './settled-words';

describe('settledWords', () => {
  it('says who decided and how', () => {
    expect(settledWords({ decision: 'deny', expired: true })).toBe('Denied automatically: nobody answered in time.');
    expect(settledWords({ decision: 'deny', expired: false })).toBe('Denied in another window.');
    expect(settledWords({ decision: 'allow_once', expired: false })).toBe('Allowed in another window.');
    expect(settledWords({ decision: 'allow_always', expired: false })).toBe('Allowed in another window, for later too.');
    expect(settledWords({ decision: 'cancelled', expired: false })).toMatch(/^No longer asked/);
  });
});
