// Glob's view words: input read defensively, counts and the truncation remark.
import { describe, expect, it } from 'vitest';
import { globInput, globResultWords } from './glob-facts';

describe('glob facts', () => {
  it('input', () => {
    expect(globInput({ pattern: '**/*.ts', path: '/p/src' })).toEqual({ pattern: '**/*.ts', path: '/p/src' });
    expect(globInput(undefined)).toEqual({ pattern: '', path: null });
  });
  it('result words', () => {
    const out = { filenames: [], numFiles: 0, truncated: false, searchPath: '/p', durationMs: 1 };
    expect(globResultWords(out)).toBe('No files found');
    expect(globResultWords({ ...out, numFiles: 1, filenames: ['/p/a'] })).toBe('Found 1 file');
    expect(globResultWords({ ...out, numFiles: 100, truncated: true })).toBe('Found 100 files (more not shown)');
  });
});
