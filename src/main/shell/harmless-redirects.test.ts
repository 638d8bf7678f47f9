// The redirections rules read past (`2>&1`, `> /dev/null`) and the ones they never do (a file).
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze';
import { withoutHarmlessRedirects } from './harmless-redirects';
import { loadBashParser } from './parser';

beforeAll(async () => {
  expect(await loadBashParser()).not.toBeNull();
});

const first = (line: string) => {
  const a = analyzeCommand(line);
  if (a.kind === 'too-complex') throw new Error(a.reason);
  return withoutHarmlessRedirects(a.commands[0]!);
};

describe('BA3 redirections that change nothing outside the command', () => {
  it.each([
    ['npm test 2>&1', 'npm test'],
    ['npm test >/dev/null 2>&1', 'npm test'],
    ['npm test &> /dev/null', 'npm test'],
    ['npm test 2>>/dev/null --ci', 'npm test --ci'],
    ['npm test 1>&2', 'npm test'],
    ['npm test < /dev/null', 'npm test'],
    ['npm test >& /dev/null', 'npm test'],
  ])('%s reads as %s', (line, text) => {
    const c = first(line);
    expect(c.text).toBe(text);
    expect(c.redirects).toEqual([]);
  });

  it.each([['npm test > out.log'], ['npm test 2> /tmp/x'], ['npm test >& out.log'], ['npm test > /dev/nullo'], ['npm test < input.txt']])('%s keeps its redirection', (line) => {
    const c = first(line);
    expect(c.text).toBe(line);
    expect(c.redirects).toHaveLength(1);
  });

  it('a file redirection stays while a harmless one beside it goes', () => {
    const c = first('npm test > out.log 2>&1');
    expect(c.text).toBe('npm test > out.log');
    expect(c.redirects).toMatchObject([{ op: '>', target: 'out.log' }]);
  });
});
