// The turn loop's tool seam (used by the next issue): tool_use → ToolRunner → tool_result → next call,
// bounded by maxTurns; requests stay valid for the (strict) fake API at every step.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import type { Message } from '../../shared/transcript';
import { createModelClient } from '../model/client';
import { DEFAULT_RETRY_POLICY } from '../model/retry';
import type { ToolResultBlock, ToolUseBlock } from '../model/types';
import { runLoop, type LoopEvent, type LoopOptions, type ToolRunner } from './loop';

let server: FakeModelServer;
beforeEach(async () => void (server = await startFakeModelServer()));
afterEach(() => server.close());

let ids = 0;
function setup(extra: Partial<LoopOptions> = {}) {
  const transcript: Message[] = [{ id: 'u0', role: 'user', content: [{ type: 'text', text: 'read a.ts' }], createdAt: 0 }];
  const events: LoopEvent[] = [];
  const opts: LoopOptions = {
    client: createModelClient({ credential: { kind: 'apiKey', value: 'sk-loop', source: 'env:ANTHROPIC_API_KEY' }, baseURL: server.url }),
    model: 'claude-test',
    tools: [{ name: 'Read', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }],
    maxTurns: 10,
    retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1 },
    transcript: () => transcript,
    append: (m) => void transcript.push(m),
    emit: (e) => void events.push(e),
    newId: () => `id${++ids}`,
    now: () => ids,
    ...extra,
  };
  return { opts, transcript, events };
}

const runner = (seen: ToolUseBlock[][]): ToolRunner => ({
  async run(toolUses) {
    seen.push(toolUses);
    return toolUses.map((u): ToolResultBlock => ({ type: 'tool_result', tool_use_id: u.id, content: `contents of ${(u.input as { path: string }).path}` }));
  },
});

describe('runLoop', () => {
  it('runs tools between model calls until the model stops asking', async () => {
    server.push(
      { content: [{ type: 'text', text: 'Reading.' }, { type: 'tool_use', id: 'toolu_a', name: 'Read', input: { path: 'a.ts' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Read', input: { path: 'b.ts' } }] },
      { content: [{ type: 'text', text: 'Both files read.' }] },
    );
    const seen: ToolUseBlock[][] = [];
    const { opts, transcript } = setup({ toolRunner: runner(seen) });
    const result = await runLoop(opts, new AbortController().signal);
    expect(result).toMatchObject({ turns: 3, stopReason: 'end_turn', aborted: false, maxTurnsReached: false });
    expect(seen.map((batch) => batch.map((u) => u.id))).toEqual([['toolu_a'], ['toolu_b']]);
    expect(transcript.map((m) => `${m.role}:${m.content.map((b) => b.type).join('+')}`)).toEqual([
      'user:text',
      'assistant:text+tool_use',
      'user:tool_result',
      'assistant:tool_use',
      'user:tool_result',
      'assistant:text',
    ]);
    expect(server.requests).toHaveLength(3); // the strict fake API accepted every step
    expect(server.requests[2]!.body.messages.at(-1).content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_b', content: 'contents of b.ts' }]);
    expect(server.requests[0]!.body.tools).toEqual(opts.tools);
  });

  it('stops at maxTurns while the model still wants tools', async () => {
    server.push({ content: [{ type: 'tool_use', id: 'toolu_x', name: 'Read', input: { path: 'x' } }] });
    const { opts } = setup({ toolRunner: runner([]), maxTurns: 1 });
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 1, stopReason: 'tool_use', maxTurnsReached: true });
    expect(server.requests).toHaveLength(1);
  });

  it('without a ToolRunner, one model call per user message', async () => {
    server.push({ content: [{ type: 'tool_use', id: 'toolu_y', name: 'Read', input: { path: 'y' } }] });
    const { opts, transcript } = setup();
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 1, stopReason: 'tool_use', maxTurnsReached: false });
    expect(transcript).toHaveLength(2);
  });

  it('an abort during the retry wait ends the loop as aborted', async () => {
    server.push({ error: { status: 500, type: 'api_error', message: 'boom' } });
    const ac = new AbortController();
    const { opts, events } = setup({ retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 60_000, maxDelayMs: 60_000 }, emit: (e) => void (events.push(e), e.type === 'retry' && ac.abort()) });
    expect(await runLoop(opts, ac.signal)).toMatchObject({ aborted: true, turns: 0 });
    expect(events.map((e) => e.type)).toEqual(['retry']);
  });
});
