// Atomic writes: the happy path keeps the mode and writes through symlinks; a failure between the
// temp write and the rename leaves the old content intact and no temp file behind.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeAtomicFs, sweepStaleTempFiles, TEMP_FILE_PATTERN, tempPathFor, writeFileAtomic, type AtomicFs } from './atomic-write';

let dir: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-atomic-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const failing = (step: keyof AtomicFs): AtomicFs => ({
  ...nodeAtomicFs,
  [step]: async () => {
    throw Object.assign(new Error(`injected ${step} failure`), { code: 'EIO' });
  },
});

describe('writeFileAtomic', () => {
  it('replaces the content, keeps the mode, leaves no temp file', async () => {
    const f = path.join(dir, 'run.sh');
    writeFileSync(f, 'old');
    chmodSync(f, 0o751);
    const r = await writeFileAtomic(f, Buffer.from('new'));
    expect(r).toEqual({ path: f, atomic: true });
    expect(readFileSync(f, 'utf8')).toBe('new');
    expect(statSync(f).mode & 0o7777).toBe(0o751);
    expect(readdirSync(dir)).toEqual(['run.sh']);
  });

  it('creates missing parent directories for a new file', async () => {
    const f = path.join(dir, 'a', 'b', 'c.txt');
    await writeFileAtomic(f, Buffer.from('x'));
    expect(readFileSync(f, 'utf8')).toBe('x');
  });

  it('writes through a symlink: the link stays a link, its target changes', async () => {
    const target = path.join(dir, 'real.txt');
    const link = path.join(dir, 'link.txt');
    writeFileSync(target, 'old');
    symlinkSync(target, link);
    await writeFileAtomic(link, Buffer.from('new'));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('new');
  });

  it('a failure between write and rename leaves the old content intact and no temp file', async () => {
    const f = path.join(dir, 'keep.txt');
    writeFileSync(f, 'precious');
    await expect(writeFileAtomic(f, Buffer.from('clobbered'), failing('rename'))).rejects.toThrow('injected rename failure');
    expect(readFileSync(f, 'utf8')).toBe('precious');
    expect(readdirSync(dir)).toEqual(['keep.txt']);
  });

  it('a failure while writing the temp file (or restoring the mode) also leaves nothing behind', async () => {
    const f = path.join(dir, 'keep.txt');
    writeFileSync(f, 'precious');
    const partialWrite: AtomicFs = {
      ...nodeAtomicFs,
      async writeTemp(p) {
        writeFileSync(p, 'half');
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
    };
    await expect(writeFileAtomic(f, Buffer.from('x'), partialWrite)).rejects.toThrow('disk full');
    await expect(writeFileAtomic(f, Buffer.from('x'), failing('chmod'))).rejects.toThrow('injected chmod failure');
    expect(readFileSync(f, 'utf8')).toBe('precious');
    expect(readdirSync(dir)).toEqual(['keep.txt']);
  });

  it('a directory that refuses new files: an existing file is overwritten in place (reported)', async () => {
    const f = path.join(dir, 'x.txt');
    writeFileSync(f, 'old');
    const denied: AtomicFs = {
      ...nodeAtomicFs,
      writeTemp: async () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      },
    };
    expect(await writeFileAtomic(f, Buffer.from('new'), denied)).toEqual({ path: f, atomic: false });
    expect(readFileSync(f, 'utf8')).toBe('new');
  });
});

describe('temp file names and the sweep of interrupted writes (PX8)', () => {
  const old = (f: string, ageMs = 5 * 60_000) => {
    const t = new Date(Date.now() - ageMs);
    utimesSync(f, t, t);
    return f;
  };
  const put = (rel: string, text = 'x') => {
    const f = path.join(dir, rel);
    mkdirSync(path.dirname(f), { recursive: true });
    writeFileSync(f, text);
    return f;
  };

  it('temp files carry a recognisable name, cut for long file names', () => {
    const t = path.basename(tempPathFor(path.join(dir, 'notes.md')));
    expect(t).toMatch(/^\.notes\.md\.agent-desk-[0-9a-f]{12}\.tmp$/);
    expect(TEMP_FILE_PATTERN.test(t)).toBe(true);
    const long = path.basename(tempPathFor(path.join(dir, 'x'.repeat(250))));
    expect(long.length).toBeLessThan(140);
    expect(TEMP_FILE_PATTERN.test(long)).toBe(true);
    // Other dot-files and .tmp files are not ours.
    for (const name of ['.notes.md.0123456789ab.tmp', 'notes.md.agent-desk-0123456789ab.tmp', '.x.agent-desk-0123.tmp', '.x.agent-desk-0123456789ab.tmp.bak', 'a.tmp']) {
      expect(TEMP_FILE_PATTERN.test(name), name).toBe(false);
    }
  });

  it('a write killed between the temp file and the rename leaves a temp file the sweep removes once it is a minute old', async () => {
    const f = put('src/keep.ts', 'precious');
    // The crash: the temp file is written, then neither renamed nor cleaned up.
    const crash: AtomicFs = { ...nodeAtomicFs, rename: failing('rename').rename, unlink: async () => undefined };
    await expect(writeFileAtomic(f, Buffer.from('new'), crash)).rejects.toThrow('injected rename failure');
    const left = readdirSync(path.join(dir, 'src')).filter((n) => n !== 'keep.ts');
    expect(left).toHaveLength(1);
    expect(TEMP_FILE_PATTERN.test(left[0]!)).toBe(true);
    const tmp = path.join(dir, 'src', left[0]!);
    expect((await sweepStaleTempFiles(dir)).removed).toEqual([]); // too recent: a write may be under way
    old(tmp);
    const r = await sweepStaleTempFiles(dir);
    expect(r.removed).toEqual([tmp]);
    expect(existsSync(tmp)).toBe(false);
    expect(readFileSync(f, 'utf8')).toBe('precious');
  });

  it('removes only files named by the pattern, and never walks node_modules or .git or follows symlinks', async () => {
    const stale = [put('a/.one.txt.agent-desk-0123456789ab.tmp'), put('a/b/c/.two.json.agent-desk-abcdefabcdef.tmp'), put('.claude/.settings.json.agent-desk-00000000aaaa.tmp')].map((f) => old(f));
    const kept = [
      put('node_modules/pkg/.index.js.agent-desk-0123456789ab.tmp'),
      put('.git/.HEAD.agent-desk-0123456789ab.tmp'),
      put('a/.one.txt.0123456789ab.tmp'),
      put('a/work.tmp'),
      put('a/.hidden'),
    ].map((f) => old(f));
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-outside-')));
    try {
      const foreign = path.join(outside, '.x.agent-desk-0123456789ab.tmp');
      writeFileSync(foreign, 'x');
      old(foreign);
      symlinkSync(outside, path.join(dir, 'link'));
      const r = await sweepStaleTempFiles(dir);
      expect(r.removed.sort()).toEqual([...stale].sort());
      expect(r.truncated).toBe(false);
      for (const f of kept) expect(existsSync(f), f).toBe(true);
      expect(existsSync(foreign)).toBe(true);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('is bounded: at most maxDirs folders, breadth first, and maxDepth levels', async () => {
    for (let i = 0; i < 20; i++) put(`d${i}/deep/.f.agent-desk-0123456789ab.tmp`);
    const top = old(put('.top.agent-desk-0123456789ab.tmp'));
    for (let i = 0; i < 20; i++) old(path.join(dir, `d${i}/deep/.f.agent-desk-0123456789ab.tmp`));
    const few = await sweepStaleTempFiles(dir, { maxDirs: 5 });
    expect(few.dirsRead).toBe(5);
    expect(few.truncated).toBe(true);
    expect(few.removed).toEqual([top]);
    const shallow = await sweepStaleTempFiles(dir, { maxDepth: 1 });
    expect(shallow.removed).toEqual([]);
    expect((await sweepStaleTempFiles(dir)).removed).toHaveLength(20);
    // A folder that does not exist is no error.
    expect(await sweepStaleTempFiles(path.join(dir, 'missing'))).toEqual({ removed: [], dirsRead: 1, truncated: false });
  });
});
