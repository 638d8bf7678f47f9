// displayPath / baseName / plural: paths relative to the project, short names for lists.
import { describe, expect, it } from 'vitest';
import { baseName, displayPath, formatNumber, plural } from './paths';

describe('displayPath', () => {
  const cases: [string, string | null, string][] = [
    ['/home/me/proj/src/app.ts', '/home/me/proj', 'src/app.ts'],
    ['/home/me/proj/src/app.ts', '/home/me/proj/', 'src/app.ts'],
    ['/home/me/proj', '/home/me/proj', '.'],
    ['/home/me/project2/a.ts', '/home/me/proj', '/home/me/project2/a.ts'],
    ['/etc/hosts', '/home/me/proj', '/etc/hosts'],
    ['/a.ts', '/', 'a.ts'],
    ['C:\\work\\proj\\src\\a.ts', 'C:\\work\\proj', 'src\\a.ts'],
    ['/x/a.ts', null, '/x/a.ts'],
    ['', '/p', ''],
  ];
  for (const [abs, dir, want] of cases) it(`${abs} in ${dir} → ${want}`, () => expect(displayPath(abs, dir)).toBe(want));
});

describe('baseName / plural / formatNumber', () => {
  it('names', () => {
    expect(baseName('/p/src/app.ts')).toBe('app.ts');
    expect(baseName('src/')).toBe('src');
    expect(baseName('C:\\p\\a.ts')).toBe('a.ts');
    expect(baseName('a.ts')).toBe('a.ts');
  });
  it('counts', () => {
    expect(plural(1, 'line')).toBe('1 line');
    expect(plural(2, 'line')).toBe('2 lines');
    expect(plural(1234, 'match', 'matches')).toBe('1,234 matches');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
