// Issue 11's house rule as a check: no source file (tests aside) over 400 lines — a file that long has
// more than one job, and the next tool added to it makes it worse.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIMIT = 400;
const ROOTS = ['src', 'bin', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const EXEMPT = /\.test\.(ts|tsx)$|\.d\.ts$|__snapshots__|[/\\]fixtures?[/\\]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return SOURCE.test(e.name) && !EXEMPT.test(p) ? [p] : [];
  });
}

describe('file size (issue 11)', () => {
  it(`no source file is over ${LIMIT} lines`, () => {
    const root = path.resolve(__dirname, '..');
    const files = ROOTS.flatMap((r) => sources(path.join(root, r)));
    expect(files.length).toBeGreaterThan(500);
    const long = files
      .map((f) => ({ file: path.relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
