// The summary during a turn (issue 20 item 3): told after a counted call, at most once per interval,
// a pending one before the budget speaks, never the same one twice in a row.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSummary } from '../../shared/transcript';
import type { SessionEventBody } from './event-body';
import { SUMMARY_INTERVAL_MS, SummaryPulse } from './summary-pulse';

const totals = { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.01 };
const usage: SessionEventBody = { type: 'usage', turn: totals, total: totals };
const budget: SessionEventBody = { type: 'budget', budget: { limit: { usd: 0.05 }, spentUsd: 0.06, spentTokens: 1, percent: 120, phase: 'paused' } };

let spent = 0;
let told: { spend: number; sent: string[] }[] = [];
let sent: string[] = [];
const summary = (): SessionSummary => ({ id: 's', projectDir: '/p', title: 't', createdAt: 0, updatedAt: 0, messageCount: 0, spend: { costUsd: spent, tokens: 1, days: [] } });

beforeEach(() => {
  vi.useFakeTimers();
  spent = 0;
  told = [];
  sent = [];
});
afterEach(() => vi.useRealTimers());

function pulse(): SummaryPulse {
  return new SummaryPulse({ summary, publish: (s) => told.push({ spend: s.spend!.costUsd!, sent: [...sent] }), now: () => Date.now() });
}
const pass = (p: SummaryPulse, e: SessionEventBody) => p.pass(e, () => sent.push(e.type));

describe('SummaryPulse', () => {
  it('a counted call is followed at once by the summary with its spend', () => {
    const p = pulse();
    spent = 0.02;
    pass(p, usage);
    expect(told).toEqual([{ spend: 0.02, sent: ['usage'] }]);
  });

  it('calls close together: one summary now, the newest at the end of the interval', () => {
    const p = pulse();
    spent = 0.01;
    pass(p, usage);
    spent = 0.02;
    pass(p, usage);
    spent = 0.03;
    pass(p, usage);
    expect(told.map((t) => t.spend)).toEqual([0.01]);
    vi.advanceTimersByTime(SUMMARY_INTERVAL_MS);
    expect(told.map((t) => t.spend)).toEqual([0.01, 0.03]);
  });

  it("a pending summary goes out before the budget's event, so the list never lags the question", () => {
    const p = pulse();
    pass(p, usage);
    spent = 0.06;
    pass(p, usage);
    pass(p, budget);
    expect(told.at(-1)).toEqual({ spend: 0.06, sent: ['usage', 'usage'] });
    vi.advanceTimersByTime(SUMMARY_INTERVAL_MS);
    expect(told).toHaveLength(2);
  });

  it('the same summary is not told twice; nothing after dispose', () => {
    const p = pulse();
    p.now();
    p.now();
    expect(told).toHaveLength(1);
    spent = 0.01;
    pass(p, usage);
    p.dispose();
    vi.advanceTimersByTime(SUMMARY_INTERVAL_MS);
    expect(told).toHaveLength(1);
  });
});
