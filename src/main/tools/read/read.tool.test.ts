// Read on text files (TL1, TL3): cat -n lines, offset/limit, long lines, empty and short files,
// missing files with "did you mean", directories, devices, binaries, the U+202F retry, the
// file_unchanged stub, size limits, encodings, and Read's permission/observable-input behaviour.
import { spawnSync } from 'node:child_process';
import { appendFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_UNCHANGED_STUB, type ReadOutput } from '../../../shared/tools/read';
import { fileProject, runTool, textOf, type FileProject } from '../fs-common/test-support';
import { createReadTool, ReadTool } from './read.tool';

let fp: FileProject;
beforeEach(() => {
  fp = fileProject();
});
afterEach(() => fp.cleanup());

const read = (input: Record<string, unknown>) => runTool<ReadOutput>(ReadTool, input, fp.ctx);
const okText = async (input: Record<string, unknown>) => {
  const r = await read(input);
  if (!r.ok) throw new Error(`expected success, got ${r.stage}: ${r.message}`);
  return { ...r, text: textOf(r.content) };
};
const failure = async (input: Record<string, unknown>) => {
  const r = await read(input);
  if (r.ok) throw new Error('expected a failure');
  return r;
};

describe('Read: text (TL1)', () => {
  it('returns cat -n lines: right-aligned number, a tab, the line; CRLF shown without \\r', async () => {
    const f = fp.put('a.txt', 'alpha\r\n\tbeta\r\ngamma');
    const r = await okText({ file_path: f });
    expect(r.text).toBe('     1\talpha\n     2\t\tbeta\n     3\tgamma');
    expect(r.data).toMatchObject({ type: 'text', file: { filePath: f, startLine: 1, numLines: 3, totalLines: 3 } });
  });

  it('offset (1-based) and limit select a range, with a note saying where the rest is', async () => {
    const f = fp.put('n.txt', Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    const r = await okText({ file_path: f, offset: 4, limit: 3 });
    expect(r.text.split('\n').slice(0, 3)).toEqual(['     4\tline 4', '     5\tline 5', '     6\tline 6']);
    expect(r.text).toContain('Showing lines 4-6 of 10. Use offset=7 to read on.');
    expect(r.data).toMatchObject({ file: { startLine: 4, numLines: 3, totalLines: 10 } });
  });

  it('defaults to 2000 lines', async () => {
    const f = fp.put('long.txt', Array.from({ length: 2500 }, (_, i) => `${i + 1}`).join('\n'));
    const r = await okText({ file_path: f });
    expect(r.data).toMatchObject({ file: { numLines: 2000, totalLines: 2500 } });
    expect(r.text).toContain('Showing lines 1-2000 of 2500.');
  });

  it('cuts lines over 2000 characters with a marker', async () => {
    const f = fp.put('wide.txt', `${'x'.repeat(5000)}\nshort\n`);
    const r = await okText({ file_path: f });
    const first = r.text.split('\n')[0]!;
    expect(first).toBe(`     1\t${'x'.repeat(2000)}… [line truncated: 5000 characters in all]`);
    expect(r.data).toMatchObject({ file: { truncatedLines: 1 } });
  });

  it('an empty file says so', async () => {
    const r = await okText({ file_path: fp.put('empty.txt', '') });
    expect(r.text).toContain('The file exists but is empty.');
  });

  it('an offset past the end says how long the file is', async () => {
    const r = await okText({ file_path: fp.put('s.txt', 'a\nb\n'), offset: 10 });
    expect(r.text).toContain('shorter than the provided offset (10). The file has 2 lines.');
  });

  it('a missing file fails with similar names from the same folder and the cwd', async () => {
    fp.put('src/config.ts', 'x');
    fp.put('src/config.test.ts', 'x');
    const r = await failure({ file_path: fp.p('src/confg.ts') });
    expect(r.stage).toBe('call');
    expect(r.message).toContain(`File does not exist: ${fp.p('src/confg.ts')}.`);
    expect(r.message).toContain(`Did you mean ${fp.p('src/config.ts')}`);
    expect(r.message).toContain(`Current working directory: ${fp.dir}`);
  });

  it('a directory fails, pointing to ls / Glob', async () => {
    fp.put('d/x.txt', 'x');
    const r = await failure({ file_path: fp.p('d') });
    expect(r.message).toMatch(/is a directory.*`ls`.*Glob/);
  });

  it('TL1 device paths are refused in validation, before anything touches them', async () => {
    for (const p of ['/dev/zero', '/dev/random', '/dev/urandom', '/dev/full', '/dev/stdin', '/dev/tty', '/dev/console', '/dev/stdout', '/dev/stderr', '/dev/fd/0', '/proc/self/fd/1']) {
      const r = await failure({ file_path: p });
      expect(r, p).toMatchObject({ stage: 'validate', errorCode: 1 });
    }
  });

  it('TL1 a FIFO (would block forever) and a link to /dev/zero are refused after stat, without opening', async () => {
    const fifo = fp.p('pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect((await failure({ file_path: fifo })).message).toContain('not a regular file');
    const link = fp.p('zero-link');
    spawnSync('ln', ['-s', '/dev/zero', link]);
    expect((await failure({ file_path: link })).message).toContain('not a regular file');
  });

  it('binary files are refused clearly: by extension in validation, by NUL bytes in call', async () => {
    const byExt = await failure({ file_path: fp.put('a.zip', 'PK') });
    expect(byExt).toMatchObject({ stage: 'validate', errorCode: 2 });
    expect(byExt.message).toMatch(/^This is a binary file \(\.zip\)/);
    const byContent = await failure({ file_path: fp.put('blob.txt', Buffer.from([1, 2, 0, 3, 4])) });
    expect(byContent).toMatchObject({ stage: 'call' });
    expect(byContent.message).toMatch(/^This is a binary file/);
  });

  it('UTF-16 (BOM) text is decoded, not called binary', async () => {
    const f = fp.put('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\r\nwörld\r\n', 'utf16le')]));
    expect((await okText({ file_path: f })).text).toBe('     1\théllo\n     2\twörld');
  });

  it('Latin-1 bytes are shown as Latin-1 (as Edit will read them)', async () => {
    const f = fp.put('l1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect((await okText({ file_path: f })).text).toBe('     1\tcafé');
  });

  it('TL1 the macOS screenshot name: a plain space before AM/PM finds the U+202F file, and vice versa', async () => {
    const narrow = fp.put('Screenshot 2024-05-01 at 10.15.30\u202fAM.png', Buffer.from('not really a png'));
    const r = await failure({ file_path: fp.p('Screenshot 2024-05-01 at 10.15.30 AM.png') });
    // It found the U+202F file (and then failed to decode it as an image), rather than "does not exist".
    expect(r.message).toContain('could not be decoded');
    expect(r.message).toContain(narrow);
    const plain = fp.put('Shot 9.00.00 PM.txt', 'evening');
    const r2 = await okText({ file_path: fp.p('Shot 9.00.00\u202fPM.txt') });
    expect(r2.text).toContain('evening');
    expect(r2.text).toContain('the space before AM/PM differs');
    expect(r2.data).toMatchObject({ file: { filePath: plain } });
  });
});

describe('Read: the file_unchanged stub (TL1)', () => {
  it('the same range of an unchanged file returns the stub; another range or a change returns content', async () => {
    const f = fp.put('s.ts', 'one\ntwo\nthree\n');
    await okText({ file_path: f });
    const again = await okText({ file_path: f });
    expect(again.data).toEqual({ type: 'file_unchanged', file: { filePath: f } });
    expect(again.text).toBe(FILE_UNCHANGED_STUB);
    expect((await okText({ file_path: f, offset: 2 })).text).toContain('two');
    expect((await okText({ file_path: f, offset: 2 })).data.type).toBe('file_unchanged');
    appendFileSync(f, 'four\n');
    expect((await okText({ file_path: f, offset: 2 })).text).toContain('four');
  });

  it('a touched mtime (same content) is a change for the stub: content is sent again', async () => {
    const f = fp.put('t.ts', 'x\n');
    await okText({ file_path: f });
    utimesSync(f, new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect((await okText({ file_path: f })).data.type).toBe('text');
  });

  it('after the model wrote a file itself, a Read returns the content (no stub)', async () => {
    const f = fp.put('w.ts', 'x\n');
    await okText({ file_path: f });
    const rec = fp.ctx.fileState!.get(f)!;
    fp.ctx.fileState!.set(f, { ...rec, kind: 'write' });
    expect((await okText({ file_path: f })).data.type).toBe('text');
  });

  it('without a read cache every read returns content', async () => {
    const f = fp.put('n.ts', 'x\n');
    delete fp.ctx.fileState;
    await okText({ file_path: f });
    expect((await okText({ file_path: f })).data.type).toBe('text');
  });
});

describe('Read: size limits and the read cache', () => {
  it('a file over 256 KB must be read in parts (offset/limit); a range whose text is too large is refused', async () => {
    const big = fp.put('big.log', `${'y'.repeat(99)}\n`.repeat(3000));
    const r = await failure({ file_path: big });
    expect(r.message).toMatch(/File content \(293 KB\) exceeds maximum allowed size \(256 KB\).*offset and limit/);
    expect((await okText({ file_path: big, offset: 2990, limit: 20 })).data).toMatchObject({ file: { numLines: 11, totalLines: 3000 } });
    expect((await okText({ file_path: big, offset: 2999 })).data).toMatchObject({ file: { startLine: 2999, numLines: 2 } });
    const small = createReadTool({ maxFileBytesWithoutLimit: 256 * 1024, maxOutputChars: 500 });
    const tooWide = await runTool(small, { file_path: big, limit: 100 }, fp.ctx);
    expect(tooWide).toMatchObject({ ok: false, stage: 'call' });
    expect(!tooWide.ok && tooWide.message).toContain('The requested range is too large');
  });

  it('records what was read: a partial read is partial; reading on in ranges makes it full', async () => {
    const f = fp.put('r.txt', Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n'));
    await okText({ file_path: f, limit: 10 });
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: false, ranges: [[1, 10]], totalLines: 30, limit: 10, kind: 'read' });
    await okText({ file_path: f, offset: 11, limit: 100 });
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: true, ranges: [[1, 30]] });
  });
});

describe('Read: tool contract (TL3, TC5)', () => {
  it('TL3 is read-only and concurrency-safe; never destructive', () => {
    const input = { file_path: '/x' };
    expect([ReadTool.isReadOnly(input), ReadTool.isConcurrencySafe(input), ReadTool.isDestructive(input)]).toEqual([true, true, false]);
  });

  it('TC5 backfillObservableInput returns a new object with an absolute path; the model input is unchanged', () => {
    const input = { file_path: 'src/a.ts', limit: 5 };
    const shown = ReadTool.backfillObservableInput(input, fp.ctx);
    expect(shown).not.toBe(input);
    expect(shown).toEqual({ file_path: path.join(fp.dir, 'src/a.ts'), limit: 5 });
    expect(input).toEqual({ file_path: 'src/a.ts', limit: 5 });
  });

  it('permissions: allow inside the working directories, ask outside naming the path', async () => {
    expect((await ReadTool.checkPermissions({ file_path: fp.p('a.ts') }, fp.ctx)).behavior).toBe('allow');
    const outside = await ReadTool.checkPermissions({ file_path: '/etc/hostname' }, fp.ctx);
    expect(outside).toMatchObject({ behavior: 'ask', message: expect.stringContaining('/etc/hostname') });
  });

  it('PL2 quoted numbers are accepted; pages on a non-PDF is refused', async () => {
    const f = fp.put('q.txt', 'a\nb\nc\n');
    expect((await okText({ file_path: f, offset: '2', limit: '1' })).text.split('\n')[0]).toBe('     2\tb');
    expect(await failure({ file_path: f, pages: '1-2' })).toMatchObject({ stage: 'validate', errorCode: 3 });
  });
});

