// Grep's view words and shapes: what it looks for and its options in words (PX2), result counts, lines grouped by file with gaps, paths
// relative to the project, and match marking that never throws on a pattern JavaScript cannot read.
import { describe, expect, it } from 'vitest';
import type { GrepLine, GrepOutput } from '../../../../shared/tools/grep';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { grepInput, grepOptionWords, grepResultWords, grepSubject, grepTitle, linesByFile, matchRanges, shownFile } from './grep-facts';

const base: GrepOutput = { mode: 'content', backend: 'ripgrep', searchPath: '/p', cwd: '/p', withFilename: true, lineNumbers: true, numFiles: 0, filenames: [], durationMs: 3 };

describe('grepInput / grepOptionWords', () => {
  it('reads fields defensively and words the options', () => {
    const input = grepInput({ pattern: 'TODO', path: '/p/src', glob: '*.ts', '-i': true, output_mode: 'content', '-C': 2 });
    expect(input).toMatchObject({ pattern: 'TODO', mode: 'content', ignoreCase: true, context: 2 });
    expect(grepOptionWords(input, '/p')).toEqual(['in src', 'only TypeScript files', 'ignoring upper/lower case', '2 lines around each match']);
    expect(grepOptionWords(grepInput({ pattern: 'x', type: 'rust' }), '/p')).toEqual(['only Rust files']);
    expect(grepOptionWords(grepInput({ pattern: 'x', type: 'make', glob: 'src/{a,b}/*' }), '/p')).toEqual(['only some of the files', 'only “make” files']);
    expect(grepInput({ pattern: 'x', '-A': 1, '-B': 3 }).context).toBe(3);
    expect(grepInput(null)).toMatchObject({ pattern: '', mode: 'files_with_matches', context: null });
  });
});

describe('grepSubject / grepTitle: the pattern in words, the tense by state', () => {
  const call = (pattern: string, state: ToolCallView['state']): ToolCallView => ({ id: 'g', name: 'Grep', userFacingName: 'Grep', messageId: 'm', input: { pattern }, state });
  it('words, or "text matching a pattern"', () => {
    expect(grepSubject(call('scale\\(', 'succeeded'))).toBe('“scale(”');
    expect(grepSubject(call('\\d{3}-\\d{4}', 'succeeded'))).toBe('text matching a pattern');
    expect(grepTitle(call('TODO', 'awaiting_permission'))).toBe('Search for “TODO”');
    expect(grepTitle(call('TODO', 'succeeded'))).toBe('Searched for “TODO”');
    expect(grepTitle(call('TODO', 'failed'))).toBe('Searched for “TODO”');
    expect(grepTitle(call('TODO', 'rejected'))).toBe('Search for “TODO”');
  });
});

describe('grepResultWords', () => {
  it('per mode, with "No matches" and the paging remark', () => {
    expect(grepResultWords({ ...base, mode: 'files_with_matches', numFiles: 0 })).toBe('No matches');
    expect(grepResultWords({ ...base, mode: 'files_with_matches', numFiles: 3, filenames: ['a', 'b', 'c'] })).toBe('Found in 3 files');
    expect(grepResultWords({ ...base, mode: 'files_with_matches', numFiles: 250, appliedLimit: 250 })).toBe('Found in 250 files (more not shown)');
    expect(grepResultWords({ ...base, mode: 'count', numFiles: 2, numMatches: 7 })).toBe('7 matching lines in 2 files');
    const lines: GrepLine[] = [
      { kind: 'match', file: 'a.ts', line: 1, text: 'x' },
      { kind: 'context', file: 'a.ts', line: 2, text: 'y' },
      { kind: 'match', file: 'b.ts', line: 9, text: 'x' },
    ];
    expect(grepResultWords({ ...base, numFiles: 2, lines })).toBe('2 matching lines in 2 files');
    expect(grepResultWords({ ...base, numFiles: 0, lines: [] })).toBe('No matches');
  });
});

describe('linesByFile', () => {
  it('one block per file, separators become gaps inside a file', () => {
    const lines: GrepLine[] = [
      { kind: 'context', file: 'a.ts', line: 1, text: 'before' },
      { kind: 'match', file: 'a.ts', line: 2, text: 'hit' },
      { kind: 'separator', text: '--' },
      { kind: 'match', file: 'a.ts', line: 40, text: 'hit again' },
      { kind: 'separator', text: '--' },
      { kind: 'match', file: 'b.ts', line: 3, text: 'hit' },
    ];
    const blocks = linesByFile(lines);
    expect(blocks.map((b) => [b.file, b.matches, b.runs.map((r) => r.map((l) => l.line))])).toEqual([
      ['a.ts', 2, [[1, 2], [40]]],
      ['b.ts', 1, [[3]]],
    ]);
  });

  it('a single searched file (no names) is one block', () => {
    const blocks = linesByFile([
      { kind: 'match', line: 1, text: 'a' },
      { kind: 'match', line: 5, text: 'b' },
    ]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.file).toBe('');
  });
});

describe('shownFile / matchRanges', () => {
  it('paths relative to the cwd become relative to the project', () => {
    expect(shownFile('src/a.ts', '/p', '/p')).toBe('src/a.ts');
    expect(shownFile('a.ts', '/p/src', '/p')).toBe('src/a.ts');
    expect(shownFile('/elsewhere/a.ts', '/p', '/p')).toBe('/elsewhere/a.ts');
  });
  it('marks matches; a pattern JavaScript cannot read marks nothing', () => {
    expect(matchRanges('let todo = TODO', 'todo', true)).toEqual([
      [4, 8],
      [11, 15],
    ]);
    expect(matchRanges('abc', '(?P<x>a)', false)).toEqual([]);
    expect(matchRanges('abc', 'x*', false)).toEqual([]);
  });
});
