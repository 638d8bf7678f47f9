// A changed file's cumulative diff and its +/− counts (first content → latest), for the Changes pane.
import type { PatchHunk } from '../../../shared/tools/edit';
import { countChanges, diffTexts, type ChangeCount } from '../diff/compute';
import type { CellChange, FileChange } from './select-changes';

export interface CellDiff {
  cell: CellChange;
  hunks: PatchHunk[];
}

export interface FileDiff extends ChangeCount {
  /** Text files: the whole file's hunks. */
  hunks: PatchHunk[];
  /** Notebooks: one diff per changed cell. */
  cells: CellDiff[];
}

// The pane's list, its totals and an opened file all ask for the same diff: compute it once per change.
const diffs = new WeakMap<FileChange, FileDiff>();

export function fileDiff(change: FileChange): FileDiff {
  const known = diffs.get(change);
  if (known) return known;
  let diff: FileDiff;
  if (change.type === 'text') {
    const hunks = diffTexts(change.before, change.after);
    diff = { hunks, cells: [], ...countChanges(hunks) };
  } else {
    const cells = change.cells.map((cell) => ({ cell, hunks: cell.after === null ? diffTexts(cell.before ?? '', '') : diffTexts(cell.before, cell.after) }));
    diff = { hunks: [], cells, ...countChanges(cells.flatMap((c) => c.hunks)) };
  }
  diffs.set(change, diff);
  return diff;
}

/** Created, changed or deleted (a notebook is always changed: its cells are what differ). */
export function changeKind(change: FileChange): 'created' | 'changed' {
  return change.type === 'text' && change.before === null ? 'created' : 'changed';
}
