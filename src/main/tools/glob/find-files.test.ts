// Glob's matching helpers (TL3): the plain predicate agrees with picomatch's matcher, the file-name
// pre-filter handed to rg is offered only where every match satisfies it, and files a permission rule
// keeps from Read are left out without counting toward the limit (PL4).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { fileNameFilter, findFiles, globMatcher, planGlob } from './find-files';

const PATHS = ['a.ts', 'src/a.ts', 'src/b/c.ts', '.hidden.ts', 'src/.env', 'x.tsx', 'docs/r.md', 'a*b', 'mod03/z.ts', 'src/mod03/y.ts', 'src/a.ts.map', ''];
const GLOBS = ['**/*.ts', '*.ts', '**/mod03/*.ts', 'src/**', '**/*.{ts,tsx}', '**/.*', 'a\\*b', '!**/*.ts', '+(a|x).ts*', 'src/?.ts', '**/[a-c].*'];

describe('Glob matching (TL3)', () => {
  it.each(GLOBS)('TL3 globMatcher(%s) answers as picomatch does for every path', (glob) => {
    const mine = globMatcher(glob);
    const theirs = picomatch(glob, { dot: true });
    for (const p of PATHS) expect([p, mine(p)]).toEqual([p, theirs(p)]);
  });

  it('TL3 the rg pre-filter is a name glob only for a last segment like *.ext', () => {
    expect(fileNameFilter('**/*.ts')).toBe('*.ts');
    expect(fileNameFilter('**/mod03/*.ts')).toBe('*.ts');
    expect(fileNameFilter('*.d.ts')).toBe('*.d.ts');
    expect(fileNameFilter('**/*.{ts,tsx}')).toBeUndefined();
    expect(fileNameFilter('**/*')).toBeUndefined();
    expect(fileNameFilter('src/a.ts')).toBeUndefined();
    expect(fileNameFilter('**/[ab].ts')).toBeUndefined();
    expect(fileNameFilter('{a/*.ts,b/*.js}')).toBeUndefined();
    // A negated pattern matches exactly the names the filter would drop.
    expect(fileNameFilter('!**/*.ts')).toBeUndefined();
  });

  it('TL3 every path a pattern matches passes its name filter', () => {
    for (const glob of GLOBS) {
      const name = fileNameFilter(glob);
      if (name === undefined) continue;
      const byName = picomatch(name, { dot: true, basename: true });
      for (const p of PATHS) if (globMatcher(glob)(p)) expect([glob, p, byName(p)]).toEqual([glob, p, true]);
    }
  });
});

describe('Glob leaves out files a permission rule keeps from Read (PL4)', () => {
  it('hidden files never count toward the limit, and are judged newest first only until one past it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-glob-hidden-'));
    try {
      // Newest first: d (hidden), c, b (hidden), a, 0.
      ['0', 'a', 'b', 'c', 'd'].forEach((n, i) => {
        writeFileSync(path.join(dir, `${n}.txt`), n);
        utimesSync(path.join(dir, `${n}.txt`), 1_000 + i, 1_000 + i);
      });
      const judged: string[] = [];
      const hidden = (abs: string) => (judged.push(path.basename(abs)), /[bd]\.txt$/.test(abs));
      const two = await findFiles(planGlob('*.txt', dir), 2, undefined, { hidden });
      expect(two).toEqual({ files: [path.join(dir, 'c.txt'), path.join(dir, 'a.txt')], truncated: true });
      const all = await findFiles(planGlob('*.txt', dir), 3, undefined, { hidden });
      expect(all).toEqual({ files: ['c', 'a', '0'].map((n) => path.join(dir, `${n}.txt`)), truncated: false });
      judged.length = 0;
      const one = await findFiles(planGlob('*.txt', dir), 1, undefined, { hidden });
      expect(one).toEqual({ files: [path.join(dir, 'c.txt')], truncated: true });
      // 0.txt, older than the one past the limit, is never judged.
      expect(judged).toEqual(['d.txt', 'c.txt', 'b.txt', 'a.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
