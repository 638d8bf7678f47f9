// Claude Code's matcher semantics: all, alternatives, regexes as full matches, invalid → exact.
import { describe, expect, it } from 'vitest';
import { compileMatcher, matcherMatches } from './matcher';

describe('hook matcher', () => {
  it.each([
    [undefined, 'Bash', true],
    ['', 'Anything', true],
    ['*', 'mcp__x__y', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Bash', 'bash', false],
    ['Edit|Write', 'Write', true],
    ['Edit|Write', 'NotebookEdit', false],
    ['mcp__memory__.*', 'mcp__memory__create_entities', true],
    ['mcp__memory__.*', 'mcp__memoryx__a', false],
    ['mcp__.*__write.*', 'mcp__fs__write_file', true],
    ['Notebook.*', 'NotebookEdit', true],
    [' Bash ', 'Bash', true],
  ])('%j matches %s → %s', (matcher, value, expected) => {
    expect(matcherMatches(matcher, value)).toBe(expected);
  });

  it('an invalid regex matches its exact text and carries a warning', () => {
    const m = compileMatcher('Bash(');
    expect(m.warning).toContain('not a valid regular expression');
    expect(m.test('Bash(')).toBe(true);
    expect(m.test('Bash')).toBe(false);
    expect(compileMatcher('Bash').warning).toBeUndefined();
  });
});
