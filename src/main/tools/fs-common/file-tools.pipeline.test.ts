// The file tools through the real pipeline (PL2, PL4, PL6, TC5, TL1–TL3): Read inside the project
// runs unprompted and outside asks naming the path; an Edit before a Read fails with code 6's
// text; after a Read the Edit is asked for (default mode), shown with an absolute path, and applied.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, scriptedPrompter, toolUse } from '../pipeline/test-helpers';
import { EditTool } from '../edit/edit.tool';
import { ReadTool } from '../read/read.tool';
import { WriteTool } from '../write/write.tool';
import { createFileStateCache } from '../file-state/file-state';
import { fileProject, type FileProject } from './test-support';

let fp: FileProject;
beforeEach(() => {
  fp = fileProject();
});
afterEach(() => fp.cleanup());

const live = () => new AbortController().signal;
const states = (views: { id: string; state: string }[], id: string) => views.filter((v) => v.id === id).map((v) => v.state);

function setup(answers: Parameters<typeof scriptedPrompter>[0] = []) {
  const prompter = scriptedPrompter(answers);
  const tools = [ReadTool, EditTool, WriteTool];
  const h = harness({ tools, prompter, ctx: { ...fp.ctx, tools, fileState: createFileStateCache() } });
  return { h, prompter, run: createRunToolUse(h.deps) };
}

describe('file tools in the pipeline', () => {
  it('TL3/PL4 Read inside the project runs without a prompt; Read outside asks, naming the path', async () => {
    const f = fp.put('src/a.ts', 'const a = 1;\n');
    const { h, prompter, run } = setup([{ decision: 'deny' }]);
    const ok = await run(toolUse('r1', 'Read', { file_path: f }), live(), () => undefined);
    expect(ok).toMatchObject({ state: 'succeeded', content: '     1\tconst a = 1;' });
    expect(states(h.views, 'r1')).toEqual(['validating', 'running', 'succeeded']);
    const out = await run(toolUse('r2', 'Read', { file_path: '/etc/hostname' }), live(), () => undefined);
    expect(out.state).toBe('rejected');
    expect(prompter.requests).toHaveLength(1);
    expect(prompter.requests[0]!.message).toContain('/etc/hostname');
  });

  it('TL1 a device path fails with its code before any prompt', async () => {
    const { prompter, run } = setup();
    const out = await run(toolUse('r1', 'Read', { file_path: '/dev/zero' }), live(), () => undefined);
    expect(out).toMatchObject({ state: 'failed', isError: true });
    expect(out.content).toContain('/dev/zero');
    expect(prompter.requests).toHaveLength(0);
  });

  it('TL2 Edit before Read fails (code 6 text); after Read it is asked for and applied; TC5 absolute path in the view', async () => {
    const f = fp.put('src/b.ts', 'let x = 1;\n');
    const { h, prompter, run } = setup([{ decision: 'allow_once' }]);
    const rel = 'src/b.ts';
    const before = await run(toolUse('e1', 'Edit', { file_path: rel, old_string: '1', new_string: '2' }), live(), () => undefined);
    expect(before).toMatchObject({ state: 'failed', content: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>' });
    await run(toolUse('r1', 'Read', { file_path: f }), live(), () => undefined);
    const input = { file_path: rel, old_string: '1', new_string: '2' };
    const after = await run(toolUse('e2', 'Edit', input), live(), () => undefined);
    expect(after.state).toBe('succeeded');
    expect(readFileSync(f, 'utf8')).toBe('let x = 2;\n');
    expect(prompter.requests.map((r) => r.toolName)).toEqual(['Edit']);
    expect(prompter.requests[0]!.input).toMatchObject({ file_path: f });
    expect(input.file_path).toBe(rel);
    const view = h.views.filter((v) => v.id === 'e2').at(-1)!;
    expect(view).toMatchObject({ userFacingName: 'Update', input: { file_path: f }, result: { isError: false } });
    expect((view.result!.data as { structuredPatch: unknown[] }).structuredPatch).toHaveLength(1);
  });

  it('PL6 Read stays under its own limit (never persisted); Write is destructive only when overwriting', async () => {
    const f = fp.put('big.txt', `${'z'.repeat(150)}\n`.repeat(1200));
    const { h, prompter, run } = setup([{ decision: 'allow_once' }]);
    const out = await run(toolUse('r1', 'Read', { file_path: f }), live(), () => undefined);
    // ~190K characters: over the default 50K and Bash's 100K limits, under Read's own.
    expect(out.state).toBe('succeeded');
    expect(typeof out.content === 'string' && out.content.length).toBeGreaterThan(180_000);
    expect(out.persistedPath).toBeUndefined();
    expect(h.persister.order).toEqual([]);
    await run(toolUse('w1', 'Write', { file_path: f, content: 'short\n' }), live(), () => undefined);
    expect(prompter.requests[0]).toMatchObject({ toolName: 'Write', destructive: true });
  });
});
