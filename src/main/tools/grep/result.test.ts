// The shared post-processing: Claude Code's head_limit/offset paging, rg's `--` group breaks, rg's path
// order, paths relative to the cwd.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatGrepLine } from '../../../shared/tools/grep';
import { applyHeadLimit, comparePaths, contentLines, shownPath } from './result';

describe('Grep result shaping (TL)', () => {
  it('TL head_limit: default 250, 0 unlimited, appliedLimit only when something was cut', () => {
    const items = Array.from({ length: 300 }, (_, k) => k);
    expect(applyHeadLimit(items, undefined, 0)).toEqual({ items: items.slice(0, 250), appliedLimit: 250 });
    expect(applyHeadLimit(items, 0, 0)).toEqual({ items });
    expect(applyHeadLimit(items, 0, 295)).toEqual({ items: [295, 296, 297, 298, 299] });
    expect(applyHeadLimit(items, 10, 290)).toEqual({ items: items.slice(290, 300) });
    expect(applyHeadLimit(items, 10, 289)).toEqual({ items: items.slice(289, 299), appliedLimit: 10 });
    expect(applyHeadLimit(items, 5, 400)).toEqual({ items: [] });
  });

  it("TL `--` between files and between gaps, only with context, as rg prints", () => {
    const hits = [
      { path: '/p/a', lines: [{ n: 1, match: true, text: 'a1' }, { n: 2, match: false, text: 'a2\r' }, { n: 5, match: true, text: 'a5' }] },
      { path: '/p/b', lines: [{ n: 3, match: true, text: 'b3' }] },
    ];
    const show = (p: string) => path.basename(p);
    const fmt = (ctx: boolean) => contentLines(hits, show, ctx).map((l) => formatGrepLine(l, { withFilename: true, lineNumbers: true }));
    expect(fmt(true)).toEqual(['a:1:a1', 'a-2-a2', '--', 'a:5:a5', '--', 'b:3:b3']);
    expect(fmt(false)).toEqual(['a:1:a1', 'a-2-a2', 'a:5:a5', 'b:3:b3']);
    expect(contentLines([{ path: '/p/x.bin', binaryOffset: 7 }], show, false)).toEqual([{ kind: 'binary', file: 'x.bin', text: 'binary file matches (found "\\0" byte around offset 7)' }]);
  });

  it("TL rg --sort path order: component by component, bytes", () => {
    const sorted = ['/p/a.txt', '/p/a/b/c', '/p/B', '/p/a-b', '/p/ä'].sort(comparePaths);
    expect(sorted).toEqual(['/p/B', '/p/a/b/c', '/p/a-b', '/p/a.txt', '/p/ä']);
  });

  it('TL paths relative to the cwd inside it, absolute outside', () => {
    expect(shownPath('/w/proj/src/a.ts', '/w/proj')).toBe('src/a.ts');
    expect(shownPath('/w/other/a.ts', '/w/proj')).toBe('/w/other/a.ts');
    expect(shownPath('/w/proj', '/w/proj')).toBe('/w/proj');
  });

  it('TL formatGrepLine without file names or numbers', () => {
    expect(formatGrepLine({ kind: 'context', file: 'a', line: 3, text: 't' }, { withFilename: false, lineNumbers: true })).toBe('3-t');
    expect(formatGrepLine({ kind: 'match', file: 'a', line: 3, text: 't' }, { withFilename: true, lineNumbers: false })).toBe('a:t');
    expect(formatGrepLine({ kind: 'separator', text: '--' }, { withFilename: true, lineNumbers: true })).toBe('--');
  });
});
