// The executor's own result texts: cancel reasons, keeping a pipeline's words after an abort, and
// refusing malformed pipeline results (PL8).
import { describe, expect, it } from 'vitest';
import { bash, safe } from './fake-pipeline';
import { afterAbort, checkedOutcome, siblingFailed, userStopped, USER_STOPPED_MESSAGE } from './outcomes';

describe('executor outcomes', () => {
  it('CC4: the sibling message names the failed command, shortened', () => {
    expect(siblingFailed(bash('b', 'npm test')).message).toBe('Cancelled: a sibling Bash command failed: npm test');
    const long = siblingFailed(bash('b', 'x'.repeat(200))).message;
    expect(long.length).toBeLessThan(140);
    expect(long.endsWith('...')).toBe(true);
    expect(siblingFailed(safe('r')).message).toBe('Cancelled: a sibling Read command failed');
  });

  it('afterAbort keeps a success, and does not repeat a reason the pipeline already gave', () => {
    const ok = { toolUseId: 'a', content: 'done', isError: false, state: 'succeeded' as const };
    expect(afterAbort(ok, userStopped())).toBe(ok);
    const own = { toolUseId: 'a', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' as const };
    expect(afterAbort(own, userStopped()).content).toBe(USER_STOPPED_MESSAGE);
    const empty = { toolUseId: 'a', content: '', isError: true, state: 'failed' as const };
    expect(afterAbort(empty, userStopped())).toEqual({ toolUseId: 'a', content: USER_STOPPED_MESSAGE, isError: true, state: 'cancelled' });
  });

  it('PL8: checkedOutcome turns malformed results into failures and marks non-successes as errors', () => {
    const u = safe('a');
    expect(checkedOutcome(u, { content: 'x', state: 'exploded' }).state).toBe('failed');
    expect(checkedOutcome(u, { content: 42, state: 'succeeded' }).state).toBe('failed');
    expect(checkedOutcome(u, { toolUseId: 'a', content: 'no', isError: false, state: 'rejected' })).toEqual({
      toolUseId: 'a',
      content: 'no',
      isError: true,
      state: 'rejected',
    });
  });
});
