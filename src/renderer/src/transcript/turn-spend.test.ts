// What each turn cost, pure (issue 20 item 3): a turn runs from the person's message to the next; its
// replies and summaries priced by their models, its helper agents' spend added when known; the words
// for it, for a conversation's row and for the project's day.
import { describe, expect, it } from 'vitest';
import type { Message, SessionSummary } from '../../../shared/transcript';
import { dayTotal, dayTotalWords, sessionCostWords } from '../components/spend-words';
import { raiseOf } from '../permissions/kinds/BudgetRequest';
import { turnCostWords } from './TurnCost';
import { turnSpends } from './turn-spend';

const user = (id: string, text: string): Message => ({ id, role: 'user', content: [{ type: 'text', text }], createdAt: 0 });
const reply = (id: string, input: number, output: number, model = 'claude-sonnet-5', tools: string[] = []): Message => ({
  id,
  role: 'assistant',
  content: [{ type: 'text', text: 'ok' }, ...tools.map((t) => ({ type: 'tool_use' as const, id: t, name: 'Agent', input: {} }))],
  createdAt: 0,
  model,
  usage: { inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 },
});
const results = (id: string, of: string): Message => ({ id, role: 'user', content: [{ type: 'tool_result', tool_use_id: of, content: 'done' }], createdAt: 0 });

describe('turn spend', () => {
  it('adds each turn\'s replies by their model\'s price, tool results inside the turn; an unpriced model leaves tokens only', () => {
    const spends = turnSpends([
      user('u1', 'first'),
      reply('a1', 10_000, 100, 'claude-sonnet-5', ['toolu_ag']),
      results('r1', 'toolu_ag'),
      reply('a2', 10_000, 100),
      user('u2', 'second'),
      reply('a3', 1000, 10, 'mystery-model'),
    ], (id) => (id === 'toolu_ag' ? { tokens: 500, costUsd: 0.001 } : undefined));
    expect([...spends.keys()]).toEqual(['a2', 'a3']);
    expect(spends.get('a2')).toEqual({ replies: 2, tokens: 20_700, costUsd: 0.043, agents: 1 });
    expect(spends.get('a3')).toEqual({ replies: 1, tokens: 1010, costUsd: null, agents: 0 });
    expect(turnCostWords(spends.get('a2')!)).toBe('This turn: 2 replies · 20.7k tokens · $0.04 (its helper agent included)');
    expect(turnCostWords(spends.get('a3')!)).toBe('This turn: 1 reply · 1k tokens');
  });

  it('a summary asked for by hand is its own step: the turn before keeps its cost; an automatic one counts in its turn', () => {
    const summary = (id: string, trigger: 'auto' | 'manual'): Message => ({
      id,
      role: 'user',
      content: [{ type: 'text', text: 'summary' }],
      createdAt: 0,
      compaction: { trigger, summary: 's', keptFrom: null, tokensBefore: 300_000, tokensAfter: 2_000, usage: { inputTokens: 9_000, outputTokens: 1_000, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'claude-sonnet-5' },
    });
    const manual = turnSpends([user('u1', 'write it'), reply('a1', 299_000, 1_000), summary('c1', 'manual'), user('u2', 'next'), reply('a2', 2_000, 100)]);
    expect([...manual.keys()]).toEqual(['a1', 'c1', 'a2']);
    expect(turnCostWords(manual.get('a1')!)).toBe('This turn: 1 reply · 300k tokens · $0.61');
    expect(turnCostWords(manual.get('c1')!)).toBe('The summary: 10k tokens · $0.03');
    const auto = turnSpends([user('u1', 'write it'), reply('a1', 299_000, 1_000), summary('c1', 'auto'), reply('a2', 2_000, 100)]);
    expect([...auto.keys()]).toEqual(['a2']);
    expect(auto.get('a2')).toMatchObject({ replies: 2, tokens: 312_100 });
  });

  it('a conversation\'s cost for its row, the project\'s day added up over the list', () => {
    const s = (id: string, spend?: SessionSummary['spend']): SessionSummary => ({ id, projectDir: '/p', title: id, createdAt: 0, updatedAt: 0, messageCount: 1, ...(spend ? { spend } : {}) });
    const a = s('a', { costUsd: 0.5, tokens: 9000, days: [{ day: '2026-01-01', costUsd: 0.2, tokens: 1000 }, { day: '2026-01-02', costUsd: 0.3, tokens: 8000 }] });
    const b = s('b', { costUsd: 0.02, tokens: 100, days: [{ day: '2026-01-02', costUsd: 0.02, tokens: 100 }] });
    expect(sessionCostWords(a)).toBe('$0.50');
    expect(sessionCostWords(s('new'))).toBeNull();
    expect(sessionCostWords(s('x', { costUsd: null, tokens: 2500, days: [] }))).toBe('2.5k tokens');
    expect(dayTotal([a, b, s('new')], '2026-01-02')).toEqual({ costUsd: 0.32, tokens: 8100, conversations: 2 });
    expect(dayTotalWords(dayTotal([a, b], '2026-01-02'))).toBe('Spent today: $0.32 in 2 conversations');
    expect(dayTotal([a], '2026-02-01').conversations).toBe(0);
  });

  it('the budget question\'s raise: every part the budget has, each above 0', () => {
    expect(raiseOf('2', '', { usd: 1 })).toEqual({ usd: 2 });
    expect(raiseOf('', '100,000', { tokens: 5 })).toEqual({ tokens: 100_000 });
    expect(raiseOf('1.5', '200000', { usd: 1, tokens: 5 })).toEqual({ usd: 1.5, tokens: 200_000 });
    for (const [usd, tokens] of [['0', ''], ['-1', ''], ['abc', ''], ['', '']]) expect(raiseOf(usd!, tokens!, { usd: 1 })).toBeNull();
    expect(raiseOf('1', '1.5', { usd: 1, tokens: 5 })).toBeNull();
  });
});
