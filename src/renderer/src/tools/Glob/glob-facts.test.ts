// Glob's view words: input read defensively, the pattern in words with the tense by state (PX2),
// counts and the truncation remark.
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { globInput, globResultWords, globSubject, globTitle } from './glob-facts';

describe('glob facts', () => {
  it('input', () => {
    expect(globInput({ pattern: '**/*.ts', path: '/p/src' })).toEqual({ pattern: '**/*.ts', path: '/p/src' });
    expect(globInput(undefined)).toEqual({ pattern: '', path: null });
  });
  it('what it looks for, in words', () => {
    const call = (pattern: string, state: ToolCallView['state']): ToolCallView => ({ id: 'g', name: 'Glob', userFacingName: 'Glob', messageId: 'm', input: { pattern }, state });
    expect(globTitle(call('**/*.js', 'succeeded'))).toBe('Looked for JavaScript files');
    expect(globTitle(call('**/*.js', 'awaiting_permission'))).toBe('Look for JavaScript files');
    expect(globSubject(call('src/*/x.ts', 'succeeded'))).toBe('files matching a pattern');
  });
  it('result words', () => {
    const out = { filenames: [], numFiles: 0, truncated: false, searchPath: '/p', durationMs: 1 };
    expect(globResultWords(out)).toBe('No files found');
    expect(globResultWords({ ...out, numFiles: 1, filenames: ['/p/a'] })).toBe('Found 1 file');
    expect(globResultWords({ ...out, numFiles: 100, truncated: true })).toBe('Found 100 files (more not shown)');
  });
});
