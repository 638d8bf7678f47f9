// Diff rows (UI2): line numbering on both sides, readable hunk headings, side-by-side pairing, the
// sides' text for the highlighter, and the jsdiff helpers the views and the Changes pane rely on.
import { describe, expect, it } from 'vitest';
import { applyHunks, countChanges, diffTexts, splitLines } from './compute';
import { buildDiff, splitRows, type DiffLine } from './model';

// 20 lines; line 4 becomes two lines and line 17 goes: far enough apart for two hunks.
const BASE = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
const OLD = BASE.join('\n') + '\n';
const NEW = [...BASE.slice(0, 3), 'D1', 'D2', ...BASE.slice(4, 16), ...BASE.slice(17)].join('\n') + '\n';

const lines = (hunks: ReturnType<typeof diffTexts>, offset?: number): [string, number | null, number | null, string][] =>
  buildDiff(hunks, offset)
    .rows.filter((r): r is { type: 'line'; key: string; line: DiffLine } => r.type === 'line')
    .map((r) => [r.line.change, r.line.oldNo, r.line.newNo, r.line.text]);

describe('diffTexts / applyHunks / countChanges', () => {
  it('equal texts have no hunks; a change round-trips through applyHunks', () => {
    expect(diffTexts('x\n', 'x\n')).toEqual([]);
    const hunks = diffTexts(OLD, NEW);
    expect(applyHunks(OLD, hunks)).toBe(NEW);
    expect(countChanges(hunks)).toEqual({ added: 2, removed: 2 });
  });

  it('a new file (null) is every line added', () => {
    const hunks = diffTexts(null, 'one\ntwo\n');
    expect(countChanges(hunks)).toEqual({ added: 2, removed: 0 });
    expect(applyHunks('', hunks)).toBe('one\ntwo\n');
  });

  it('hunks that do not fit the text are refused (null), never applied loosely', () => {
    expect(applyHunks('something else\n', diffTexts(OLD, NEW))).toBeNull();
  });

  it('splitLines: a final newline does not start another line', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\nb')).toEqual(['a', 'b']);
  });
});

describe('buildDiff (UI2: old and new line numbers)', () => {
  it('numbers context on both sides, removals on the old side, additions on the new side', () => {
    const got = lines(diffTexts(OLD, NEW));
    // Hunk 1: l4 → D1, D2.
    expect(got.slice(0, 9)).toEqual([
      ['context', 1, 1, 'l1'],
      ['context', 2, 2, 'l2'],
      ['context', 3, 3, 'l3'],
      ['del', 4, null, 'l4'],
      ['add', null, 4, 'D1'],
      ['add', null, 5, 'D2'],
      ['context', 5, 6, 'l5'],
      ['context', 6, 7, 'l6'],
      ['context', 7, 8, 'l7'],
    ]);
    // Hunk 2: l17 removed; new-side numbers carry the earlier extra line.
    expect(got.slice(9)).toEqual([
      ['context', 14, 15, 'l14'],
      ['context', 15, 16, 'l15'],
      ['context', 16, 17, 'l16'],
      ['del', 17, null, 'l17'],
      ['context', 18, 18, 'l18'],
      ['context', 19, 19, 'l19'],
      ['context', 20, 20, 'l20'],
    ]);
  });

  it('hunk headings read as line ranges of the new file, with the unchanged lines skipped between', () => {
    const model = buildDiff(diffTexts(OLD, NEW));
    const headings = model.rows.filter((r) => r.type === 'hunk').map((r) => (r.type === 'hunk' ? r.heading : null));
    expect(headings).toEqual([
      { label: 'Lines 1–8', header: '@@ -1,7 +1,8 @@', skipped: 0 },
      { label: 'Lines 15–20', header: '@@ -14,7 +15,6 @@', skipped: 6 },
    ]);
    const far = buildDiff(diffTexts(Array.from({ length: 40 }, (_, i) => `l${i + 1}`).join('\n'), Array.from({ length: 40 }, (_, i) => (i === 29 ? 'X' : `l${i + 1}`)).join('\n')));
    expect(far.rows[0]).toMatchObject({ type: 'hunk', heading: { label: 'Lines 27–33', header: '@@ -27,7 +27,7 @@', skipped: 26 } });
  });

  it('an offset (a trimmed preview) shifts every number and the heading', () => {
    const hunks = diffTexts('x\ny\n', 'x\nY\n');
    expect(lines(hunks, 100)).toEqual([
      ['context', 101, 101, 'x'],
      ['del', 102, null, 'y'],
      ['add', null, 102, 'Y'],
    ]);
    expect(buildDiff(hunks, 100).rows[0]).toMatchObject({ heading: { label: 'Lines 101–102', header: '@@ -101,2 +101,2 @@', skipped: 100 } });
  });

  it('a new file numbers from 1 and counts only additions', () => {
    const model = buildDiff(diffTexts(null, 'one\ntwo\n'));
    expect(model).toMatchObject({ added: 2, removed: 0, oldSide: [], newSide: ['one', 'two'] });
    expect(model.rows[0]).toMatchObject({ heading: { label: 'Lines 1–2', skipped: 0 } });
    expect(lines(diffTexts(null, 'one\ntwo\n'))).toEqual([
      ['add', null, 1, 'one'],
      ['add', null, 2, 'two'],
    ]);
  });

  it('a removal-only hunk is headed "Removed lines"', () => {
    const model = buildDiff(diffTexts('a\nb\nc\n', ''));
    expect(model.rows[0]).toMatchObject({ heading: { label: 'Removed lines 1–3', header: '@@ -1,3 +0,0 @@' } });
    // An insertion without context: the header says "after line 1" the unified way.
    expect(buildDiff(diffTexts('a\nb\n', 'a\nX\nb\n', 0)).rows[0]).toMatchObject({ heading: { label: 'Line 2', header: '@@ -1,0 +2,1 @@', skipped: 1 } });
  });

  it('the side texts index each row for its tokens; "no newline" markers become a note', () => {
    const model = buildDiff(diffTexts('a\nb', 'a\nc'));
    expect(model.oldSide).toEqual(['a', 'b']);
    expect(model.newSide).toEqual(['a', 'c']);
    for (const r of model.rows) {
      if (r.type !== 'line') continue;
      if (r.line.oldIdx !== null) expect(model.oldSide[r.line.oldIdx]).toBe(r.line.text);
      if (r.line.newIdx !== null) expect(model.newSide[r.line.newIdx]).toBe(r.line.text);
    }
    expect(model.rows.filter((r) => r.type === 'note').map((r) => (r.type === 'note' ? r.text : ''))).toEqual([
      'No newline at the end of the file',
      'No newline at the end of the file',
    ]);
  });
});

describe('splitRows (side by side)', () => {
  it('pairs the n-th removed line with the n-th added one; context spans both sides', () => {
    const rows = splitRows(buildDiff(diffTexts(OLD, NEW)).rows);
    const picture = rows.map((r) => (r.type === 'pair' ? `${r.left ? `${r.left.no}${r.left.change[0]}` : '-'}|${r.right ? `${r.right.no}${r.right.change[0]}` : '-'}` : r.type));
    expect(picture).toEqual(['hunk', '1c|1c', '2c|2c', '3c|3c', '4d|4a', '-|5a', '5c|6c', '6c|7c', '7c|8c', 'hunk', '14c|15c', '15c|16c', '16c|17c', '17d|-', '18c|18c', '19c|19c', '20c|20c']);
  });

  it('keys are unique', () => {
    const rows = splitRows(buildDiff(diffTexts(OLD, NEW)).rows);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});
