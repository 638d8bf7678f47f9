// The budget's states as a pure machine (issue 20 item 4): under, a notice at 80 %, paused at 100 %,
// continued once more, raised, stopped — and a new message forgets a stop but keeps the budget.
import { describe, expect, it } from 'vitest';
import { afterCall, answerBudget, beforeRequest, budgetStatus, budgetUse, initialBudget, newTurn, raised } from './budget';
import { budgetNoticeText, budgetQuestionText, budgetStopText, limitWords, moneyWords, suggestedRaise } from './budget-words';

const usd = (n: number) => ({ usd: n, tokens: 0 });

describe('budget states', () => {
  it('under the budget: requests go, no notice', () => {
    const s = initialBudget({ usd: 1 });
    expect(afterCall(s, usd(0.5))).toEqual({ state: s, notice: false });
    expect(beforeRequest(s, usd(0.79))).toEqual({ state: s, action: 'go' });
  });

  it('at 80 % one notice, once per limit; requests still go', () => {
    const first = afterCall(initialBudget({ usd: 1 }), usd(0.8));
    expect(first.notice).toBe(true);
    expect(first.state.phase).toBe('near');
    expect(afterCall(first.state, usd(0.9)).notice).toBe(false);
    expect(beforeRequest(first.state, usd(0.95)).action).toBe('go');
  });

  it('at 100 % the next request pauses to ask; "continue" lets exactly one more go', () => {
    const paused = beforeRequest(initialBudget({ usd: 1 }), usd(1));
    expect(paused.action).toBe('ask');
    expect(paused.state.phase).toBe('paused');
    const continued = answerBudget(paused.state, { kind: 'continue' }, usd(1));
    expect(continued.phase).toBe('continued');
    const once = beforeRequest(continued, usd(1.1));
    expect(once.action).toBe('go');
    expect(beforeRequest(once.state, usd(1.2)).action).toBe('ask');
  });

  it('raised: the new limit counts, and its own 80 % notice comes again', () => {
    const paused = beforeRequest(afterCall(initialBudget({ usd: 1 }), usd(0.9)).state, usd(1)).state;
    const up = answerBudget(paused, { kind: 'raise', by: { usd: 2 } }, usd(1));
    expect(up).toMatchObject({ phase: 'raised', limit: { usd: 3 }, noticed: false });
    expect(beforeRequest(up, usd(1)).action).toBe('go');
    expect(afterCall(up, usd(2.5)).notice).toBe(true);
    // Raised too little: still over, so it asks again.
    const small = answerBudget(paused, { kind: 'raise', by: { usd: 0.01 } }, usd(1.5));
    expect(beforeRequest(small, usd(1.5)).action).toBe('ask');
  });

  it('stopped: every request of the turn stops; a new message forgets the stop but asks again while over', () => {
    const stopped = answerBudget(beforeRequest(initialBudget({ usd: 1 }), usd(1)).state, { kind: 'stop' }, usd(1));
    expect(beforeRequest(stopped, usd(0)).action).toBe('stop');
    const next = newTurn(stopped);
    expect(next.phase).not.toBe('stopped');
    expect(beforeRequest(next, usd(1)).action).toBe('ask');
  });

  it('tokens, money, or both: whichever runs out first; an unknown cost cannot use up a money budget', () => {
    expect(budgetUse({ tokens: 1000 }, { usd: null, tokens: 500 })).toBe(0.5);
    expect(budgetUse({ usd: 1, tokens: 1000 }, { usd: 0.2, tokens: 900 })).toBe(0.9);
    expect(budgetUse({ usd: 1 }, { usd: null, tokens: 10 ** 9 })).toBeNull();
    expect(beforeRequest(initialBudget({ usd: 1 }), { usd: null, tokens: 10 ** 9 }).action).toBe('go');
    expect(raised({ usd: 1, tokens: 100 }, { usd: 0.5 })).toEqual({ usd: 1.5, tokens: 100 });
  });

  it('in words: the notice, the question, the limit', () => {
    const status = budgetStatus(afterCall(initialBudget({ usd: 1 }), usd(0.84)).state, usd(0.84));
    expect(status).toMatchObject({ percent: 84, phase: 'near', spentUsd: 0.84 });
    expect(budgetNoticeText(status)).toBe('This conversation has used 84 % of its budget ($0.84 of $1.00). When it is used up, the assistant pauses and asks you before it goes on.');
    // The limit is said once: "its budget of $1.00 ($0.84 used)", not "($0.84 of $1.00)" again.
    expect(budgetQuestionText({ ...status, phase: 'paused' }, 'task')).toBe('This background task has used up its budget of $1.00 ($0.84 used). Should the assistant go on?');
    expect(budgetStopText({ ...status, phase: 'stopped', limit: { usd: 1, tokens: 2000 }, spentTokens: 2500 }, 'conversation', 'timeout')).toBe(
      'This conversation reached its budget of $1.00 or 2,000 tokens ($0.84, 2,500 tokens used). Nobody answered the budget question in time, so it stopped. Continue asks again; you can raise the budget then.',
    );
    expect(budgetNoticeText({ ...status, phase: 'under' })).toBeNull();
    // A dollar budget whose cost cannot be told says so instead of going over in silence.
    expect(budgetNoticeText({ ...status, phase: 'under', spentUsd: null, percent: null })).toBe(
      'This conversation used a model whose price Agent Desk does not know, so its budget of $1.00 cannot be checked. Set a budget in tokens to cap it.',
    );
    expect(limitWords({ usd: 5, tokens: 200_000 })).toBe('$5.00 or 200,000 tokens');
    expect(moneyWords(0.005)).toBe('$0.005');
    expect(suggestedRaise({ usd: 0.2, tokens: 50_000 })).toEqual({ usd: 1, tokens: 100_000 });
  });
});
