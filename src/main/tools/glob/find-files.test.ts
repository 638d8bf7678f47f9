// Glob's matching helpers (TL3): the plain predicate agrees with picomatch's matcher, and the file-name
// pre-filter handed to rg is offered only where every match satisfies it.
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { fileNameFilter, globMatcher } from './find-files';

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
