// Hunks → rows for the diff views, pure: unified rows (old and new line numbers, + / − / context),
// side-by-side rows (a removed line beside the line that replaced it), readable hunk headings, and
// the text of each side for the highlighter (so a row finds its tokens by index).
import type { PatchHunk } from '../../../shared/tools/edit';

export type LineChange = 'context' | 'add' | 'del';

export interface DiffLine {
  change: LineChange;
  /** Line numbers in the old and new file (null on the side the line is not in). */
  oldNo: number | null;
  newNo: number | null;
  text: string;
  /** Index of the line in `oldSide` / `newSide` (for its tokens). */
  oldIdx: number | null;
  newIdx: number | null;
}

export interface HunkHeading {
  /** "Lines 12–19" (new file numbering), "Line 4", or "Removed lines 8–9". */
  label: string;
  /** The raw unified-diff header, "@@ -10,7 +12,8 @@". */
  header: string;
  /** Unchanged lines skipped before this hunk (0 = none or unknown). */
  skipped: number;
}

export type UnifiedRow =
  | { type: 'hunk'; key: string; heading: HunkHeading }
  | { type: 'line'; key: string; line: DiffLine }
  | { type: 'note'; key: string; text: string };

export interface SideCell {
  no: number;
  text: string;
  change: LineChange;
  /** Index in `oldSide` (left) or `newSide` (right). */
  idx: number;
}

export type SplitRow =
  | { type: 'hunk'; key: string; heading: HunkHeading }
  | { type: 'pair'; key: string; left: SideCell | null; right: SideCell | null }
  | { type: 'note'; key: string; text: string };

export interface DiffModel {
  rows: UnifiedRow[];
  /** Context and removed lines, in order: the old side's text for highlighting. */
  oldSide: string[];
  /** Context and added lines, in order: the new side's text for highlighting. */
  newSide: string[];
  added: number;
  removed: number;
}

const range = (start: number, count: number): string => (count <= 1 ? `${start}` : `${start}–${start + count - 1}`);

// jsdiff's structuredPatch numbers a hunk by the position of its first line even when a side is
// empty (an insertion before line 2 has oldStart 2, oldLines 0); a unified header writes one less.
const firstOld = (h: PatchHunk): number => Math.max(1, h.oldStart);
const firstNew = (h: PatchHunk): number => Math.max(1, h.newStart);
const headerStart = (start: number, count: number): number => (count === 0 ? Math.max(0, start - 1) : start);

/**
 * A hunk's heading; `skipped` counts the unchanged lines between `previous` (or the file's start) and
 * it. `offset` shifts every line number (a preview that starts at line `offset + 1`).
 */
export function hunkHeading(h: PatchHunk, previous: PatchHunk | null, offset = 0): HunkHeading {
  const header = `@@ -${headerStart(firstOld(h) + offset, h.oldLines)},${h.oldLines} +${headerStart(firstNew(h) + offset, h.newLines)},${h.newLines} @@`;
  const label =
    h.newLines === 0
      ? `Removed ${h.oldLines === 1 ? 'line' : 'lines'} ${range(firstOld(h) + offset, h.oldLines)}`
      : `${h.newLines === 1 ? 'Line' : 'Lines'} ${range(firstNew(h) + offset, h.newLines)}`;
  const skipped = previous ? firstOld(h) - (firstOld(previous) + previous.oldLines) : firstOld(h) - 1 + offset;
  return { label, header, skipped: Math.max(0, skipped) };
}

const NO_NEWLINE = /^\\ ?No newline at end of file/;

export function buildDiff(hunks: readonly PatchHunk[], offset = 0): DiffModel {
  const rows: UnifiedRow[] = [];
  const oldSide: string[] = [];
  const newSide: string[] = [];
  let added = 0;
  let removed = 0;
  hunks.forEach((h, hi) => {
    rows.push({ type: 'hunk', key: `h${hi}`, heading: hunkHeading(h, hunks[hi - 1] ?? null, offset) });
    let oldNo = firstOld(h) + offset;
    let newNo = firstNew(h) + offset;
    h.lines.forEach((raw, li) => {
      const key = `h${hi}l${li}`;
      const sign = raw[0];
      const text = raw.slice(1);
      if (sign === '\\' || NO_NEWLINE.test(raw)) {
        rows.push({ type: 'note', key, text: 'No newline at the end of the file' });
        return;
      }
      if (sign === '+') {
        rows.push({ type: 'line', key, line: { change: 'add', oldNo: null, newNo, text, oldIdx: null, newIdx: newSide.length } });
        newSide.push(text);
        newNo++;
        added++;
      } else if (sign === '-') {
        rows.push({ type: 'line', key, line: { change: 'del', oldNo, newNo: null, text, oldIdx: oldSide.length, newIdx: null } });
        oldSide.push(text);
        oldNo++;
        removed++;
      } else {
        rows.push({ type: 'line', key, line: { change: 'context', oldNo, newNo, text, oldIdx: oldSide.length, newIdx: newSide.length } });
        oldSide.push(text);
        newSide.push(text);
        oldNo++;
        newNo++;
      }
    });
  });
  return { rows, oldSide, newSide, added, removed };
}

/** Side by side: context on both sides; in a run of changes, the n-th removed line beside the n-th added one. */
export function splitRows(rows: readonly UnifiedRow[]): SplitRow[] {
  const out: SplitRow[] = [];
  let dels: DiffLine[] = [];
  let adds: DiffLine[] = [];
  const flush = (): void => {
    const n = Math.max(dels.length, adds.length);
    for (let i = 0; i < n; i++) {
      const d = dels[i];
      const a = adds[i];
      out.push({
        type: 'pair',
        key: `p${d ? `o${d.oldNo}` : ''}${a ? `n${a.newNo}` : ''}`,
        left: d ? { no: d.oldNo!, text: d.text, change: 'del', idx: d.oldIdx! } : null,
        right: a ? { no: a.newNo!, text: a.text, change: 'add', idx: a.newIdx! } : null,
      });
    }
    dels = [];
    adds = [];
  };
  for (const row of rows) {
    if (row.type === 'line' && row.line.change === 'del') {
      // A removal after additions starts a new run.
      if (adds.length > 0) flush();
      dels.push(row.line);
      continue;
    }
    if (row.type === 'line' && row.line.change === 'add') {
      adds.push(row.line);
      continue;
    }
    flush();
    if (row.type === 'line') {
      const l = row.line;
      out.push({
        type: 'pair',
        key: `c${l.oldNo}`,
        left: { no: l.oldNo!, text: l.text, change: 'context', idx: l.oldIdx! },
        right: { no: l.newNo!, text: l.text, change: 'context', idx: l.newIdx! },
      });
    } else {
      out.push(row);
    }
  }
  flush();
  return out;
}
