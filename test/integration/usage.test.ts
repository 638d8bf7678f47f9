// Token use and cost per model call and per session (issue 3 item 7): a `usage` event after each call
// with the call's and the session's totals; a resumed session shows the total of its stored calls.
// A subagent's calls count in its conversation's total, on its Agent card, after a restart and in the
// session list with the day's total (issue 20 item 3).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { AgentData } from '../../src/shared/tools/agent';
import { localDay } from '../../src/shared/model/local-day';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type UsageEvent = Extract<SessionEvent, { type: 'usage' }>;

describe('usage and cost', () => {
  it('publishes each call\'s usage and the running session total; a resumed session keeps its total', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_u', name: 'ToolSearch', input: { query: 'anything' } }], usage: { input_tokens: 2000, output_tokens: 50 } },
      { content: [{ type: 'text', text: 'one' }], usage: { input_tokens: 2100, output_tokens: 10 } },
      { content: [{ type: 'text', text: 'two' }], usage: { input_tokens: 3000, output_tokens: 30 }, model: 'claude-opus-4-1' },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const first = await session.start('count').done;
    expect(first).toMatchObject({ ok: true, usage: { inputTokens: 4100, outputTokens: 60 }, costUsd: (4100 * 2 + 60 * 10) / 1e6 });
    await session.start('again').done;

    const usage = h.events.filter((ev): ev is UsageEvent => ev.type === 'usage');
    expect(usage.map((u) => [u.turn.inputTokens, u.turn.outputTokens, u.total.inputTokens, u.total.outputTokens])).toEqual([
      [2000, 50, 2000, 50],
      [2100, 10, 4100, 60],
      [3000, 30, 7100, 90],
    ]);
    // Sonnet 5 ($2/$10 per million) for the first two calls, Opus 4.1 ($15/$75) for the third.
    expect(usage[2]!.turn.costUsd).toBeCloseTo((3000 * 15 + 30 * 75) / 1e6, 9);
    const total = (4100 * 2 + 60 * 10 + 3000 * 15 + 30 * 75) / 1e6;
    expect(usage[2]!.total.costUsd).toBeCloseTo(total, 9);

    // The usage event follows the assistant message it counts.
    const types = h.events.map((ev) => ev.type);
    expect(types.indexOf('usage')).toBe(types.indexOf('message', types.indexOf('assistant_start')) + 1);

    const fresh = await h.engine();
    const opened = await fresh.sessions.open(h.projectDir, session.id);
    expect(opened.usage).toMatchObject({ inputTokens: 7100, outputTokens: 90, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(opened.usage!.costUsd).toBeCloseTo(total, 9);
    expect(opened.toolCalls).toEqual([]);
  });

  it("a subagent's calls count in the conversation's total, show on its Agent card, and stay counted after a restart and in the list", async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Look', prompt: 'Look around', subagent_type: 'general-purpose' } }], usage: { input_tokens: 1000, output_tokens: 10 } },
      // The subagent's two calls, on Haiku 4.5 ($1/$5).
      { content: [{ type: 'tool_use', id: 'toolu_child', name: 'ToolSearch', input: { query: 'x' } }], usage: { input_tokens: 500, output_tokens: 20 }, model: 'claude-haiku-4-5' },
      { content: [{ type: 'text', text: 'Nothing here.' }], usage: { input_tokens: 600, output_tokens: 30 }, model: 'claude-haiku-4-5' },
      { content: [{ type: 'text', text: 'It found nothing.' }], usage: { input_tokens: 1200, output_tokens: 10 } },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('look').done).ok).toBe(true);
    const child = (500 * 1 + 20 * 5 + 600 * 1 + 30 * 5) / 1e6;
    const parent = (2200 * 2 + 20 * 10) / 1e6;
    const agentEvents = h.events.filter((ev): ev is UsageEvent => ev.type === 'usage' && ev.agent !== undefined);
    expect(agentEvents.map((e) => [e.agent!.toolUseId, e.agent!.total.inputTokens])).toEqual([
      ['toolu_agent', 500],
      ['toolu_agent', 1100],
    ]);
    expect(agentEvents[1]!.agent!.total.costUsd).toBeCloseTo(child, 9);
    expect(session.usage().costUsd).toBeCloseTo(parent + child, 9);
    // The card's data: what the subagent's calls cost in all.
    const card = AgentData.parse(h.calls().get('toolu_agent')!.result!.data);
    expect(card.spend).toEqual({ tokens: 1150, costUsd: expect.closeTo(child, 9) });

    const fresh = await h.engine();
    const opened = await fresh.sessions.open(h.projectDir, session.id);
    expect(opened.usage!.costUsd).toBeCloseTo(parent + child, 9);
    const [listed] = await fresh.sessions.list(h.projectDir);
    expect(listed!.spend).toMatchObject({ tokens: 2200 + 20 + 1100 + 50, days: [{ day: localDay(Date.now()), tokens: 3370 }] });
    expect(listed!.spend!.costUsd).toBeCloseTo(parent + child, 9);
  });
});
