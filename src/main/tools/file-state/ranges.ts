// Line-range bookkeeping for the read cache: merging what was shown and asking whether it covers the file.
import type { LineRange } from './file-state';

/** Sorted, with overlapping and adjacent ranges joined. */
export function mergeRanges(ranges: readonly LineRange[]): LineRange[] {
  const sorted = ranges.filter((r) => r[1] >= r[0]).map((r) => [r[0], r[1]] as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push(r);
  }
  return out;
}

/** Whether the ranges cover lines 1..totalLines (a 0-line file is covered by any read). */
export function coversAll(ranges: readonly LineRange[], totalLines: number): boolean {
  if (totalLines <= 0) return true;
  const merged = mergeRanges(ranges);
  return merged.length === 1 && merged[0]![0] <= 1 && merged[0]![1] >= totalLines;
}
