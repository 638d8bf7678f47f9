// PX8 (issue 16 item 2): the pattern matcher decides in time linear in its input, whatever the pattern.
// Correctness against the backtracking RegExp it replaces, and a guard against catastrophic patterns:
// the 1 s bound is no speed measurement (bench/rule-matching.bench.ts measures), it only fails where a
// backtracking engine would take minutes.
import { describe, expect, it } from 'vitest';
import { ANY, compile, literal, type Piece } from './automaton';

const star = (glob: string): Piece => ({
  t: 'seq',
  items: glob.split('*').flatMap((part, i) => [...(i > 0 ? [{ t: 'loop' as const, test: ANY }] : []), ...(part ? [literal(part)] : [])]),
});

describe('linear-time matcher', () => {
  it('agrees with RegExp on star globs', () => {
    const cases: Array<[string, string]> = [
      ['a*b', 'ab'], ['a*b', 'axxb'], ['a*b', 'axxbx'], ['*', ''], ['a*', 'a'], ['*a*', 'bab'], ['x*y*z', 'xyz'],
      ['x*y*z', 'xzy'], ['', ''], ['', 'a'], ['ab', 'ab'], ['a**b', 'ab'], ['é*ü', 'éaü'], ['😀*', '😀x'],
    ];
    for (const [glob, input] of cases) {
      const re = new RegExp(`^${glob.split(/\*+/).map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
      expect(compile(star(glob)).test(input), `${glob} on ${input}`).toBe(re.test(input));
    }
  });

  it('case-insensitively when asked', () => {
    expect(compile(star('Web*Fetch'), true).test('webfetch')).toBe(true);
    expect(compile(star('Web*Fetch')).test('webfetch')).toBe(false);
  });

  it('a 30-star pattern on a 10,000-character input that almost matches decides at once', () => {
    const glob = `${'a*'.repeat(30)}b`;
    const input = 'a'.repeat(10_000);
    const t0 = performance.now();
    expect(compile(star(glob)).test(input)).toBe(false);
    expect(compile(star(glob)).test(`${input}b`)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });
});
