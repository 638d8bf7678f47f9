// Write (TL2, TL3): creating needs no read; overwriting needs a fresh full read (codes 6, 7, the
// byte-identical exception); the file keeps its mode, line endings, encoding and BOM; atomic; the
// proposed change is computed without touching the file (diff-first approval).
import { chmodSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriteOutput } from '../../../shared/tools/write';
import { nodeAtomicFs } from '../../fs/atomic-write';
import { fileProject, runTool, type FileProject } from '../fs-common/test-support';
import { validateToolInput } from '../pipeline/validate';
import { ReadTool } from '../read/read.tool';
import { createWriteTool, WriteTool } from './write.tool';

let fp: FileProject;
beforeEach(() => {
  fp = fileProject();
});
afterEach(() => fp.cleanup());

const write = (file_path: string, content: string, tool = WriteTool) => runTool<WriteOutput>(tool, { file_path, content }, fp.ctx);
const readWhole = async (file_path: string, extra: Record<string, unknown> = {}) => {
  const r = await runTool(ReadTool, { file_path, ...extra }, fp.ctx);
  if (!r.ok) throw new Error(r.message);
};

describe('Write: create', () => {
  it('creates a new file (and its folders) without a prior read; the model has then "read" it', async () => {
    const f = fp.p('src/new/file.ts');
    const r = await write(f, 'export const x = 1;\n');
    expect(r).toMatchObject({ ok: true, content: `File created successfully at: ${f}` });
    expect(r.ok && r.data).toEqual({ type: 'create', filePath: f, content: 'export const x = 1;\n', originalFile: null, structuredPatch: [] });
    expect(readFileSync(f, 'utf8')).toBe('export const x = 1;\n');
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: true, kind: 'write' });
    // …so it can be overwritten straight away.
    expect((await write(f, 'export const x = 2;\n')).ok).toBe(true);
  });

  it('a new file is written exactly as given (CRLF in the content stays)', async () => {
    const f = fp.p('win.txt');
    await write(f, 'a\r\nb\r\n');
    expect(readFileSync(f, 'utf8')).toBe('a\r\nb\r\n');
  });
});

describe('Write: overwrite rules (TL2)', () => {
  it('TL2 code 6: an existing file not read first', async () => {
    const f = fp.put('a.txt', 'old\n');
    const r = await write(f, 'new\n');
    expect(r).toMatchObject({ ok: false, stage: 'validate', errorCode: 6, message: 'File has not been read yet. Read it first before writing to it.' });
    expect(readFileSync(f, 'utf8')).toBe('old\n');
  });

  it('TL2 code 6: a partial read is not enough', async () => {
    const f = fp.put('p.txt', 'a\nb\nc\n');
    await readWhole(f, { limit: 2 });
    const r = await write(f, 'x\n');
    expect(r).toMatchObject({ ok: false, errorCode: 6 });
    expect(!r.ok && r.message).toContain('File has not been read yet. Read it first before writing to it.');
  });

  it('TL2 code 6 when the context has no read cache at all (fail closed)', async () => {
    const f = fp.put('a.txt', 'old\n');
    await readWhole(f);
    delete fp.ctx.fileState;
    expect(await write(f, 'new\n')).toMatchObject({ ok: false, errorCode: 6 });
  });

  it('TL2 code 7: changed on disk since the read', async () => {
    const f = fp.put('a.txt', 'old\n');
    await readWhole(f);
    writeFileSync(f, 'changed by the user\n');
    const r = await write(f, 'new\n');
    expect(r).toMatchObject({
      ok: false,
      errorCode: 7,
      message: 'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.',
    });
  });

  it('TL2 a touched mtime with byte-identical content is allowed', async () => {
    const f = fp.put('a.txt', 'same\n');
    await readWhole(f);
    utimesSync(f, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    expect((await write(f, 'new\n')).ok).toBe(true);
    expect(readFileSync(f, 'utf8')).toBe('new\n');
  });

  it('the check is repeated at call time: a change during the permission prompt is caught', async () => {
    const f = fp.put('a.txt', 'old\n');
    await readWhole(f);
    const input = WriteTool.inputSchema().parse({ file_path: f, content: 'new\n' });
    expect(await WriteTool.validateInput!(input, fp.ctx)).toEqual({ result: true });
    writeFileSync(f, 'edited meanwhile\n');
    await expect(WriteTool.call(input, fp.ctx, async () => ({ behavior: 'allow' }), 'm', () => undefined)).rejects.toThrow(/modified since read/);
    expect(readFileSync(f, 'utf8')).toBe('edited meanwhile\n');
  });

  it('PL2 the pipeline reports code 6 as a failed <tool_use_error>', async () => {
    const f = fp.put('a.txt', 'old\n');
    const v = await validateToolInput(WriteTool, { file_path: f, content: 'x' }, fp.ctx);
    expect(v).toMatchObject({ ok: false, state: 'failed', errorCode: 6, content: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>' });
  });

  it('a directory is refused', async () => {
    fp.put('d/x', '');
    expect(await write(fp.p('d'), 'x')).toMatchObject({ ok: false, stage: 'validate', errorCode: 10 });
  });
});

describe('Write: keeps the file as it was (format) and is atomic', () => {
  it('CRLF file stays CRLF; BOM stays; mode stays', async () => {
    const f = fp.put('w.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('one\r\ntwo\r\n')]));
    chmodSync(f, 0o640);
    await readWhole(f);
    const r = await write(f, 'uno\ndos\ntres\n');
    expect(r.ok).toBe(true);
    expect(readFileSync(f).equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('uno\r\ndos\r\ntres\r\n')]))).toBe(true);
    expect(statSync(f).mode & 0o777).toBe(0o640);
    expect(r.ok && r.data).toMatchObject({ type: 'update', originalFile: 'one\ntwo\n', content: 'uno\ndos\ntres\n' });
    expect(r.ok && r.data.structuredPatch[0]!.lines).toEqual(['-one', '-two', '+uno', '+dos', '+tres']);
    expect(r.ok && r.content).toBe(`The file ${f} has been updated successfully.`);
  });

  it('a UTF-16 LE file stays UTF-16 LE with its BOM', async () => {
    const f = fp.put('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('alt\n', 'utf16le')]));
    await readWhole(f);
    await write(f, 'neu: ü\n');
    expect(readFileSync(f).equals(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('neu: ü\n', 'utf16le')]))).toBe(true);
  });

  it('atomic: a failure between write and rename leaves the old content intact and no temp file', async () => {
    const f = fp.put('keep.txt', 'precious\n');
    await readWhole(f);
    const tool = createWriteTool({
      fs: { ...nodeAtomicFs, rename: async () => Promise.reject(Object.assign(new Error('power cut'), { code: 'EIO' })) },
    });
    const r = await write(f, 'replacement\n', tool);
    expect(r).toMatchObject({ ok: false, stage: 'call', message: 'power cut' });
    expect(readFileSync(f, 'utf8')).toBe('precious\n');
    expect(readdirSync(path.dirname(f)).filter((n) => n.includes('keep.txt'))).toEqual(['keep.txt']);
    // The cache still describes the old bytes: a retry after the failure is allowed.
    expect((await write(f, 'replacement\n')).ok).toBe(true);
  });
});

describe('Write: contract (TL3, TC5) and diff-first approval', () => {
  it('TL3 not read-only, not concurrency-safe; destructive only when overwriting', () => {
    const f = fp.put('exists.txt', 'x');
    expect(WriteTool.isReadOnly({ file_path: f, content: '' })).toBe(false);
    expect(WriteTool.isConcurrencySafe({ file_path: f, content: '' })).toBe(false);
    expect(WriteTool.isDestructive({ file_path: f, content: '' })).toBe(true);
    expect(WriteTool.isDestructive({ file_path: fp.p('nope.txt'), content: '' })).toBe(false);
  });

  it('TC5 backfillObservableInput: a new object with the absolute path; the input is untouched', () => {
    const input = { file_path: 'rel/x.ts', content: 'c' };
    const shown = WriteTool.backfillObservableInput(input, fp.ctx);
    expect(shown).not.toBe(input);
    expect(shown).toEqual({ file_path: fp.p('rel/x.ts'), content: 'c' });
    expect(input).toEqual({ file_path: 'rel/x.ts', content: 'c' });
  });

  it('permissions: passthrough inside the working directories, ask outside naming the path', async () => {
    expect((await WriteTool.checkPermissions({ file_path: fp.p('a'), content: '' }, fp.ctx)).behavior).toBe('passthrough');
    expect(await WriteTool.checkPermissions({ file_path: '/etc/motd', content: '' }, fp.ctx)).toMatchObject({ behavior: 'ask', message: expect.stringContaining('/etc/motd') });
  });

  it('describeChange: create and update, computed without touching the file; null when it would fail', async () => {
    const created = await WriteTool.describeChange!({ file_path: fp.p('n.txt'), content: 'hello\r\n' }, fp.ctx);
    expect(created).toEqual({ path: fp.p('n.txt'), kind: 'create', oldContent: null, newContent: 'hello\n' });
    expect(readdirSync(fp.dir)).not.toContain('n.txt');
    const f = fp.put('u.txt', 'before\r\n');
    expect(await WriteTool.describeChange!({ file_path: f, content: 'after\n' }, fp.ctx)).toBeNull();
    await readWhole(f);
    const before = statSync(f).mtimeMs;
    expect(await WriteTool.describeChange!({ file_path: f, content: 'after\n' }, fp.ctx)).toEqual({ path: f, kind: 'update', oldContent: 'before\n', newContent: 'after\n' });
    expect(readFileSync(f, 'utf8')).toBe('before\r\n');
    expect(statSync(f).mtimeMs).toBe(before);
  });
});
