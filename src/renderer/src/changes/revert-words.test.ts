// PX6: what the Changes pane says about reverting — what will be lost (lines added and removed, a
// created file deleted), what a revert did, and when a record no longer applies.
import { describe, expect, it } from 'vitest';
import type { RevertFileResult } from '../../../shared/ipc/contract';
import { canRevert, currentRecord, isUndone, laterChangesText, lossText, revertSummary, undoneBadge } from './revert-words';
import type { FileChange } from './select-changes';

const text = (before: string | null, after: string, calls = 1): FileChange => ({ type: 'text', path: '/p/a.ts', callIds: Array.from({ length: calls }, (_, i) => `c${i}`), before, after });
const notebook: FileChange = { type: 'notebook', path: '/p/n.ipynb', callIds: ['c1'], cells: [{ cellId: 'a', cellType: 'code', before: 'x', after: 'y' }] };
const result = (outcome: RevertFileResult['outcome'], over: Partial<RevertFileResult> = {}): RevertFileResult => ({ path: '/p/a.ts', outcome, message: 'm', canOverwrite: false, ...over });

describe('revert words (PX6)', () => {
  it('what will be lost: lines the assistant added and removed; a created file is deleted; notebooks stay', () => {
    expect(lossText(text('a\nb\n', 'a\nB\nc\n'))).toBe('Goes back to how it was: 2 lines the assistant added will be removed, and 1 line it removed will come back.');
    expect(lossText(text('a\nb\n', 'a\n'))).toBe('Goes back to how it was: 1 line it removed will come back.');
    expect(lossText(text('a\n', 'a\n'))).toBe('Nothing will be lost: it was already changed back.');
    expect(lossText(text(null, 'x\ny\n'))).toBe('Will be deleted: it did not exist before this conversation, so its 2 lines will be gone.');
    expect(lossText(text(null, ''))).toBe('Will be deleted: it did not exist before this conversation.');
    expect(lossText(notebook)).toBe('Stays as it is: notebooks cannot be reverted yet.');
    expect([canRevert(text('a', 'b')), canRevert(notebook)]).toEqual([true, false]);
  });

  it('a revert’s record applies until the assistant changes the file again', () => {
    const r = result('restored');
    expect(currentRecord({ result: r, calls: 1 }, text('a', 'b', 1))).toBe(r);
    expect(currentRecord({ result: r, calls: 1 }, text('a', 'b', 2))).toBeNull();
    expect(currentRecord(undefined, text('a', 'b'))).toBeNull();
  });

  it('outcomes: undone or not, the badge, later changes, one summary line', () => {
    expect(['restored', 'deleted', 'already', 'refused', 'failed'].map((o) => isUndone(result(o as RevertFileResult['outcome'])))).toEqual([true, true, true, false, false]);
    expect([undoneBadge(result('deleted')), undoneBadge(result('restored'))]).toEqual(['Deleted', 'Reverted']);
    expect(laterChangesText(result('refused', { laterChanges: { added: 1, removed: 2 } }))).toBe('Since then: 1 line added and 2 lines removed.');
    expect(laterChangesText(result('refused'))).toBeNull();
    expect(revertSummary([result('restored')])).toBe('The file is back as it was.');
    expect(revertSummary([result('restored'), result('deleted')])).toBe('All 2 files are back as they were.');
    expect(revertSummary([result('refused')])).toBe('The file was not reverted: see why below.');
    expect(revertSummary([result('refused'), result('failed')])).toBe('None of the 2 files were reverted: see why below.');
    expect(revertSummary([result('restored'), result('refused')])).toBe('1 file reverted; 1 file not: see why below.');
  });
});
