// Cases for the word readers every analysis shares: getopt splitting, program names, redirections.
import { describe, expect, it } from 'vitest';
import { parseArgs, programBase, redirectPaths, trustedProgram } from './argv';
import { cmd, redirect } from './test-cmd';

describe('BA8 parseArgs: options, values and operands as getopt reads them', () => {
  it.each([
    [['-rf', 'a'], {}, ['a'], ['-r', '-f']],
    [['--', '-rf'], {}, ['-rf'], []],
    [['a', '-v', 'b'], {}, ['a', 'b'], ['-v']],
    [['-n', '5', 'f'], { valuedShort: 'n' }, ['f'], ['-n=5']],
    [['-vn5', 'f'], { valuedShort: 'n' }, ['f'], ['-v', '-n=5']],
    [['--lines', '5', 'f'], { valuedLong: ['--lines'] }, ['f'], ['--lines=5']],
    [['--lines=5', 'f'], {}, ['f'], ['--lines=5']],
    [['-', 'f'], {}, ['-', 'f'], []],
    [['-w', 'f'], { onlyShort: 'R' }, ['-w', 'f'], []],
    [['-R', 'f'], { onlyShort: 'R' }, ['f'], ['-R']],
  ] as const)('%j', (args, spec, operands, options) => {
    const p = parseArgs(args, spec);
    expect(p.operands).toEqual(operands);
    expect(p.options.map((o) => (o.value === undefined ? o.name : `${o.name}=${o.value}`))).toEqual(options);
  });
});

describe('BA8 programs and redirections', () => {
  it('programBase strips a leading backslash and the folder; trustedProgram only trusts system folders', () => {
    expect(programBase(cmd('\\rm'))).toBe('rm');
    expect(programBase(cmd('/usr/local/bin/rm'))).toBe('rm');
    expect(trustedProgram(cmd('/usr/bin/git'))).toBe('git');
    expect(trustedProgram(cmd('./git'))).toBeNull();
    expect(trustedProgram(cmd('/opt/x/git'))).toBeNull();
  });

  it('redirectPaths: writes, reads, both for <>, nothing for descriptor copies and heredocs', () => {
    const c = [['>', 'a'], ['>>', 'b'], ['<', 'c'], ['<>', 'd'], ['>&', '2'], ['>', '&1'], ['<<', 'body'], ['<<<', 'text'], ['>', '/dev/null']]
      .reduce((acc, [op, t]) => redirect(acc, op!, t!), cmd('x'));
    expect(redirectPaths(c)).toEqual({ read: ['c', 'd'], write: ['a', 'b', 'd'] });
  });
});
