// `glob` and `type` as ripgrep applies them: Claude Code's splitting of `glob`, override semantics
// (select / exclude / unselected files out), and the type table.
import { describe, expect, it } from 'vitest';
import { compileOverrides, compileType, grepGlobs, splitGlobInput } from './filters';

describe('Grep filters (TL)', () => {
  it("TL glob splits on spaces and commas, keeping braces whole (Claude Code)", () => {
    expect(splitGlobInput('*.ts *.tsx')).toEqual(['*.ts', '*.tsx']);
    expect(splitGlobInput('*.ts,*.js,')).toEqual(['*.ts', '*.js']);
    expect(splitGlobInput('*.{ts,tsx} !vendor/**')).toEqual(['*.{ts,tsx}', '!vendor/**']);
    expect(splitGlobInput(undefined)).toEqual([]);
    expect(grepGlobs('*.ts')).toEqual(['!.git', '!.svn', '!.hg', '!.bzr', '!.jj', '!.sl', '*.ts']);
  });

  it('TL overrides: a glob selects (and then unselected files are out), !glob excludes, directories pass', () => {
    const o = compileOverrides(grepGlobs('*.ts'))!;
    expect(o('src/a.ts', false)).toBe('whitelist');
    expect(o('src/a.js', false)).toBe('ignore');
    expect(o('src', true)).toBeUndefined();
    expect(o('.git', true)).toBe('ignore');
    const only = compileOverrides(grepGlobs(undefined))!;
    expect(only('a.js', false)).toBeUndefined();
    const anchored = compileOverrides(['src/**'])!;
    expect(anchored('src/x/a.ts', false)).toBe('whitelist');
    expect(anchored('lib/src/a.ts', false)).toBe('ignore');
    expect(compileOverrides([])).toBeUndefined();
  });

  it("TL type: rg's table by file name; 'all'; an unknown type is rg's error", () => {
    const ts = compileType('ts')!;
    expect(ts('a.tsx')).toBe('whitelist');
    expect(ts('a.js')).toBe('ignore');
    expect(compileType('make')!('Makefile')).toBe('whitelist');
    expect(compileType('all')!('x.py')).toBe('whitelist');
    expect(compileType('all')!('x.unknownext')).toBe('ignore');
    expect(compileType(undefined)).toBeUndefined();
    expect(() => compileType('nosuch')).toThrow('unrecognized file type: nosuch');
  });
});
