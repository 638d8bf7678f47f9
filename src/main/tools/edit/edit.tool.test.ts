// Edit (TL2, TL3): every error code (1, 3, 4, 5, 6, 7, 8, 9), the byte-identical exception, nearest
// lines quoted for a miss, quote normalisation, replace_all, CRLF/BOM/UTF-16 kept, creation with an
// empty old_string, the structured patch and confirmation, atomicity and diff-first approval.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditOutput } from '../../../shared/tools/edit';
import { nodeAtomicFs } from '../../fs/atomic-write';
import { fileProject, runTool, type FileProject } from '../fs-common/test-support';
import { ReadTool } from '../read/read.tool';
import { createEditTool, EditTool } from './edit.tool';

let fp: FileProject;
beforeEach(() => {
  fp = fileProject();
});
afterEach(() => fp.cleanup());

const edit = (input: Record<string, unknown>, tool = EditTool) => runTool<EditOutput>(tool, input, fp.ctx);
const readWhole = async (file_path: string, extra: Record<string, unknown> = {}) => {
  const r = await runTool(ReadTool, { file_path, ...extra }, fp.ctx);
  if (!r.ok) throw new Error(r.message);
};
/** A file the model has read in full. */
const readFile = async (rel: string, content: string | Buffer) => {
  const f = fp.put(rel, content);
  await readWhole(f);
  return f;
};

describe('Edit: error codes (TL2)', () => {
  it('1: old_string equals new_string', async () => {
    const f = await readFile('a.ts', 'x\n');
    expect(await edit({ file_path: f, old_string: 'x', new_string: 'x' })).toMatchObject({
      ok: false,
      stage: 'validate',
      errorCode: 1,
      message: 'No changes to make: old_string and new_string are exactly the same.',
    });
  });

  it('3: an empty old_string on an existing non-empty file', async () => {
    const f = await readFile('a.ts', 'content\n');
    expect(await edit({ file_path: f, old_string: '', new_string: 'y' })).toMatchObject({ ok: false, errorCode: 3, message: 'Cannot create new file - file already exists.' });
  });

  it('4: a missing file, with similar names', async () => {
    fp.put('src/index.ts', 'x');
    const r = await edit({ file_path: fp.p('src/indx.ts'), old_string: 'a', new_string: 'b' });
    expect(r).toMatchObject({ ok: false, errorCode: 4 });
    expect(!r.ok && r.message).toContain(`Did you mean ${fp.p('src/index.ts')}?`);
  });

  it('5: a notebook is redirected to NotebookEdit', async () => {
    const f = await readFile('n.ipynb', '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}');
    expect(await edit({ file_path: f, old_string: 'cells', new_string: 'x' })).toMatchObject({
      ok: false,
      errorCode: 5,
      message: 'File is a Jupyter Notebook. Use the NotebookEdit to edit this file.',
    });
  });

  it('6: not read, or read only in part', async () => {
    const f = fp.put('a.ts', 'one\ntwo\nthree\n');
    expect(await edit({ file_path: f, old_string: 'two', new_string: '2' })).toMatchObject({ ok: false, errorCode: 6 });
    await readWhole(f, { offset: 2, limit: 1 });
    const partial = await edit({ file_path: f, old_string: 'two', new_string: '2' });
    expect(partial).toMatchObject({ ok: false, errorCode: 6 });
    expect(!partial.ok && partial.message).toContain('File has not been read yet. Read it first before writing to it.');
    // Reading the rest makes it a full read.
    await readWhole(f, { limit: 1 });
    await readWhole(f, { offset: 3 });
    expect((await edit({ file_path: f, old_string: 'two', new_string: '2' })).ok).toBe(true);
  });

  it('7: modified since the read; a touched mtime with identical bytes is fine', async () => {
    const f = await readFile('a.ts', 'let a = 1;\n');
    utimesSync(f, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
    expect((await edit({ file_path: f, old_string: '1', new_string: '2' })).ok).toBe(true);
    writeFileSync(f, 'let a = 3;\n');
    expect(await edit({ file_path: f, old_string: '3', new_string: '4' })).toMatchObject({
      ok: false,
      errorCode: 7,
      message: 'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.',
    });
  });

  it('8: no match — the nearest similar lines are quoted with their line numbers', async () => {
    const f = await readFile(
      'svc.ts',
      ['import x from "x";', '', 'function loadUser(id: string) {', '  return db.users.find(id);', '}', '', 'function saveUser(u: User) {}', ''].join('\n'),
    );
    const r = await edit({ file_path: f, old_string: 'function loadUsr(id: number) {', new_string: 'function loadUser(id: number) {' });
    expect(r).toMatchObject({ ok: false, errorCode: 8 });
    const msg = !r.ok ? r.message : '';
    expect(msg).toMatch(/^String to replace not found in file\.\nString: function loadUsr\(id: number\) \{/);
    expect(msg).toContain('     3\tfunction loadUser(id: string) {');
    expect(msg.indexOf('     3\t')).toBeLessThan(msg.indexOf('     7\t'));
  });

  it('8: multi-line misses quote windows of the same height', async () => {
    const f = await readFile('m.py', 'def f():\n    a = 1\n    return a\n\ndef g():\n    pass\n');
    const r = await edit({ file_path: f, old_string: 'def f():\n  a = 1\n  return a', new_string: 'x' });
    expect(!r.ok && r.message).toContain('     1\tdef f():\n     2\t    a = 1\n     3\t    return a');
  });

  it('9: several matches without replace_all, with the count', async () => {
    const f = await readFile('dup.ts', 'foo();\nfoo();\nbar();\nfoo();\n');
    const r = await edit({ file_path: f, old_string: 'foo();', new_string: 'baz();' });
    expect(r).toMatchObject({ ok: false, errorCode: 9 });
    expect(!r.ok && r.message).toContain('Found 3 matches of the string to replace, but replace_all is false.');
  });
});

describe('Edit: applying', () => {
  it('replaces one occurrence; the confirmation is a cat -n snippet; the patch is structured', async () => {
    const f = await readFile('a.ts', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].join('\n') + '\n');
    const r = await edit({ file_path: f, old_string: 'e', new_string: 'E1\nE2' });
    if (!r.ok) throw new Error(r.message);
    expect(readFileSync(f, 'utf8')).toBe('a\nb\nc\nd\nE1\nE2\nf\ng\nh\ni\n');
    expect(r.data.structuredPatch).toEqual([{ oldStart: 2, oldLines: 7, newStart: 2, newLines: 8, lines: [' b', ' c', ' d', '-e', '+E1', '+E2', ' f', ' g', ' h'] }]);
    expect(r.content).toBe(
      `The file ${f} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n` +
        ['     2\tb', '     3\tc', '     4\td', '     5\tE1', '     6\tE2', '     7\tf', '     8\tg', '     9\th'].join('\n'),
    );
    expect(r.data).toMatchObject({ replacements: 1, originalFile: 'a\nb\nc\nd\ne\nf\ng\nh\ni\n', replaceAll: false });
  });

  it('replace_all replaces every occurrence and says how many', async () => {
    const f = await readFile('r.ts', 'old(); old(); keep(); old();\n');
    const r = await edit({ file_path: f, old_string: 'old', new_string: 'nu', replace_all: true });
    expect(readFileSync(f, 'utf8')).toBe('nu(); nu(); keep(); nu();\n');
    expect(r.ok && r.content).toContain('All 3 occurrences of the string were successfully replaced.');
  });

  it('TL2 quote normalisation: straight quotes in old_string match curly ones; new_string takes the file\'s style', async () => {
    const f = await readFile('q.md', 'He said \u201chello there\u201d and left.\n');
    const r = await edit({ file_path: f, old_string: 'said "hello there"', new_string: 'said "goodbye" and "don\'t"' });
    if (!r.ok) throw new Error(r.message);
    expect(readFileSync(f, 'utf8')).toBe('He said \u201cgoodbye\u201d and \u201cdon\'t\u201d and left.\n');
    expect(r.data.quoteNormalized).toBe(true);
  });

  it('deleting a whole line takes its newline with it', async () => {
    const f = await readFile('d.ts', 'keep1\ndrop me\nkeep2\n');
    await edit({ file_path: f, old_string: 'drop me', new_string: '' });
    expect(readFileSync(f, 'utf8')).toBe('keep1\nkeep2\n');
  });

  it('CRLF file: matched on LF text, written back with CRLF everywhere', async () => {
    const f = await readFile('win.cs', 'class A\r\n{\r\n    int x = 1;\r\n}\r\n');
    const r = await edit({ file_path: f, old_string: '{\n    int x = 1;', new_string: '{\n    int x = 2;\n    int y = 3;' });
    expect(r.ok).toBe(true);
    expect(readFileSync(f, 'utf8')).toBe('class A\r\n{\r\n    int x = 2;\r\n    int y = 3;\r\n}\r\n');
  });

  it('BOM and UTF-16 files keep their encoding and BOM', async () => {
    const bom = await readFile('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name = ä\n')]));
    await edit({ file_path: bom, old_string: 'ä', new_string: 'ö' });
    expect(readFileSync(bom).equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name = ö\n')]))).toBe(true);
    const u16 = await readFile('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('key=value\r\n', 'utf16le')]));
    await edit({ file_path: u16, old_string: 'value', new_string: 'wert' });
    expect(readFileSync(u16).equals(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('key=wert\r\n', 'utf16le')]))).toBe(true);
  });

  it('an empty old_string creates a missing file (no read needed); an empty existing file can be filled', async () => {
    const f = fp.p('pkg/new.ts');
    const r = await edit({ file_path: f, old_string: '', new_string: 'export {};\n' });
    expect(r).toMatchObject({ ok: true, content: `File created successfully at: ${f}` });
    expect(r.ok && r.data).toMatchObject({ originalFile: null, structuredPatch: [{ oldLines: 0, newStart: 1, newLines: 1, lines: ['+export {};'] }] });
    expect(readFileSync(f, 'utf8')).toBe('export {};\n');
    const empty = await readFile('empty.ts', '');
    expect((await edit({ file_path: empty, old_string: '', new_string: 'filled\n' })).ok).toBe(true);
    expect(readFileSync(empty, 'utf8')).toBe('filled\n');
  });

  it('after an edit the model may edit again without re-reading (the cache holds the new bytes)', async () => {
    const f = await readFile('chain.ts', 'a\n');
    await edit({ file_path: f, old_string: 'a', new_string: 'b' });
    expect((await edit({ file_path: f, old_string: 'b', new_string: 'c' })).ok).toBe(true);
    expect(readFileSync(f, 'utf8')).toBe('c\n');
  });

  it('atomic: a failed rename leaves the old content and no temp file', async () => {
    const f = await readFile('keep.ts', 'stable\n');
    const tool = createEditTool({ fs: { ...nodeAtomicFs, rename: () => Promise.reject(new Error('rename failed')) } });
    expect(await edit({ file_path: f, old_string: 'stable', new_string: 'broken' }, tool)).toMatchObject({ ok: false, stage: 'call', message: 'rename failed' });
    expect(readFileSync(f, 'utf8')).toBe('stable\n');
    expect(readdirSync(fp.dir).filter((n) => n.includes('keep.ts'))).toEqual(['keep.ts']);
  });
});

describe('Edit: contract and diff-first approval', () => {
  it('TL3 not read-only, not concurrency-safe; TC5 backfill copies with an absolute path', () => {
    const input = { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: false };
    expect([EditTool.isReadOnly(input), EditTool.isConcurrencySafe(input)]).toEqual([false, false]);
    const shown = EditTool.backfillObservableInput(input, fp.ctx);
    expect(shown).not.toBe(input);
    expect(shown.file_path).toBe(fp.p('a.ts'));
    expect(input.file_path).toBe('a.ts');
  });

  it('describeChange shows old and new content without touching the file; null when the edit would fail', async () => {
    const f = await readFile('c.ts', 'const a = 1;\r\n');
    const mtime = statSync(f).mtimeMs;
    const change = await EditTool.describeChange!({ file_path: f, old_string: '1', new_string: '2', replace_all: false }, fp.ctx);
    expect(change).toEqual({ path: f, kind: 'update', oldContent: 'const a = 1;\n', newContent: 'const a = 2;\n' });
    expect(readFileSync(f, 'utf8')).toBe('const a = 1;\r\n');
    expect(statSync(f).mtimeMs).toBe(mtime);
    expect(await EditTool.describeChange!({ file_path: f, old_string: 'nope', new_string: '2', replace_all: false }, fp.ctx)).toBeNull();
    expect(await EditTool.describeChange!({ file_path: fp.p('fresh.ts'), old_string: '', new_string: 'x', replace_all: false }, fp.ctx)).toEqual({
      path: fp.p('fresh.ts'),
      kind: 'create',
      oldContent: null,
      newContent: 'x',
    });
  });
});
