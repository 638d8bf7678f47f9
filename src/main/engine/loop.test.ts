// The turn loop's tool seam against the fake Messages API (real SDK): tool_use blocks reach the batch
// as they complete (CC1), all results go back in one user message in call order, maxTurns, Stop,
// retries (a cut reply's started calls are kept) and the Stop-hook continuation; every request stays
// valid for the strict fake API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import type { Message } from '../../shared/transcript';
import { createModelClient } from '../model/client';
import { ModelError } from '../model/errors';
import { DEFAULT_RETRY_POLICY } from '../model/retry';
import type { ModelClient, ToolResultBlock, ToolUseBlock } from '../model/types';
import { runLoop, type LoopEvent, type LoopOptions, type ToolBatch, type ToolRunner } from './loop';
import { toApiMessages } from './request';
import { ZERO_USAGE } from '../model/usage';

let server: FakeModelServer;
beforeEach(async () => void (server = await startFakeModelServer()));
afterEach(() => server.close());

let ids = 0;
const TOOLS = [{ name: 'Read', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];

function setup(extra: Partial<LoopOptions> = {}) {
  const transcript: Message[] = [{ id: 'u0', role: 'user', content: [{ type: 'text', text: 'read a.ts' }], createdAt: 0 }];
  const events: LoopEvent[] = [];
  const opts: LoopOptions = {
    client: createModelClient({ credential: { kind: 'apiKey', value: 'sk-loop', source: 'env:ANTHROPIC_API_KEY' }, baseURL: server.url }),
    model: 'claude-test',
    request: () => ({ messages: toApiMessages(transcript), tools: TOOLS }),
    maxTurns: 10,
    retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1 },
    append: (m) => void transcript.push(m),
    emit: (e) => void events.push(e),
    newId: () => `id${++ids}`,
    now: () => ids,
    ...extra,
  };
  return { opts, transcript, events };
}

/** A runner whose batches answer `contents of <path>` and record what happened, in order. */
function recordingRunner(log: string[], opts: { onAdd?: (b: ToolUseBlock) => void } = {}): ToolRunner {
  return {
    begin(): ToolBatch {
      const uses: ToolUseBlock[] = [];
      let cancelled = false;
      log.push('begin');
      return {
        add(block) {
          log.push(`add ${block.id}`);
          uses.push(block);
          opts.onAdd?.(block);
        },
        async finish() {
          log.push(`finish ${uses.map((u) => u.id).join(',')}`);
          const results = uses.map(
            (u): ToolResultBlock => ({ type: 'tool_result', tool_use_id: u.id, content: cancelled ? 'cancelled' : `contents of ${(u.input as { path: string }).path}` }),
          );
          return { results, extra: [] };
        },
        cancel(reason) {
          cancelled = true;
          log.push(`cancel ${reason}`);
        },
      };
    },
  };
}

describe('runLoop', () => {
  it('the tools warm up once per model request, after it has left and before its answer is read', async () => {
    server.push(
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Read', input: { path: 'a.ts' } }], stop_reason: 'tool_use' },
      { content: [{ type: 'text', text: 'done' }] },
    );
    const log: string[] = [];
    const runner: ToolRunner = { ...recordingRunner(log), warmUp: () => void log.push('warm-up') };
    const { opts } = setup({ toolRunner: runner });
    await runLoop(opts, new AbortController().signal);
    // The second warm-up follows the results (they travel in the second request), not the first answer.
    expect(log).toEqual(['warm-up', 'begin', 'add toolu_w', 'finish toolu_w', 'warm-up']);
    expect(server.requests).toHaveLength(2);
  });

  it('CC1: each tool_use reaches the batch when its block completes, before the rest of the stream', async () => {
    server.push(
      { content: [{ type: 'tool_use', id: 'toolu_a', name: 'Read', input: { path: 'a.ts' } }, { type: 'text', text: 'still talking' }], stop_reason: 'tool_use', chunkSize: 4 },
      { content: [{ type: 'text', text: 'done' }] },
    );
    const log: string[] = [];
    const { opts } = setup({ toolRunner: recordingRunner(log), emit: (e) => void (e.type === 'text_delta' && log.push(`text ${e.text}`)) });
    await runLoop(opts, new AbortController().signal);
    expect(log.slice(0, 4)).toEqual(['begin', 'add toolu_a', 'text stil', 'text l ta']);
    expect(log.indexOf('finish toolu_a')).toBeGreaterThan(log.indexOf('text g'));
  });

  it('runs tools between model calls; all results of a turn in one user message, in call order', async () => {
    server.push(
      {
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'toolu_a', name: 'Read', input: { path: 'a.ts' } },
          { type: 'tool_use', id: 'toolu_b', name: 'Read', input: { path: 'b.ts' } },
        ],
      },
      { content: [{ type: 'tool_use', id: 'toolu_c', name: 'Read', input: { path: 'c.ts' } }] },
      { content: [{ type: 'text', text: 'All files read.' }] },
    );
    const log: string[] = [];
    const { opts, transcript } = setup({ toolRunner: recordingRunner(log) });
    const result = await runLoop(opts, new AbortController().signal);
    expect(result).toMatchObject({ turns: 3, stopReason: 'end_turn', aborted: false, maxTurnsReached: false });
    expect(transcript.map((m) => `${m.role}:${m.content.map((b) => b.type).join('+')}`)).toEqual([
      'user:text',
      'assistant:text+tool_use+tool_use',
      'user:tool_result+tool_result',
      'assistant:tool_use',
      'user:tool_result',
      'assistant:text',
    ]);
    expect(server.requests).toHaveLength(3); // the strict fake API accepted every step
    expect(server.requests[1]!.body.messages.at(-1).content.map((b: { tool_use_id: string }) => b.tool_use_id)).toEqual(['toolu_a', 'toolu_b']);
    expect(server.requests[2]!.body.messages.at(-1).content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_c', content: 'contents of c.ts' }]);
    expect(server.requests[0]!.body.tools).toEqual(TOOLS);
  });

  it('at maxTurns the last turn\'s tools still get their results (the transcript stays valid), then it stops', async () => {
    server.push({ content: [{ type: 'tool_use', id: 'toolu_x', name: 'Read', input: { path: 'x' } }] });
    const { opts, transcript } = setup({ toolRunner: recordingRunner([]), maxTurns: 1 });
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 1, stopReason: 'tool_use', maxTurnsReached: true });
    expect(server.requests).toHaveLength(1);
    expect(transcript.at(-1)!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'contents of x' }]);
  });

  it('without maxTurns there is no limit: 55 tool turns, then the answer', async () => {
    for (let i = 0; i < 55; i++) server.push({ content: [{ type: 'tool_use', id: `toolu_n${i}`, name: 'Read', input: { path: `f${i}` } }] });
    server.push({ content: [{ type: 'text', text: 'all read' }] });
    const { opts } = setup({ toolRunner: recordingRunner([]) });
    delete opts.maxTurns;
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 56, stopReason: 'end_turn', maxTurnsReached: false });
  });

  it('without a ToolRunner, one model call per user message', async () => {
    server.push({ content: [{ type: 'tool_use', id: 'toolu_y', name: 'Read', input: { path: 'y' } }] });
    const { opts, transcript } = setup();
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 1, stopReason: 'tool_use', maxTurnsReached: false });
    expect(transcript).toHaveLength(2);
  });

  it('Stop mid-stream keeps the completed tool_use blocks and answers each of them', async () => {
    server.push({
      content: [
        { type: 'tool_use', id: 'toolu_s', name: 'Read', input: { path: 's' } },
        { type: 'text', text: 'a long explanation that never finishes' },
      ],
      chunkSize: 2,
      delayMs: 30,
    });
    const ac = new AbortController();
    const log: string[] = [];
    const { opts, transcript } = setup({ toolRunner: recordingRunner(log, { onAdd: () => setTimeout(() => ac.abort(), 50) }) });
    const result = await runLoop(opts, ac.signal);
    expect(result).toMatchObject({ aborted: true, stopReason: 'aborted' });
    expect(log).toEqual(['begin', 'add toolu_s', 'cancel stopped', 'finish toolu_s']);
    const [, partial, results] = transcript;
    expect(partial).toMatchObject({ role: 'assistant', stopReason: 'aborted' });
    expect(partial!.content[0]).toEqual({ type: 'tool_use', id: 'toolu_s', name: 'Read', input: { path: 's' } });
    expect(results!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_s', content: 'cancelled' }]);
    expect(toApiMessages(transcript).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('a reply cut after a call started keeps the call and its result; the retry goes on after them', async () => {
    // A scripted client cuts the stream right after a complete tool_use block.
    let attempt = 0;
    const use = (id: string): ToolUseBlock => ({ type: 'tool_use', id, name: 'Read', input: { path: id } });
    const client: ModelClient = {
      async *stream() {
        attempt++;
        yield { type: 'start', model: 'claude-test' };
        if (attempt === 1) {
          yield { type: 'text', index: 0, text: 'Reading.' };
          yield { type: 'tool_use', index: 1, block: use('toolu_1') };
          yield { type: 'text', index: 2, text: 'half a sen' };
          throw new ModelError('overloaded', 'Overloaded');
        }
        if (attempt === 2) {
          yield { type: 'tool_use', index: 0, block: use('toolu_2') };
          yield { type: 'done', content: [use('toolu_2')], stopReason: 'tool_use', usage: ZERO_USAGE, model: 'claude-test' };
          return;
        }
        yield { type: 'done', content: [{ type: 'text', text: 'ok' }], stopReason: 'end_turn', usage: ZERO_USAGE, model: 'claude-test' };
      },
    };
    const log: string[] = [];
    const recorded: string[] = [];
    const { opts, transcript, events } = setup({
      client,
      toolRunner: recordingRunner(log),
      record: { replyBlocks: async (id, blocks) => void recorded.push(`${id}: ${blocks.map((b) => b.type).join('+')}`), toolResult: () => undefined },
    });
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 2, stopReason: 'end_turn' });
    // Never cancelled: the call finishes as it would have.
    expect(log).toEqual(['begin', 'add toolu_1', 'finish toolu_1', 'begin', 'add toolu_2', 'finish toolu_2']);
    const [, cut, results, retried] = transcript;
    expect(cut).toMatchObject({ role: 'assistant', stopReason: 'stream_cut', content: [{ type: 'text', text: 'Reading.' }, use('toolu_1')] });
    expect(results!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'contents of toolu_1' }]);
    expect(retried).toMatchObject({ role: 'assistant', content: [use('toolu_2')] });
    expect(retried!.id).not.toBe(cut!.id);
    // The blocks before each call were written before it was handed over.
    expect(recorded).toEqual([`${cut!.id}: text+tool_use`, `${retried!.id}: tool_use`]);
    // The retry event names the reply to come, which starts anew; then the turn after it.
    expect(events.map((e) => e.type)).toEqual(['assistant_start', 'text_delta', 'text_delta', 'retry', 'assistant_start', 'assistant_start']);
    expect(events.filter((e) => e.type === 'assistant_start').map((e) => e.messageId)).toEqual([cut!.id, retried!.id, transcript[5]!.id]);
    const retry = events.find((e) => e.type === 'retry')!;
    expect(retry.messageId).toBe(retried!.id);
    expect(toApiMessages(transcript).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  it('a cut reply that is not retried still keeps its calls and their results, then ends with the error', async () => {
    const client: ModelClient = {
      async *stream() {
        yield { type: 'start', model: 'claude-test' };
        yield { type: 'tool_use', index: 0, block: { type: 'tool_use', id: 'toolu_x', name: 'Read', input: { path: 'x' } } };
        throw new ModelError('invalid_request', 'Bad request');
      },
    };
    const { opts, transcript } = setup({ client, toolRunner: recordingRunner([]) });
    const result = await runLoop(opts, new AbortController().signal);
    expect(result.error).toMatchObject({ code: 'invalid_request' });
    expect(transcript.map((m) => `${m.role}:${m.content.map((b) => b.type).join('+')}`)).toEqual(['user:text', 'assistant:tool_use', 'user:tool_result']);
  });

  it('a Stop hook that answers sends the model back to work once, as a user message', async () => {
    server.push({ content: [{ type: 'text', text: 'done?' }] }, { content: [{ type: 'text', text: 'now really done' }] });
    const calls: boolean[] = [];
    const { opts, transcript } = setup({ onEnd: async (active) => (calls.push(active), active ? null : 'run the tests first') });
    expect(await runLoop(opts, new AbortController().signal)).toMatchObject({ turns: 2, stopReason: 'end_turn' });
    expect(calls).toEqual([false, true]);
    expect(transcript.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(server.requests[1]!.body.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'run the tests first' }] });
  });

  it('an abort during the retry wait ends the loop as aborted', async () => {
    server.push({ error: { status: 500, type: 'api_error', message: 'boom' } });
    const ac = new AbortController();
    const { opts, events } = setup({ retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 60_000, maxDelayMs: 60_000 }, emit: (e) => void (events.push(e), e.type === 'retry' && ac.abort()) });
    expect(await runLoop(opts, ac.signal)).toMatchObject({ aborted: true, turns: 0 });
    expect(events.map((e) => e.type)).toEqual(['retry']);
  });
});

describe('runLoop: room in the window (issue 20 item 2)', () => {
  const tooLong = { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } };

  it('asks before every request; a "prompt is too long" refusal is answered by one summary, then the smaller request goes', async () => {
    server.push(tooLong, { content: [{ type: 'text', text: 'fits now' }] });
    const why: string[] = [];
    const { opts, transcript } = setup({
      prepare: async (w) => {
        why.push(w);
        if (w === 'too_long') transcript.splice(0, transcript.length, { id: 's', role: 'user', content: [{ type: 'text', text: 'summary' }], createdAt: 0 });
        return w === 'too_long' ? 'compacted' : 'unchanged';
      },
    });
    const r = await runLoop(opts, new AbortController().signal);
    expect(r).toMatchObject({ turns: 1, aborted: false });
    expect(r.error).toBeUndefined();
    expect(why).toEqual(['before', 'too_long', 'before']);
    expect(server.requests.map((q) => JSON.stringify(q.body.messages))).toEqual([
      JSON.stringify([{ role: 'user', content: [{ type: 'text', text: 'read a.ts' }] }]),
      JSON.stringify([{ role: 'user', content: [{ type: 'text', text: 'summary' }] }]),
    ]);
  });

  it('a second refusal after the summary ends the run with it: no third try', async () => {
    server.push(tooLong, tooLong, { content: [{ type: 'text', text: 'never' }] });
    const why: string[] = [];
    const { opts } = setup({ prepare: async (w) => (why.push(w), w === 'too_long' ? 'compacted' : 'unchanged') });
    const r = await runLoop(opts, new AbortController().signal);
    expect(r.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('prompt is too long') });
    expect(why.filter((w) => w === 'too_long')).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('a refusal that no summary can answer ends at once; other 400s never ask for one', async () => {
    server.push(tooLong, { error: { status: 400, type: 'invalid_request_error', message: 'max_tokens: too big' } });
    const why: string[] = [];
    const first = setup({ prepare: async (w) => (why.push(w), 'unchanged') });
    expect((await runLoop(first.opts, new AbortController().signal)).error?.message).toContain('prompt is too long');
    expect((await runLoop(first.opts, new AbortController().signal)).error?.message).toContain('max_tokens');
    expect(why).toEqual(['before', 'too_long', 'before']);
    expect(server.requests).toHaveLength(2);
  });

  it('a summary that fails before the request ends the run with its error, and nothing is sent', async () => {
    const { opts } = setup({ prepare: async () => new ModelError('auth', 'The API key was rejected (401).') });
    const r = await runLoop(opts, new AbortController().signal);
    expect(r.error).toMatchObject({ code: 'auth' });
    expect(server.requests).toHaveLength(0);
  });
});
