// The small tokenizer BA1's word-level checks use.
import { describe, expect, it } from 'vitest';
import { commandOf, tokenize } from './words';

describe('BA1 tokenizer', () => {
  it('removes quotes and splits simple commands at operators', () => {
    const t = tokenize(`FOO="a b" jq -r '.x' f.json | xargs -n 1 echo; ls "it's"`);
    expect(t.segments.map((s) => s.words)).toEqual([
      ['FOO=a b', 'jq', '-r', '.x', 'f.json'],
      ['xargs', '-n', '1', 'echo'],
      ['ls', "it's"],
    ]);
    expect(t.tokens).toContainEqual({ op: ';' });
  });

  it('leaves redirection targets, fds and comments out of the words', () => {
    expect(tokenize('cat 2>err <in x # y z').segments[0]?.words).toEqual(['cat', 'x']);
  });

  it('keeps substitutions glued to their word', () => {
    expect(tokenize('echo a$(b c)d `e f`').segments[0]?.words).toEqual(['echo', 'a$(b c)d', '`e f`']);
  });
});

describe('BA1 command word', () => {
  it.each([
    [['jq', '.'], 'jq'],
    [['A=1', 'B=2', 'jq'], 'jq'],
    [['timeout', '5', 'jq'], 'jq'],
    [['env', '-i', 'X=1', 'jq'], 'jq'],
    [['xargs', '-n', '1', 'jq'], 'jq'],
    [['command', 'builtin', 'zmodload'], 'zmodload'],
    [['nice', '-n', '5', 'zf_rm'], 'zf_rm'],
  ])('%j runs %s', (words, name) => {
    expect(commandOf(words)?.name).toBe(name);
  });
});
