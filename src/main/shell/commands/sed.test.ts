// Table-driven cases for BA7: which sed scripts print, substitute, write with -i, or ask.
import { describe, expect, it } from 'vitest';
import { parseSed, sedVerdict } from './sed';
import { cmd } from './test-cmd';

const verdict = (...argv: string[]) => sedVerdict(cmd('sed', ...argv));

describe('BA7 sed: line printing and one plain substitution run without asking', () => {
  it.each([
    [['-n', '5p', 'f']],
    [['-n', '1,10p', 'f']],
    [['-n', '1p;5p', 'f']],
    [['-n', '$p', 'f']],
    [['-n', '3,$p', 'a', 'b']],
    [['-n', '-e', '1p', '-e', '9p', 'f']],
    [['--quiet', '2p']],
    [['-nE', '5p', 'f']],
    [['s/a/b/']],
    [['s/a/b/g', 'f']],
    [['-E', 's/(a+)/\\1x/gI', 'f']],
    [['s/a\\/b/c/2']],
    [['-n', 's/x/y/p', 'f']],
    [['-e', 's/foo/bar/M']],
  ])('sed %j is read-only', (args) => {
    expect(verdict(...args)).toEqual({ kind: 'read-only' });
  });

  it.each([
    [['-i', 's/a/b/', 'f'], ['f']],
    [['-i', 's/a/b/g', 'a.ts', 'b.ts'], ['a.ts', 'b.ts']],
    [['-i.bak', 's/a/b/', 'f'], ['f']],
    [['--in-place', '-e', 's/a/b/', 'f'], ['f']],
    [['-i', '', 's/a/b/', 'f'], ['f']],
    [['-i', '.orig', 's/a/b/', 'f'], ['f']],
    [['-Ei', 's/a+/b/', 'f'], ['f']],
  ])('sed %j writes %j', (args, files) => {
    expect(verdict(...args)).toEqual({ kind: 'writes', files });
  });

  it.each([
    [['s/a/b/w out', 'f'], /w writes a file/],
    [['s/a/b/e', 'f'], /e runs a command/],
    [['-e', 'e ls'], /runs a command/],
    [['-n', '1w out', 'f'], /writes a file/],
    [['W out']],
    [['-n', '1!p', 'f'], /negates/],
    [['-n', '/x/{p}', 'f'], /block/],
    [['s|a|b|', 'f'], /delimiter other than \//],
    [['s\\a\\b\\', 'f'], /backslash/],
    [['s#a#b#', 'f'], /delimiter/],
    [['s/é/e/', 'f'], /non-ASCII/],
    [['s/a/b/;s/c/d/', 'f'], /more commands/],
    [['-e', 's/a/b/', '-e', 's/c/d/'], /more than one substitution/],
    [['5p', 'f'], /without -n/],
    [['-n', 'y/ab/cd/', 'f']],
    [['-f', 'script.sed', 'f'], /-f/],
    [['--file=script.sed', 'f'], /-f/],
    [['-i', '-n', '1p', 'f'], /printed lines only/],
    [['-in', 's/a/b/'], /names no file/],
    [['--debug-me', '1p'], /--debug-me/],
    [['-x', 'p'], /-x/],
    [[], /no sed script/],
    [['-n', '1p\n2p', 'f'], /several lines/],
    [['-n', '-e', '1p', '-e', 's/a/b/'], /mixes/],
  ] as const)('sed %j asks', (args, reason?: RegExp) => {
    const v = verdict(...args);
    expect(v.kind).toBe('ask');
    if (reason && v.kind === 'ask') expect(v.reason).toMatch(reason);
  });
});

describe('BA7 parseSed: scripts, files and the -i forms', () => {
  it('-in is -i with the suffix n (GNU), so sed does not go quiet', () => {
    expect(parseSed(['sed', '-in', 's/a/b/', 'f'])).toMatchObject({ inPlace: true, quiet: false, scripts: ['s/a/b/'], files: ['f'] });
  });

  it('with -e every operand is a file; after -- too', () => {
    expect(parseSed(['sed', '-e', '1p', 'a', '--', '-b'])).toMatchObject({ scripts: ['1p'], files: ['a', '-b'] });
  });

  it('-f script files are listed apart', () => {
    expect(parseSed(['sed', '-f', 's.sed', 'in'])).toMatchObject({ scripts: [], scriptFiles: ['s.sed'], files: ['in'] });
  });
});
