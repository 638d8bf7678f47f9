// relativeTime: the words the session list shows for "when".
import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const at = (y: number, mo: number, d: number, h = 12, mi = 0): number => new Date(y, mo - 1, d, h, mi).getTime();

describe('relativeTime (UI session list)', () => {
  const now = at(2025, 6, 15, 12, 0);
  it.each([
    [now - 30_000, 'just now'],
    [now + 5_000, 'just now'], [now - 60_000, '1 min ago'],
    [at(2025, 6, 15, 11, 55), '5 min ago'],
    [at(2025, 6, 15, 9, 0), '3 h ago'],
    [at(2025, 6, 14, 23, 0), 'yesterday'],
    [at(2025, 6, 12, 8, 0), '3 days ago'],
    [at(2025, 3, 2), 'Mar 2'],
    [at(2023, 12, 24), 'Dec 24, 2023'],
  ])('%s → %s', (then, words) => {
    expect(relativeTime(then, now)).toBe(words);
  });
});
