import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESULT_SIZE_CHARS, effectiveResultLimit, MAX_TOOL_RESULT_CHARS } from './limits';
import { mapToolResult } from './map-result';
import { fsResultPersister, persistedResultPath } from './persist';
import { makeTool, memoryPersister } from './test-helpers';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** Numbered lines, so a preview cut and the saved file can be checked exactly. */
function bigText(chars: number): string {
  let s = '';
  for (let i = 0; s.length < chars; i++) s += `line ${i} ${'x'.repeat(60)}\n`;
  return s.slice(0, chars);
}

describe('PL6 map result and size limits', () => {
  it('the limits: 50,000 default; a tool limit never above 100,000 tokens (~400,000 chars)', () => {
    expect(DEFAULT_MAX_RESULT_SIZE_CHARS).toBe(50_000);
    expect(MAX_TOOL_RESULT_CHARS).toBe(400_000);
    expect(effectiveResultLimit(100_000)).toBe(100_000);
    expect(effectiveResultLimit(Infinity)).toBe(400_000);
    expect(effectiveResultLimit(0)).toBe(50_000);
  });

  it('a result within the limit passes through mapResult untouched', async () => {
    const tool = makeTool({ name: 'T', mapResult: (o: string) => ({ content: `<${o}>`, isError: false }) });
    expect(await mapToolResult({ tool, output: 'hi', toolUseId: 'tu1', dir: '/r', persister: memoryPersister() })).toEqual({ ok: true, content: '<hi>', isError: false });
  });

  it('a large result is saved WHOLE to <toolResultsDir>/<id>.txt; the model gets preview + path + size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pl6-'));
    dirs.push(dir);
    const full = bigText(120_000);
    const tool = makeTool({ name: 'Bash', maxResultSizeChars: 100_000 });
    const r = await mapToolResult({ tool, output: full, toolUseId: 'toolu_01', dir, persister: fsResultPersister });
    const path = join(dir, 'toolu_01.txt');
    expect(r).toMatchObject({ ok: true, persistedPath: path, isError: false });
    expect(await readFile(path, 'utf8')).toBe(full);
    const text = r.ok ? (r.content as string) : '';
    expect(text).toContain(`The full output was saved to: ${path}`);
    expect(text).toContain('Output too large (120,000 characters)');
    expect(text).toContain('Use Read with offset/limit to see more.');
    // The preview is the start of the output, about 2,000 chars, cut on a line end.
    const preview = text.split('characters):\n')[1]!.replace(/\n<\/persisted-output>$/, '');
    expect(full.startsWith(preview)).toBe(true);
    expect(preview.length).toBeGreaterThan(1_600);
    expect(preview.length).toBeLessThanOrEqual(2_000);
    expect(text.length).toBeLessThan(2_500);
  });

  it('a tool limit above the absolute cap is capped', async () => {
    const p = memoryPersister();
    const tool = makeTool({ name: 'Huge', maxResultSizeChars: 10_000_000 });
    const full = 'y'.repeat(MAX_TOOL_RESULT_CHARS + 1);
    const r = await mapToolResult({ tool, output: full, toolUseId: 'u', dir: '/r', persister: p });
    expect(r.ok && r.persistedPath).toBe(persistedResultPath('/r', 'u'));
    expect(p.files.get(persistedResultPath('/r', 'u'))).toBe(full);
  });

  it('text blocks are persisted together; image blocks stay inline', async () => {
    const p = memoryPersister();
    const image = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png', data: 'AAAA' } };
    const tool = makeTool({
      name: 'Mcp',
      mapResult: () => ({ content: [{ type: 'text', text: 'a'.repeat(30_000) }, image, { type: 'text', text: 'b'.repeat(30_000) }] }),
    });
    const r = await mapToolResult({ tool, output: null, toolUseId: 'u2', dir: '/r', persister: p });
    expect(p.files.get('/r/u2.txt')).toBe(`${'a'.repeat(30_000)}\n${'b'.repeat(30_000)}`);
    expect(r.ok && Array.isArray(r.content) && r.content.map((b) => b.type)).toEqual(['text', 'image']);
  });

  it('an id cannot escape the folder; a failed write truncates instead of flooding the model', async () => {
    expect(persistedResultPath('/r', '../../etc/passwd')).toBe('/r/______etc_passwd.txt');
    const failing = { save: async () => Promise.reject(Object.assign(new Error('disk full /x'), { code: 'ENOSPC' })) };
    const tool = makeTool({ name: 'T' });
    const r = await mapToolResult({ tool, output: 'z'.repeat(80_000), toolUseId: 'u', dir: '/r', persister: failing });
    expect(r.ok && r.persistedPath).toBeUndefined();
    const text = r.ok ? (r.content as string) : '';
    expect(text).toContain('[Output truncated: 80,000 characters in all; the full output could not be saved (ENOSPC).]');
    expect(text.length).toBeLessThan(30_000);
  });

  it('mapResult throwing or returning junk is a failure, not a crash', async () => {
    const throwing = makeTool({
      name: 'T',
      mapResult: () => {
        throw new Error('bad output');
      },
    });
    expect(await mapToolResult({ tool: throwing, output: 1, toolUseId: 'u', dir: '/r', persister: memoryPersister() })).toMatchObject({ ok: false, content: '<tool_use_error>Error: T could not format its result: bad output</tool_use_error>' });
    const junk = makeTool({ name: 'J', mapResult: () => ({ content: 42 as never }) });
    expect((await mapToolResult({ tool: junk, output: 1, toolUseId: 'u', dir: '/r', persister: memoryPersister() })).ok).toBe(false);
  });
});
