// TaskOutput's reader (BA10): each read returns only what is new, bounded, on whole characters.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutputReader } from './output-reader';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const file = () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-reader-'));
  return path.join(dir, 't.output');
};

describe('task output reader (BA10)', () => {
  it('BA10 returns what was written since the previous read of that task', async () => {
    const f = file();
    const r = createOutputReader();
    writeFileSync(f, 'one\ntwo\n');
    expect(await r.readNew('a', f)).toEqual({ text: 'one\ntwo\n', omittedBytes: 0 });
    expect(await r.readNew('a', f)).toEqual({ text: '', omittedBytes: 0 });
    appendFileSync(f, 'three\n');
    expect(await r.readNew('a', f)).toEqual({ text: 'three\n', omittedBytes: 0 });
    // Offsets are per task.
    expect((await r.readNew('b', f)).text).toBe('one\ntwo\nthree\n');
  });

  it('BA10 past the bound returns the newest part and counts the rest', async () => {
    const f = file();
    const r = createOutputReader(10);
    writeFileSync(f, 'abcdefghij0123456789');
    expect(await r.readNew('a', f)).toEqual({ text: '0123456789', omittedBytes: 10 });
  });

  it('BA10 never splits a character: a cut start is skipped, an unfinished end waits for the next read', async () => {
    const f = file();
    const r = createOutputReader(5);
    writeFileSync(f, Buffer.concat([Buffer.from('xxé'), Buffer.from('ab'), Buffer.from('€').subarray(0, 2)]));
    // Last 5 bytes: [é's 2nd byte] a b [€ 1st, 2nd] → "ab", € kept back, é's tail counted as omitted.
    const first = await r.readNew('a', f);
    expect(first).toEqual({ text: 'ab', omittedBytes: 4 });
    appendFileSync(f, Buffer.from('€').subarray(2));
    expect(await r.readNew('a', f)).toEqual({ text: '€', omittedBytes: 0 });
  });

  it('BA10 a missing file reads as nothing new', async () => {
    const r = createOutputReader();
    expect(await r.readNew('a', path.join(os.tmpdir(), 'agent-desk-no-such-file.output'))).toEqual({ text: '', omittedBytes: 0 });
  });
});
