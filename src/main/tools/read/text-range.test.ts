// readTextRange (TL1): a small file read whole and the same file streamed give the same lines, counts,
// hash and encoding, whatever the bytes (CRLF, BOMs, UTF-16, invalid UTF-8, long lines, binary).
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_WHOLE_MAX_BYTES, readTextRange, type TextRangeOptions } from './text-range';

const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-text-range-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CASES: Array<[string, Buffer]> = [
  ['LF lines', Buffer.from('one\ntwo\nthree\n')],
  ['CRLF without a final newline', Buffer.from('one\r\ntwo\r\nthree')],
  ['UTF-8 BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\nwörld\n')])],
  ['UTF-16LE BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\nb\n', 'utf16le')])],
  ['invalid UTF-8 (read as Latin-1)', Buffer.from([0x61, 0xe9, 0x0a, 0x62, 0x0a])],
  ['a long line', Buffer.from(`${'x'.repeat(5000)}\nshort\n`)],
  ['binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x00, 0x01, 0x02])],
  ['empty', Buffer.alloc(0)],
];

const opts: TextRangeOptions = { startLine: 2, maxLines: 2, maxLineChars: 100, maxOutputChars: 10_000 };

describe('readTextRange: read whole or streamed (TL1)', () => {
  it.each(CASES)('TL1 %s: the same result both ways', async (name, bytes) => {
    const file = path.join(dir, name.replace(/\W+/g, '-'));
    writeFileSync(file, bytes);
    const size = statSync(file).size;
    expect(size).toBeLessThanOrEqual(READ_WHOLE_MAX_BYTES);
    const whole = await readTextRange(file, { ...opts, size });
    const streamed = await readTextRange(file, opts);
    expect(whole).toEqual(streamed);
    for (const start of [1, 3]) {
      expect(await readTextRange(file, { ...opts, startLine: start, size })).toEqual(await readTextRange(file, { ...opts, startLine: start }));
    }
  });

  it('TL1 a file above the whole-read size streams (lines past the first chunk are found)', async () => {
    const file = path.join(dir, 'big.txt');
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i + 1}`);
    writeFileSync(file, lines.join('\n') + '\n');
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(READ_WHOLE_MAX_BYTES);
    const r = await readTextRange(file, { ...opts, startLine: 39_999, size });
    expect(r).toMatchObject({ binary: false, lines: ['line 39999', 'line 40000'], totalLines: 40_000 });
  });
});
