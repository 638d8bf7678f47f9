// The batch around the executor and the pipeline: what it does beyond them — invalid JSON input,
// tools' newMessages, contextModifier for later calls, a PostToolUse stop, hook messages for the user,
// cards closed for calls the executor answered, and the per-message budget (PL6).
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { ToolUseBlock } from '../../model/types';
import type { ToolUseContext } from '../../tools/core/tool';
import type { HookRunner } from '../../tools/pipeline/deps';
import { createRunToolUse } from '../../tools/pipeline/run-tool-use';
import { harness, makeTool } from '../../tools/pipeline/test-helpers';
import { createToolBatch, type BatchOptions } from './batch';

const use = (id: string, name: string, input: unknown): ToolUseBlock => ({ type: 'tool_use', id, name, input });

function setup(tools: Parameters<typeof harness>[0]['tools'], extra: { hooks?: HookRunner; signal?: AbortSignal } = {}) {
  const h = harness({ tools, ...(extra.hooks ? { hooks: extra.hooks } : {}) });
  const views = new Map<string, ToolCallView>();
  const published: ToolCallView[] = [];
  const hookMessages: string[] = [];
  const modifiers: Array<(ctx: ToolUseContext) => ToolUseContext> = [];
  const ctx = h.ctx;
  h.deps.context = () => modifiers.reduce((c, m) => m(c), ctx);
  h.deps.publish = (v) => void (views.set(v.id, v), published.push(structuredClone(v)));
  const opts: BatchOptions = {
    messageId: 'msg1',
    tools,
    runToolUse: createRunToolUse(h.deps),
    signal: extra.signal ?? new AbortController().signal,
    toolResultsDir: '/results',
    persister: h.persister,
    lastView: (id) => views.get(id),
    publishView: h.deps.publish,
    publishProgress: () => undefined,
    onHookMessages: (m) => void hookMessages.push(...m),
    onContextModifier: (m) => void modifiers.push(m),
    env: {},
    log: h.ctx.log,
    now: () => 1,
    stopGraceMs: 0,
  };
  return { h, opts, published, hookMessages };
}

describe('createToolBatch', () => {
  it('a tool_use whose input was not valid JSON fails without running; its card says why', async () => {
    let ran = false;
    const echo = makeTool({ name: 'Echo', call: async () => ((ran = true), { data: 'x' }) });
    const { opts, published } = setup([echo]);
    const batch = createToolBatch(opts);
    batch.add(use('t1', 'Echo', {}), 'The tool input is not valid JSON: Unexpected end of JSON input');
    const r = await batch.finish();
    expect(ran).toBe(false);
    expect(r.results).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: '<tool_use_error>The tool input is not valid JSON: Unexpected end of JSON input</tool_use_error>', is_error: true }]);
    expect(published.map((v) => v.state)).toEqual(['failed']);
  });

  it('newMessages follow the results as text; a contextModifier applies to calls that start after it', async () => {
    const seen: string[] = [];
    const setter = makeTool({
      name: 'Setter',
      call: async () => ({
        data: 'set',
        newMessages: [{ role: 'user', content: 'Remember: the build dir moved.' }, { role: 'assistant', content: 'not allowed here' }],
        contextModifier: (ctx: ToolUseContext) => ({ ...ctx, workingDirectories: [...ctx.workingDirectories, '/extra'] }),
      }),
    });
    const reader = makeTool({ name: 'Reader', call: async (_i: unknown, ctx: ToolUseContext) => ((seen.push(ctx.workingDirectories.join(',')), { data: 'read' })) });
    const { opts } = setup([setter, reader]);
    const batch = createToolBatch(opts);
    batch.add(use('a', 'Reader', { text: '1' }));
    batch.add(use('b', 'Setter', { text: '2' }));
    batch.add(use('c', 'Reader', { text: '3' }));
    const r = await batch.finish();
    expect(r.results.map((b) => b.tool_use_id)).toEqual(['a', 'b', 'c']);
    expect(r.extra).toEqual([{ type: 'text', text: 'Remember: the build dir moved.' }]);
    expect(seen).toEqual(['/project', '/project,/extra']);
  });

  it('a PostToolUse stop ends the turn; hook messages go to the user', async () => {
    const hooks: HookRunner = {
      preToolUse: async () => ({ messages: ['pre: looked at it'] }),
      postToolUse: async () => ({ messages: [], stop: { reason: 'quota reached' } }),
      postToolUseFailure: async () => ({ messages: [] }),
    };
    const { opts, hookMessages } = setup([makeTool({ name: 'Echo' })], { hooks });
    const batch = createToolBatch(opts);
    batch.add(use('t', 'Echo', { text: 'hi' }));
    expect(await batch.finish()).toMatchObject({ stopTurn: { reason: 'quota reached' }, results: [{ tool_use_id: 't', content: 'hi' }] });
    expect(hookMessages).toEqual(['pre: looked at it']);
  });

  it('cancel: queued calls get a cancelled result and a closed card; every call still answers', async () => {
    // Runs until it is aborted.
    const slow = makeTool({
      name: 'Slow',
      call: (_i: unknown, ctx: ToolUseContext) => new Promise((resolve) => ctx.abortSignal.addEventListener('abort', () => resolve({ data: 'stopped' }))),
    });
    const { opts, published } = setup([slow]);
    const batch = createToolBatch(opts);
    batch.add(use('s1', 'Slow', { text: '1' }));
    batch.add(use('s2', 'Slow', { text: '2' }));
    batch.cancel('stop');
    const r = await batch.finish();
    expect(r.results.map((b) => [b.tool_use_id, b.is_error])).toEqual([
      ['s1', true],
      ['s2', true],
    ]);
    expect(published.filter((v) => v.id === 's2').map((v) => v.state)).toEqual(['cancelled']);
    expect(published.filter((v) => v.id === 's1').at(-1)!.state).toBe('cancelled');
  });

  it('PL6: results of one message over 200,000 chars together: the largest is saved, the rest stays inline', async () => {
    const big = makeTool({ name: 'Big', maxResultSizeChars: 100_000, call: async (i: { text: string }) => ({ data: i.text.repeat(90_000) }) });
    const { opts, h } = setup([big]);
    const batch = createToolBatch(opts);
    batch.add(use('m1', 'Big', { text: 'a' }));
    batch.add(use('m2', 'Big', { text: 'b' }));
    batch.add(use('m3', 'Big', { text: 'c' }));
    const r = await batch.finish();
    const sizes = r.results.map((b) => (typeof b.content === 'string' ? b.content.length : 0));
    expect(sizes[0]).toBeLessThan(3_000);
    expect(sizes.slice(1)).toEqual([90_000, 90_000]);
    expect(r.results[0]!.content).toContain('<persisted-output>');
    expect(h.persister.files.get('/results/m1.txt')).toBe('a'.repeat(90_000));
  });
});
