// Atomic writes: the happy path keeps the mode and writes through symlinks; a failure between the
// temp write and the rename leaves the old content intact and no temp file behind.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeAtomicFs, writeFileAtomic, type AtomicFs } from './atomic-write';

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
