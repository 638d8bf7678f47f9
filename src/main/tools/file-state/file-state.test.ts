// The read cache: records are copies, clone() is independent, the bound evicts the oldest, ranges
// merge into a full read, and TL2's freshness rule (codes 6, 7, byte-identical exception).
import { describe, expect, it } from 'vitest';
import { createFileStateCache, type FileReadRecord } from './file-state';
import { checkFreshness, MODIFIED_MESSAGE, NOT_READ_MESSAGE } from './freshness';
import { coversAll, mergeRanges } from './ranges';
import { recordTextRead, recordWholeRead, recordWritten } from './record';

const rec = (over: Partial<FileReadRecord> = {}): FileReadRecord => ({
  hash: 'h1',
  mtimeMs: 1,
  size: 10,
  full: true,
  kind: 'read',
  readAt: 0,
  ...over,
});

describe('file state cache (issue 4 item 7)', () => {
  it('get returns a copy: mutating it does not change the cache', () => {
    const c = createFileStateCache();
    c.set('/a', rec({ ranges: [[1, 5]] }));
    const got = c.get('/a')!;
    got.full = false;
    (got.ranges as [number, number][])[0]![1] = 99;
    expect(c.get('/a')).toMatchObject({ full: true, ranges: [[1, 5]] });
  });

  it('clone() is independent both ways (subagents)', () => {
    const parent = createFileStateCache();
    parent.set('/a', rec());
    const child = parent.clone();
    child.set('/b', rec());
    child.delete('/a');
    parent.set('/c', rec());
    expect([parent.has('/a'), parent.has('/b'), parent.has('/c')]).toEqual([true, false, true]);
    expect([child.has('/a'), child.has('/b'), child.has('/c')]).toEqual([false, true, false]);
  });

  it('is bounded: the least recently written record goes first', () => {
    const c = createFileStateCache(2);
    c.set('/a', rec());
    c.set('/b', rec());
    c.set('/a', rec({ hash: 'h2' }));
    c.set('/c', rec());
    expect([c.has('/a'), c.has('/b'), c.has('/c'), c.size]).toEqual([true, false, true, 2]);
  });
});

describe('ranges', () => {
  it('merge overlapping and adjacent ranges', () => {
    expect(mergeRanges([[10, 20], [1, 5], [6, 8], [18, 30]])).toEqual([[1, 8], [10, 30]]);
  });
  it('coversAll needs one range from line 1 to the end; an empty file is covered', () => {
    expect(coversAll([[1, 2000], [2001, 3000]], 3000)).toBe(true);
    expect(coversAll([[1, 2000], [2002, 3000]], 3000)).toBe(false);
    expect(coversAll([[2, 3000]], 3000)).toBe(false);
    expect(coversAll([], 0)).toBe(true);
  });
});

describe('recording reads and writes', () => {
  it('TL2 a long file read in ranges of the same content becomes a full read', () => {
    const c = createFileStateCache();
    const facts = { hash: 'h', mtimeMs: 5, size: 100 };
    recordTextRead(c, '/f', facts, { limit: 2000 }, [1, 2000], 3000);
    expect(c.get('/f')).toMatchObject({ full: false, limit: 2000, totalLines: 3000 });
    recordTextRead(c, '/f', facts, { offset: 2001, limit: 2000 }, [2001, 3000], 3000);
    expect(c.get('/f')).toMatchObject({ full: true, offset: 2001, ranges: [[1, 3000]] });
  });

  it('TL2 ranges of different content do not add up', () => {
    const c = createFileStateCache();
    recordTextRead(c, '/f', { hash: 'old', mtimeMs: 5, size: 100 }, { limit: 2000 }, [1, 2000], 3000);
    recordTextRead(c, '/f', { hash: 'new', mtimeMs: 6, size: 100 }, { offset: 2001 }, [2001, 3000], 3000);
    expect(c.get('/f')).toMatchObject({ full: false, ranges: [[2001, 3000]] });
  });

  it('a written file is fully "read"; a later partial re-read of the same bytes stays full', () => {
    const c = createFileStateCache();
    recordWritten(c, '/f', { hash: 'h', mtimeMs: 1, size: 3 });
    expect(c.get('/f')).toMatchObject({ full: true, kind: 'write' });
    recordTextRead(c, '/f', { hash: 'h', mtimeMs: 1, size: 3 }, { offset: 2, limit: 1 }, [2, 2], 3);
    expect(c.get('/f')).toMatchObject({ full: true, kind: 'read', offset: 2, limit: 1 });
    recordWholeRead(c, '/g', { hash: 'x', mtimeMs: 1, size: 3 }, { pages: '1-2' }, false);
    expect(c.get('/g')).toMatchObject({ full: false, pages: '1-2' });
  });

  it('without a cache (fileState absent) recording is a no-op', () => {
    expect(() => recordWritten(undefined, '/f', { hash: 'h', mtimeMs: 1, size: 1 })).not.toThrow();
  });
});

describe('freshness (TL2 codes 6 and 7)', () => {
  it('TL2 code 6 when there is no cache at all (fail closed), no record, or only a partial view', () => {
    expect(checkFreshness(undefined, '/f', { hash: 'h1' })).toEqual({ ok: false, errorCode: 6, message: NOT_READ_MESSAGE });
    const c = createFileStateCache();
    expect(checkFreshness(c, '/f', { hash: 'h1' })).toMatchObject({ ok: false, errorCode: 6 });
    c.set('/f', rec({ full: false, ranges: [[1, 10]], totalLines: 50 }));
    const partial = checkFreshness(c, '/f', { hash: 'h1' });
    expect(partial).toMatchObject({ ok: false, errorCode: 6 });
    expect(!partial.ok && partial.message).toContain('File has not been read yet. Read it first before writing to it.');
    expect(!partial.ok && partial.message).toContain('lines 1-10 of 50');
  });

  it('TL2 code 7 when the bytes differ; a touched mtime with identical bytes passes', () => {
    const c = createFileStateCache();
    c.set('/f', rec({ hash: 'same', mtimeMs: 1 }));
    expect(checkFreshness(c, '/f', { hash: 'same' })).toEqual({ ok: true });
    expect(checkFreshness(c, '/f', { hash: 'other' })).toEqual({ ok: false, errorCode: 7, message: MODIFIED_MESSAGE });
  });
});
