// The programs a line runs, read off the tree where the walk gives up (BA2): named ones for deny and
// ask rules, and whether any is only known when the line runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from './parser';
import { programNames } from './program-names';

beforeAll(async () => {
  expect(await loadBashParser()).not.toBeNull();
});

describe('BA2 programNames', () => {
  it.each([
    ['echo $(rm -rf x)', ['echo $(rm -rf x)', 'rm -rf x']],
    ['for f in *; do "r"m "$f"; done', ['rm "$f"']],
    ["\\rm x `id`", ['rm x `id`', 'id']],
    ["git commit -m \"$(cat <<'EOF'\nfix $X\nEOF\n)\"", ["git commit -m \"$(cat <<'EOF'\nfix $X\nEOF\n)\"", 'cat']],
    ['f(){ rm x; }; f', ['rm x', 'f']],
  ])('%j runs %j, all named', (line, commands) => {
    expect(programNames(line)).toEqual({ commands, hidden: false });
  });

  it.each([['$X x'], ['${X} x'], ['r* x'], ['rm{,} x'], ['rm$IFS-rf x'], ["$'\\x72m' x"], ['eval "$X"'], ['bash -c "$CMD"'], ['echo "unterminated']])(
    '%j hides a program',
    (line) => {
      expect(programNames(line)?.hidden).toBe(true);
    },
  );
});
