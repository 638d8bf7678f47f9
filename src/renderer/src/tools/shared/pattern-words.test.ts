// Search patterns in words (PX2): a table of file patterns and text patterns, what a person reads
// for each, and null where words cannot say it (the view then says "matching a pattern" and keeps
// the exact pattern one click away).
import { describe, expect, it } from 'vitest';
import { fileKindWords, fileNameWords, globWords, searchTextWords } from './pattern-words';

describe('globWords (Glob patterns)', () => {
  const cases: [string, string | null][] = [
    ['**/*.js', 'JavaScript files'],
    ['**/*.{ts,tsx}', 'TypeScript files'],
    ['**/*.{js,ts}', 'JavaScript and TypeScript files'],
    ['*.js', 'JavaScript files (not in subfolders)'],
    ['./src/**/*.ts', 'TypeScript files in src'],
    ['src/*.py', 'Python files in src (not in subfolders)'],
    ['src/**', 'all files in src'],
    ['**', 'all files'],
    ['**/*', 'all files'],
    ['**/package.json', 'files named package.json'],
    ['**/*.test.ts', 'TypeScript test files'],
    ['**/*config*', 'files with “config” in their name'],
    ['**/README*', 'files whose name starts with “README”'],
    ['**/*.xyz', '“.xyz” files'],
    ['/opt/lib/**/*.md', 'Markdown files in /opt/lib'],
    ['src/*/index.ts', null],
    ['**/[ab].ts', null],
    ['src/', null],
    ['**/node_modules/**', null],
  ];
  for (const [pattern, words] of cases) it(`${pattern} → ${String(words)}`, () => expect(globWords(pattern)).toBe(words));
});

describe('fileNameWords and fileKindWords (a name pattern, an extension)', () => {
  it('names', () => {
    expect(fileNameWords('*.ts')).toBe('TypeScript files');
    expect(fileNameWords('*')).toBe('all files');
    expect(fileNameWords('*.{a,b')).toBeNull();
    expect([fileKindWords('JS'), fileKindWords('ipynb'), fileKindWords('q')]).toEqual(['JavaScript', 'notebook', '“.q”']);
  });
});

describe('searchTextWords (Grep patterns)', () => {
  const cases: [string, string | null][] = [
    ['TODO', '“TODO”'],
    ['scale\\(', '“scale(”'],
    ['console.log', '“console.log”'],
    ['foo|bar', '“foo” or “bar”'],
    ['(foo|bar|baz)', '“foo”, “bar” or “baz”'],
    ['\\bcart\\b', 'the word “cart”'],
    ['^import', 'lines starting with “import”'],
    [';$', 'lines ending with “;”'],
    ['^done$', 'lines that are exactly “done”'],
    ['function\\s+greet', '“function greet”'],
    ['useState.*useEffect', '“useState” followed by “useEffect”'],
    ['price \\$5', '“price $5”'],
    ['fo+', null],
    ['\\d+ items', null],
    ['[A-Z]{3}', null],
    ['a.*b.*c', null],
    ['(unclosed', null],
    ['', null],
  ];
  for (const [pattern, words] of cases) it(`${pattern} → ${String(words)}`, () => expect(searchTextWords(pattern)).toBe(words));
});
