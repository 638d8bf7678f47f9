// Token use and cost per model call and per session (issue 3 item 7): a `usage` event after each call
// with the call's and the session's totals; a resumed session shows the total of its stored calls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
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
    expect(first).toMatchObject({ ok: true, usage: { inputTokens: 4100, outputTokens: 60 }, costUsd: (4100 * 3 + 60 * 15) / 1e6 });
    await session.start('again').done;

    const usage = h.events.filter((ev): ev is UsageEvent => ev.type === 'usage');
    expect(usage.map((u) => [u.turn.inputTokens, u.turn.outputTokens, u.total.inputTokens, u.total.outputTokens])).toEqual([
      [2000, 50, 2000, 50],
      [2100, 10, 4100, 60],
      [3000, 30, 7100, 90],
    ]);
    // Sonnet ($3/$15 per million) for the first two calls, Opus 4.1 ($15/$75) for the third.
    expect(usage[2]!.turn.costUsd).toBeCloseTo((3000 * 15 + 30 * 75) / 1e6, 9);
    const total = (4100 * 3 + 60 * 15 + 3000 * 15 + 30 * 75) / 1e6;
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
});
