// PX8 (issue 16 item 2): no rule can freeze the app. A 30-star rule on a 10,000-character input is
// decided (and decided right) for Bash, path and domain rules through the real matchers. The 1 s bound
// only fails where a backtracking engine would take minutes; bench/rule-matching.bench.ts measures.
import { describe, expect, it } from 'vitest';
import { bashRuleMatches } from './bash-match';
import { webFetchRuleMatches } from './domain-match';
import { pathRuleMatches } from './path-match';

const STARS = 30;
const within = <T>(fn: () => T): T => {
  const t0 = performance.now();
  const r = fn();
  expect(performance.now() - t0).toBeLessThan(1_000);
  return r;
};

describe('rules that would make a backtracking matcher freeze', () => {
  it('Bash: a 30-star wildcard rule against a 10,000-character command', () => {
    const rule = `${'a *'.repeat(STARS)}b`;
    const command = `a ${'a '.repeat(5_000)}`.slice(0, 10_000);
    expect(within(() => bashRuleMatches(rule, command, 'deny'))).toBe(false);
    expect(within(() => bashRuleMatches(rule, `${command}b`, 'deny'))).toBe(true);
  });

  it('paths: a 30-star path rule against a 10,000-character path', () => {
    const rule = `/${'a*'.repeat(STARS)}b`;
    const file = `/p/${'a'.repeat(10_000)}`;
    const paths = { cwd: '/p', projectDir: '/p' };
    expect(within(() => pathRuleMatches(rule, 'Read', { file_path: file }, 'deny', paths))).toBe(false);
    expect(within(() => pathRuleMatches(rule, 'Read', { file_path: `${file}b` }, 'deny', paths))).toBe(true);
  });

  it('domains: a 30-star domain rule against a 10,000-character host', () => {
    const rule = `domain:${'a*'.repeat(STARS)}b.com`;
    const host = `${'a'.repeat(9_990)}.com`;
    expect(within(() => webFetchRuleMatches(rule, { url: `https://${host}/` }, 'deny'))).toBe(false);
    expect(within(() => webFetchRuleMatches(rule, { url: `https://${'a'.repeat(9_989)}b.com/` }, 'deny'))).toBe(true);
  });
});
