// BA1's table and verdict: ids, plain-language descriptions, Claude Code's order of precedence.
import { describe, expect, it } from 'vitest';
import { CHECKS, runSecurityChecks, securityVerdict } from './index';

describe('BA1 check table', () => {
  it('lists the 23 checks with ids 1…23 and a plain sentence each', () => {
    expect(CHECKS.map((c) => c.id)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(CHECKS[7]).toMatchObject({ id: 8, name: 'DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION' });
    for (const c of CHECKS) expect(c.description).toMatch(/^\S.{20,140}\.$/);
  });
});

describe('BA1 verdict', () => {
  it('passes through when nothing is found', () => {
    expect(securityVerdict('ls -la')).toEqual({ behavior: 'passthrough', reason: 'no finding', findings: [] });
    expect(securityVerdict('  ')).toMatchObject({ behavior: 'passthrough', reason: 'empty command' });
    expect(securityVerdict('git commit -m "fix: a bug"')).toMatchObject({ reason: 'plain git commit message' });
    expect(securityVerdict("git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\"")).toMatchObject({
      reason: 'literal heredoc in an argument',
    });
  });

  it('marks every finding ask, with its id, name and message', () => {
    expect(runSecurityChecks('echo $(id)')).toEqual([
      {
        id: 8,
        name: 'DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION',
        message: 'Command contains $() command substitution',
        behavior: 'ask',
        misparsing: true,
        subId: 1,
      },
    ]);
  });

  it('shows a misparsing finding before a plain newline or redirection one (BA1 #7, #10 wait)', () => {
    const v = securityVerdict('cat safe.txt \\; echo /etc/passwd > ./out');
    expect(v.behavior).toBe('ask');
    if (v.behavior !== 'ask') return;
    expect(v.findings.map((f) => f.id)).toEqual([10, 21]);
    expect(v.finding.id).toBe(21);
    expect(securityVerdict('echo x > out')).toMatchObject({ finding: { id: 10, misparsing: false } });
  });

  it('asks early for BA1 #17 control characters even in an otherwise early-allowed commit', () => {
    expect(runSecurityChecks('git commit -m "a\x01b"').map((f) => f.id)).toContain(17);
  });

  it('early-allows a plain git commit but not one followed by an operator or redirect (BA1 #12)', () => {
    expect(runSecurityChecks('git commit -m "x" --author="A <a@b.c>"')).toEqual([]);
    expect(runSecurityChecks('git commit -m "x" > log').map((f) => f.id)).toEqual([10]);
  });
});
