// BA9: a folder that opens but refuses to be listed (seen on a FUSE mount, even for root) ends the
// count there with "maybe more" instead of failing the whole explanation of the command.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const refused = new Set<string>();

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    opendir: async (dir: string, opts?: Parameters<typeof real.opendir>[1]) => {
      const handle = await real.opendir(dir, opts);
      if (!refused.has(dir)) return handle;
      return {
        async *[Symbol.asyncIterator]() {
          await handle.close();
          throw Object.assign(new Error(`EACCES: permission denied, readdir '${dir}'`), { code: 'EACCES' });
        },
      };
    },
  };
});

const { measurePaths } = await import('./sizes');

const root = mkdtempSync(path.join(os.tmpdir(), 'sizes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('BA9 measurePaths on a folder that cannot be listed', () => {
  it('counts what it could read and says there may be more', async () => {
    mkdirSync(path.join(root, 'a', 'locked'), { recursive: true });
    writeFileSync(path.join(root, 'a', 'one.txt'), 'hello');
    refused.add(path.join(root, 'a', 'locked'));
    const [a] = await measurePaths([path.join(root, 'a')]);
    expect(a).toEqual({ kind: 'folder', files: 1, bytes: 5, more: true });
  });
});
