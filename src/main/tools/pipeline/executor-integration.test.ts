import { describe, expect, it } from 'vitest';
import { createHeadlessPrompter } from '../../permissions/headless-prompter';
import { StreamingToolExecutor } from '../executor/streaming-executor';
import type { ExecutorItem } from '../executor/types';
import { createRunToolUse } from './run-tool-use';
import { harness, makeBashLike, makeTool, toolUse } from './test-helpers';
import { abortsSiblingsOnError, isConcurrencySafeUse } from './traits';

describe('the pipeline plugged into the real streaming executor', () => {
  it('CC5 results in call order; errors are data (unknown tool, headless denial) and never break the batch', async () => {
    const read = makeTool({ name: 'Read', isConcurrencySafe: () => true, isReadOnly: () => true });
    const h = harness({ tools: [read, makeBashLike()], prompter: createHeadlessPrompter() });
    const tools = h.ctx.tools;
    const ex = new StreamingToolExecutor({
      runToolUse: createRunToolUse(h.deps),
      isConcurrencySafe: (u) => isConcurrencySafeUse(tools, u),
      abortsSiblingsOnError: (u) => abortsSiblingsOnError(tools, u),
      signal: new AbortController().signal,
      env: {},
    });
    ex.addTool(toolUse('a', 'Read', { text: 'one' }));
    ex.addTool(toolUse('b', 'Nope', {}));
    ex.addTool(toolUse('c', 'Read', { text: 'two' }));
    // Last: how a rejected Bash affects its siblings (CC4) is the executor's policy, not tested here.
    ex.addTool(toolUse('d', 'Bash', { command: 'npm test' }));
    ex.finishedAdding();
    const items: ExecutorItem[] = [];
    for await (const item of ex.results()) items.push(item);
    const results = items.flatMap((i) => (i.kind === 'result' ? [i.outcome] : []));
    expect(results.map((r) => [r.toolUseId, r.state, r.isError])).toEqual([
      ['a', 'succeeded', false],
      ['b', 'failed', true],
      ['c', 'succeeded', false],
      ['d', 'rejected', true],
    ]);
    expect(results[3]!.content).toContain('--allowedTools "Bash(npm test)"');
    expect(h.views.filter((v) => v.id === 'd').map((v) => v.state)).toEqual(['validating', 'awaiting_permission', 'rejected']);
  });
});
