// Issue 20 item 5: a retry is one plain line that says what happened, when the next try goes and which try it is.
import { describe, expect, it } from 'vitest';
import { retryWords } from './retry-words';

describe('retryWords (issue 20 item 5)', () => {
  it('a busy service, with the wait the server asked for and the attempt out of all', () => {
    expect(retryWords({ attempt: 1, reason: 'The model is overloaded (529)', code: 'overloaded', delayMs: 4000, maxAttempts: 5 })).toBe(
      "The model's service was busy; trying again in 4 s (attempt 2 of 5)",
    );
    expect(retryWords({ attempt: 2, reason: 'Rate limited', code: 'rate_limit', delayMs: 90_000, maxAttempts: 4 })).toBe("The model's service was busy; trying again in 2 min (attempt 3 of 4)");
  });

  it('a broken connection, a failing service, and an older event without the new fields', () => {
    expect(retryWords({ attempt: 1, reason: 'x', code: 'network', delayMs: 200, maxAttempts: 4 })).toBe("The connection to the model's service broke; trying again in 1 s (attempt 2 of 4)");
    expect(retryWords({ attempt: 1, reason: 'x', code: 'api', delayMs: 1500, maxAttempts: 4 })).toBe("The model's service had a problem; trying again in 2 s (attempt 2 of 4)");
    expect(retryWords({ attempt: 3, reason: 'x' })).toBe('The request to the model failed; trying again (attempt 4)');
  });
});
