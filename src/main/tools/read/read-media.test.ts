// Read on images (sharp-generated: small ones pass through, oversized ones are downscaled), PDFs
// (a hand-made PDF: pages and page ranges, encrypted and broken files) and notebooks (cells, outputs).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadOutput } from '../../../shared/tools/read';
import { fileProject, runTool, textOf, type FileProject } from '../fs-common/test-support';
import { ReadTool } from './read.tool';
import { makePdf } from './test-pdf';

let fp: FileProject;
beforeEach(() => {
  fp = fileProject();
});
afterEach(() => fp.cleanup());

const read = (input: Record<string, unknown>) => runTool<ReadOutput>(ReadTool, input, fp.ctx);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png().toBuffer();

describe('Read: images', () => {
  it('a small PNG comes back unchanged as an image block', async () => {
    const bytes = await png(40, 20);
    const f = fp.put('small.png', bytes);
    const r = await read({ file_path: f });
    if (!r.ok) throw new Error(r.message);
    expect(r.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: bytes.toString('base64') } }]);
    expect(r.data).toMatchObject({ type: 'image', file: { width: 40, height: 20, resized: false, originalSize: bytes.length } });
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: true, kind: 'read' });
  });

  it('an oversized image is downscaled to at most 1568 px on the long side, keeping the aspect ratio', async () => {
    const f = fp.put('huge.png', await png(4000, 1000));
    const r = await read({ file_path: f });
    if (!r.ok) throw new Error(r.message);
    expect(r.data).toMatchObject({ type: 'image', file: { width: 1568, height: 392, originalWidth: 4000, originalHeight: 1000, resized: true } });
    const blocks = r.content as Array<{ type: string; source?: { data: string; media_type: string } }>;
    const meta = await sharp(Buffer.from(blocks[0]!.source!.data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1568, 392]);
    expect(textOf(r.content)).toContain('downscaled from 4000x1000 to 1568x392');
  });

  it('an image within 1568 px but over 3.75 MB is re-encoded until it fits', async () => {
    // Random pixels: PNG cannot compress them, so only a lossy re-encode fits.
    const noise = randomBytes(1150 * 1150 * 3);
    const bytes = await sharp(noise, { raw: { width: 1150, height: 1150, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(bytes.length).toBeGreaterThan(3.75 * 1024 * 1024);
    const r = await read({ file_path: fp.put('noise.png', bytes) });
    if (!r.ok) throw new Error(r.message);
    const file = (r.data as Extract<ReadOutput, { type: 'image' }>).file;
    expect(file).toMatchObject({ resized: true, mediaType: 'image/jpeg', width: 1150, height: 1150 });
    expect(Buffer.from(file.base64, 'base64').length).toBeLessThanOrEqual(3.75 * 1024 * 1024);
  });

  it('the media type comes from the bytes: a JPEG named .png is sent as image/jpeg', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const r = await read({ file_path: fp.put('liar.png', jpeg) });
    if (!r.ok) throw new Error(r.message);
    expect(r.data).toMatchObject({ file: { mediaType: 'image/jpeg' } });
  });

  it('a corrupt or empty image fails with a plain message', async () => {
    const bad = await read({ file_path: fp.put('bad.webp', 'definitely not webp') });
    expect(bad).toMatchObject({ ok: false, stage: 'call' });
    expect(!bad.ok && bad.message).toContain('could not be decoded');
    const empty = await read({ file_path: fp.put('empty.gif', '') });
    expect(!empty.ok && empty.message).toContain('is empty');
  });
});

describe('Read: PDF', () => {
  it('returns the text of every page, marked by page', async () => {
    const f = fp.put('doc.pdf', makePdf(['Hello page one', 'Second page here']));
    const r = await read({ file_path: f });
    if (!r.ok) throw new Error(r.message);
    expect(r.data).toMatchObject({ type: 'pdf', file: { totalPages: 2, pages: [{ page: 1, text: 'Hello page one' }, { page: 2, text: 'Second page here' }] } });
    expect(textOf(r.content)).toBe('--- Page 1 of 2 ---\nHello page one\n\n--- Page 2 of 2 ---\nSecond page here');
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: true });
  });

  it('reads page ranges ("2", "2-3", "1,3"); a page past the end fails', async () => {
    const f = fp.put('three.pdf', makePdf(['P one', 'P two', 'P three']));
    const pages = async (spec: string) => {
      const r = await read({ file_path: f, pages: spec });
      if (!r.ok) throw new Error(r.message);
      return (r.data as Extract<ReadOutput, { type: 'pdf' }>).file.pages.map((p) => p.text);
    };
    expect(await pages('2')).toEqual(['P two']);
    expect(await pages('2-3')).toEqual(['P two', 'P three']);
    expect(await pages('1,3')).toEqual(['P one', 'P three']);
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: false, pages: '1,3' });
    const past = await read({ file_path: f, pages: '3-5' });
    expect(!past.ok && past.message).toContain('has 3 pages; page 4 does not exist');
  });

  it('invalid or too wide page specs are refused in validation', async () => {
    const f = fp.put('x.pdf', makePdf(['a']));
    expect(await read({ file_path: f, pages: 'first' })).toMatchObject({ ok: false, stage: 'validate', errorCode: 3 });
    expect(await read({ file_path: f, pages: '3-1' })).toMatchObject({ ok: false, stage: 'validate', errorCode: 3 });
    expect(await read({ file_path: f, pages: '1-21' })).toMatchObject({ ok: false, stage: 'validate', errorCode: 3 });
  });

  it('a PDF over 20 pages needs pages', async () => {
    const f = fp.put('long.pdf', makePdf(Array.from({ length: 21 }, (_, i) => `page ${i + 1}`)));
    const r = await read({ file_path: f });
    expect(!r.ok && r.message).toContain('This PDF has 21 pages, which is too many to read at once');
    const ok = await read({ file_path: f, pages: '21' });
    expect(ok.ok && textOf(ok.content)).toBe('--- Page 21 of 21 ---\npage 21');
  });

  it('encrypted and broken PDFs fail clearly', async () => {
    const enc = await read({ file_path: fp.put('locked.pdf', makePdf(['secret'], { encrypted: true })) });
    expect(!enc.ok && enc.message).toContain('is encrypted (password-protected)');
    const broken = await read({ file_path: fp.put('broken.pdf', '%PDF-1.4\nthis is not a pdf body') });
    expect(!broken.ok && broken.message).toMatch(/could not be read: it looks damaged or is not a PDF/);
  });
});

describe('Read: notebooks', () => {
  const nb = {
    cells: [
      { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Title\n', 'Some text'] },
      {
        cell_type: 'code',
        execution_count: 3,
        id: 'calc',
        metadata: {},
        outputs: [
          { output_type: 'stream', name: 'stdout', text: ['hello\n'] },
          { output_type: 'execute_result', execution_count: 3, data: { 'text/plain': ['42'] }, metadata: {} },
          { output_type: 'display_data', data: { 'image/png': 'iVBORw0KGgo=\n', 'text/plain': ['<Figure>'] }, metadata: {} },
          { output_type: 'error', ename: 'ValueError', evalue: 'bad', traceback: ['\u001b[0;31mValueError\u001b[0m: bad'] },
        ],
        source: 'print("hello")\n6*7',
      },
    ],
    metadata: { language_info: { name: 'python' } },
    nbformat: 4,
    nbformat_minor: 5,
  };

  it('returns every cell with its id, source and outputs (text as text, images as image blocks)', async () => {
    const f = fp.put('a.ipynb', JSON.stringify(nb, null, 1));
    const r = await read({ file_path: f });
    if (!r.ok) throw new Error(r.message);
    expect(r.data).toMatchObject({
      type: 'notebook',
      file: {
        language: 'python',
        cells: [
          { cellId: 'intro', cellType: 'markdown', source: '# Title\nSome text', outputs: [] },
          {
            cellId: 'calc',
            cellType: 'code',
            executionCount: 3,
            outputs: [
              { type: 'text', text: 'hello\n' },
              { type: 'text', text: '42' },
              { type: 'text', text: '<Figure>' },
              { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
              { type: 'text', text: 'ValueError: bad' },
            ],
          },
        ],
      },
    });
    const blocks = r.content as Array<{ type: string; text?: string }>;
    expect(blocks.map((b) => b.type)).toEqual(['text', 'image', 'text']);
    expect(blocks[0]!.text).toContain('<cell id="intro"><cell_type>markdown</cell_type># Title\nSome text</cell id="intro">');
    expect(blocks[0]!.text).toContain('<cell id="calc">print("hello")\n6*7</cell id="calc">\nhello\n');
    expect(fp.ctx.fileState!.get(f)).toMatchObject({ full: true });
  });

  it('cells without ids are named cell-N; invalid JSON fails clearly', async () => {
    const old = { cells: [{ cell_type: 'code', source: 'x = 1', outputs: [], metadata: {} }], metadata: {}, nbformat: 4, nbformat_minor: 2 };
    const r = await read({ file_path: fp.put('old.ipynb', JSON.stringify(old)) });
    expect(r.ok && r.data).toMatchObject({ file: { cells: [{ cellId: 'cell-0' }] } });
    const bad = await read({ file_path: fp.put('bad.ipynb', '{"cells": [') });
    expect(!bad.ok && bad.message).toContain('not valid JSON');
  });
});
