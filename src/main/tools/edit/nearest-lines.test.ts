// The "nearest similar lines" quoted when an old_string matches nothing: best first, non-overlapping,
// found anywhere in a large file, and an honest note when nothing is close.
import { describe, expect, it } from 'vitest';
import { nearestCandidates, nearestLinesText } from './nearest-lines';

describe('nearest similar lines', () => {
  it('ranks by similarity and keeps at most 3 non-overlapping places', () => {
    const file = ['const alpha = 1;', 'const alpha = 2;', 'let beta = 3;', 'const alpha = 10;', 'zzz', 'const alpah = 1;'].join('\n');
    const found = nearestCandidates(file, 'const alpha = 1');
    expect(found.map((c) => c.line)).toEqual([1, 4, 2]);
  });

  it('finds a line near the end of a 150,000-line file', () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => `value_${i} = compute(${i})`);
    lines[149_000] = 'export function handleRequest(req, res) {';
    const found = nearestCandidates(lines.join('\n'), 'export function handleRequst(req, res) {');
    expect(found[0]!.line).toBe(149_001);
  });

  it('says so when nothing is similar', () => {
    expect(nearestLinesText('aaaa\nbbbb\n', 'completely different text')).toBe('No similar lines were found in the file.');
  });
});
