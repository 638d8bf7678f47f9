import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeCtx, makeTool } from './test-helpers';
import { parseInput, validateToolInput } from './validate';

const ctx = makeCtx([]);

describe('PL2 validation', () => {
  it('the same input object is parsed once per tool (the executor asks first, the pipeline reuses it); another object is parsed again', () => {
    let parses = 0;
    const schema = z.object({ n: z.coerce.number() }).transform((v) => {
      parses++;
      return v;
    });
    const t = makeTool({ name: 'Count', inputSchema: () => schema });
    const other = makeTool({ name: 'Other', inputSchema: () => schema });
    const raw = { n: '1' };
    expect(parseInput(t, raw)).toEqual({ ok: true, input: { n: 1 } });
    expect(parseInput(t, raw)).toEqual({ ok: true, input: { n: 1 } });
    expect(parses).toBe(1);
    parseInput(other, raw);
    parseInput(t, { n: '1' });
    expect(parses).toBe(3);
    // A failure is remembered as well: the same answer, not a second parse.
    const bad = { n: 'x' };
    expect(parseInput(t, bad).ok).toBe(false);
    expect(parseInput(t, bad)).toBe(parseInput(t, bad));
  });

  it('coerces through the schema: z.coerce.number() turns "5" into 5', async () => {
    const t = makeTool({ name: 'Sleep', inputSchema: () => z.object({ seconds: z.coerce.number() }) });
    expect(await validateToolInput(t, { seconds: '5' }, ctx)).toEqual({ ok: true, input: { seconds: 5 } });
  });

  it('coerces through the schema: a z.preprocess pre-coercion turns "true" into true and "5" into 5', async () => {
    const semanticBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
    const semanticNumber = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), z.number());
    const t = makeTool({ name: 'Run', inputSchema: () => z.object({ background: semanticBoolean, limit: semanticNumber }) });
    expect(await validateToolInput(t, { background: 'true', limit: '5' }, ctx)).toEqual({ ok: true, input: { background: true, limit: 5 } });
    // Not a number after all: the schema still rejects it.
    const bad = await validateToolInput(t, { background: 'true', limit: 'five' }, ctx);
    expect(bad.ok).toBe(false);
  });

  it('a schema failure is a <tool_use_error> naming each issue (failed, nothing thrown)', async () => {
    const t = makeTool({ name: 'Read', inputSchema: () => z.object({ file_path: z.string(), limit: z.number().optional() }) });
    const r = await validateToolInput(t, { limit: 'x' }, ctx);
    expect(r).toMatchObject({ ok: false, state: 'failed', code: 'invalid_input' });
    if (r.ok) return;
    expect(r.content.startsWith('<tool_use_error>InputValidationError: Read failed due to the following issues:')).toBe(true);
    expect(r.content).toContain('The required parameter `file_path` is missing');
    expect(r.content).toContain('The parameter `limit` type is expected as `number` but provided as `string`');
    expect(r.content.endsWith('</tool_use_error>')).toBe(true);
  });

  it('validateInput {result:false, errorCode} fails with its message and keeps the code', async () => {
    const t = makeTool({ name: 'Write', validateInput: () => ({ result: false, message: 'File has not been read yet. Read it first before writing.', errorCode: 6 }) });
    expect(await validateToolInput(t, { text: 'x' }, ctx)).toEqual({
      ok: false,
      state: 'failed',
      code: 'validation_failed',
      errorCode: 6,
      content: '<tool_use_error>File has not been read yet. Read it first before writing.</tool_use_error>',
    });
  });

  it("validateInput behavior:'ask' passes with the message for the permission prompt", async () => {
    const t = makeTool({ name: 'Write', validateInput: () => ({ result: false, message: 'Overwrite a file outside the project?', behavior: 'ask' }) });
    expect(await validateToolInput(t, { text: 'x' }, ctx)).toEqual({ ok: true, input: { text: 'x' }, ask: 'Overwrite a file outside the project?' });
  });

  it('validateInput runs only after the schema passed, and a throw there is a failure', async () => {
    let called = 0;
    const t = makeTool({
      name: 'X',
      validateInput: () => {
        called++;
        throw new Error('boom');
      },
    });
    expect((await validateToolInput(t, { nope: 1 }, ctx)).ok).toBe(false);
    expect(called).toBe(0);
    expect(await validateToolInput(t, { text: 'a' }, ctx)).toMatchObject({ ok: false, state: 'failed', content: '<tool_use_error>Error: boom</tool_use_error>' });
  });
});
