import { describe, expect, it } from 'vitest';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { TelemetrySafeError } from '../core/errors';
import type { CanUseTool } from '../core/tool';
import { siblingFailed, userStopped, USER_STOPPED_MESSAGE } from '../executor/outcomes';
import { executeTool } from './execute';
import { deferred, drain, makeCtx, makeTool, toolUse } from './test-helpers';

const canUseTool: CanUseTool = async () => ({ behavior: 'allow' });

describe('PL5 execute', () => {
  it('forwards progress at once, before the call finishes (recorded order)', async () => {
    const events: string[] = [];
    const release = deferred<void>();
    const tool = makeTool({
      name: 'Stream',
      call: async (_i, _c, _u, _m, onProgress: (p: ToolProgress) => void) => {
        onProgress({ type: 'output', stream: 'stdout', text: 'line 1' });
        await release.promise;
        onProgress({ type: 'output', stream: 'stderr', text: 'line 2' });
        events.push('call:returning');
        return { data: 'done' };
      },
    });
    const run = executeTool({ tool, input: { text: '' }, ctx: makeCtx([tool]), canUseTool, parentMessageId: 'm1', onProgress: (p) => events.push(`progress:${p.type === 'output' ? p.text : ''}`) });
    await drain();
    expect(events).toEqual(['progress:line 1']);
    release.resolve();
    expect(await run).toEqual({ ok: true, result: { data: 'done' } });
    expect(events).toEqual(['progress:line 1', 'progress:line 2', 'call:returning']);
  });

  it('passes input, context, canUseTool and the parent message id through', async () => {
    const seen: unknown[] = [];
    const tool = makeTool({ name: 'Spy', call: async (i, c, u, m) => (seen.push(i, c.sessionId, u, m), { data: 1 }) });
    await executeTool({ tool, input: { text: 'a' }, ctx: makeCtx([tool]), canUseTool, parentMessageId: 'm7', onProgress: () => {} });
    expect(seen).toEqual([{ text: 'a' }, 's1', canUseTool, 'm7']);
  });

  it('a throw is a failed result with a telemetry-safe class that never holds the path (PL8)', async () => {
    const tool = makeTool({
      name: 'Read',
      call: async () => {
        throw Object.assign(new Error("ENOENT: no such file or directory, open '/home/me/secret.txt'"), { code: 'ENOENT' });
      },
    });
    const r = await executeTool({ tool, input: { text: '' }, ctx: makeCtx([tool]), canUseTool, parentMessageId: 'm', onProgress: () => {} });
    expect(r).toMatchObject({ ok: false, state: 'failed', code: 'execution_failed', errorClass: 'Error:ENOENT' });
    if (r.ok) return;
    expect(r.content).toBe("<tool_use_error>Error: ENOENT: no such file or directory, open '/home/me/secret.txt'</tool_use_error>");
    expect(r.errorClass).not.toContain('/home');
  });

  it('classifies TelemetrySafeError, named errors, bare errors and non-errors', async () => {
    const cases: Array<[unknown, string]> = [
      [new TelemetrySafeError('bad /path', 'config_invalid'), 'config_invalid'],
      [new RangeError('x'), 'RangeError'],
      [Object.assign(new Error('x'), { name: 'nJT' }), 'Error'],
      ['a string', 'UnknownError'],
    ];
    for (const [thrown, cls] of cases) {
      const tool = makeTool({
        name: 'T',
        call: async () => {
          throw thrown;
        },
      });
      const r = await executeTool({ tool, input: {}, ctx: makeCtx([tool]), canUseTool, parentMessageId: 'm', onProgress: () => {} });
      expect(r.ok === false && r.errorClass).toBe(cls);
    }
  });

  it('an abort while running is cancelled, saying why (the executor\'s reason)', async () => {
    const controller = new AbortController();
    const tool = makeTool({
      name: 'Bash',
      call: (_i, ctx) =>
        new Promise((_res, rej) => ctx.abortSignal.addEventListener('abort', () => rej(Object.assign(new Error('killed'), { name: 'AbortError' })))),
    });
    const run = executeTool({ tool, input: {}, ctx: makeCtx([tool], { abortSignal: controller.signal }), canUseTool, parentMessageId: 'm', onProgress: () => {} });
    controller.abort(siblingFailed(toolUse('b1', 'Bash', { command: 'false' })));
    expect(await run).toMatchObject({ ok: false, state: 'cancelled', code: 'cancelled', content: 'Cancelled: a sibling Bash command failed: false' });
  });

  it('a plain abort() reads as the user stopping it; partial output the tool threw is kept', async () => {
    const controller = new AbortController();
    const tool = makeTool({
      name: 'Bash',
      call: (_i, ctx) => new Promise((_res, rej) => ctx.abortSignal.addEventListener('abort', () => rej(new Error('partial: 3 of 10 files')))),
    });
    const run = executeTool({ tool, input: {}, ctx: makeCtx([tool], { abortSignal: controller.signal }), canUseTool, parentMessageId: 'm', onProgress: () => {} });
    controller.abort();
    expect(await run).toMatchObject({ ok: false, state: 'cancelled', content: `${USER_STOPPED_MESSAGE}\npartial: 3 of 10 files` });
  });

  it('an already-aborted call never starts', async () => {
    let called = false;
    const tool = makeTool({ name: 'T', call: async () => ((called = true), { data: 1 }) });
    const controller = new AbortController();
    controller.abort(userStopped());
    const r = await executeTool({ tool, input: {}, ctx: makeCtx([tool], { abortSignal: controller.signal }), canUseTool, parentMessageId: 'm', onProgress: () => {} });
    expect(r).toMatchObject({ ok: false, state: 'cancelled', content: USER_STOPPED_MESSAGE });
    expect(called).toBe(false);
  });

  it('a tool that returns no ToolResult fails; a throwing progress consumer does not break the call', async () => {
    const bad = makeTool({ name: 'Bad', call: async () => undefined as never });
    expect(await executeTool({ tool: bad, input: {}, ctx: makeCtx([bad]), canUseTool, parentMessageId: 'm', onProgress: () => {} })).toMatchObject({ ok: false, state: 'failed', content: '<tool_use_error>Error: Bad returned no result</tool_use_error>' });
    const chatty = makeTool({ name: 'Chatty', call: async (_i, _c, _u, _m, p: (x: ToolProgress) => void) => (p({ type: 'status', text: 'hi' }), { data: 'ok' }) });
    const r = await executeTool({
      tool: chatty,
      input: {},
      ctx: makeCtx([chatty]),
      canUseTool,
      parentMessageId: 'm',
      onProgress: () => {
        throw new Error('ui gone');
      },
    });
    expect(r).toEqual({ ok: true, result: { data: 'ok' } });
  });
});
