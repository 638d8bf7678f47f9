// Table-driven cases for BA12: the search/read/list kind of a line for the UI.
import { describe, expect, it } from 'vitest';
import { classifyCommands } from '../../../shared/shell/classify';
import { cmd, redirect } from './test-cmd';

const kind = (...lines: string[]) => classifyCommands(lines.map((l) => cmd(...l.split(' '))))?.kind ?? null;

describe('BA12 classifyCommands: search, read and list lines for the UI', () => {
  it.each([
    [['grep -rn foo src'], 'search'],
    [['find . -name x'], 'search'],
    [['rg foo', 'head -5'], 'search'],
    [['which node'], 'search'],
    [['cat a'], 'read'],
    [['cat a', 'sort', 'uniq -c'], 'read'],
    [['jq .x f'], 'read'],
    [['ls -la'], 'list'],
    [['tree'], 'list'],
    [['du -sh .', 'sort -h'], 'list'],
    [['ls', 'grep x'], 'list'],
    [['ls', 'echo done'], 'list'],
    [['cat a', 'grep x'], 'search'],
    [['find . -exec grep x {} +'], 'search'],
    [['echo hi'], null],
    [['true', ':'], null],
    [['ls', 'rm x'], null],
    [['sort -o out f'], null],
    [['sort --output=out f'], null],
    [['find . -delete'], null],
    [['find . -exec rm {} ;'], null],
    [['git status'], null],
    [['/bin/cat a'], null],
  ] as const)('%j → %s', (lines, expected) => {
    expect(kind(...lines)).toBe(expected);
  });

  it('reports every kind present, the shown kind by precedence', () => {
    expect(classifyCommands([cmd('ls'), cmd('grep', 'x'), cmd('wc', '-l')])).toEqual({ kind: 'list', search: true, read: true, list: true });
  });

  it('an output redirection to a file is more than a look; /dev/null and 2>&1 are not', () => {
    expect(classifyCommands([redirect(cmd('grep', 'x', 'f'), '>', 'out')])).toBeNull();
    expect(classifyCommands([redirect(cmd('grep', 'x', 'f'), '>', '/dev/null', 2)])?.kind).toBe('search');
    expect(classifyCommands([redirect(cmd('grep', 'x', 'f'), '>&', '1', 2)])?.kind).toBe('search');
  });

  it('cat with only a heredoc writes text, it reads nothing', () => {
    expect(classifyCommands([redirect(cmd('cat'), '<<', 'hello\n')])).toBeNull();
    expect(classifyCommands([redirect(cmd('cat', 'a'), '<', 'b')])?.kind).toBe('read');
  });
});
