// What the Changes pane says about reverting (PX6), in plain words: what a revert will lose, what it
// did, and which files it can cover at all. Pure, so every sentence is tested.
import type { RevertFileResult } from '../../../shared/ipc/contract';
import type { RevertRecord } from '../stores/changes-store';
import { plural } from '../tools/shared/paths';
import { changeKind, fileDiff } from './change-diff';
import type { FileChange } from './select-changes';

/** What the pane says about what Revert covers (until checkpoints exist). */
export const REVERT_COVERAGE =
  'Revert puts a file back the way it was before this conversation. It covers files the assistant created or edited itself; changes made by commands it ran are not included, and notebooks cannot be reverted yet.';

/** Notebooks were recorded cell by cell, not as whole files: main cannot put them back. */
export function canRevert(change: FileChange): boolean {
  return change.type === 'text';
}

/** What reverting this file will lose. */
export function lossText(change: FileChange): string {
  if (!canRevert(change)) return 'Stays as it is: notebooks cannot be reverted yet.';
  const { added, removed } = fileDiff(change);
  if (changeKind(change) === 'created') {
    return `Will be deleted: it did not exist before this conversation${added > 0 ? `, so its ${plural(added, 'line')} will be gone` : ''}.`;
  }
  const parts = [
    ...(added > 0 ? [`${plural(added, 'line')} the assistant added will be removed`] : []),
    ...(removed > 0 ? [`${plural(removed, 'line')} it removed will come back`] : []),
  ];
  return parts.length === 0 ? 'Nothing will be lost: it was already changed back.' : `Goes back to how it was: ${parts.join(', and ')}.`;
}

/** The record of a revert, unless the assistant changed the file again since. */
export function currentRecord(record: RevertRecord | undefined, change: FileChange): RevertFileResult | null {
  return record && record.calls === change.callIds.length ? record.result : null;
}

/** Whether the file is back as it was (nothing left to revert). */
export function isUndone(result: RevertFileResult | null): boolean {
  return result !== null && (result.outcome === 'restored' || result.outcome === 'deleted' || result.outcome === 'already');
}

/** The badge of a reverted file. */
export function undoneBadge(result: RevertFileResult): string {
  return result.outcome === 'deleted' ? 'Deleted' : 'Reverted';
}

/** A refusal's detail: how much was changed after the assistant. */
export function laterChangesText(result: RevertFileResult): string | null {
  const later = result.laterChanges;
  if (!later) return null;
  const parts = [...(later.added > 0 ? [`${plural(later.added, 'line')} added`] : []), ...(later.removed > 0 ? [`${plural(later.removed, 'line')} removed`] : [])];
  return parts.length > 0 ? `Since then: ${parts.join(' and ')}.` : null;
}

/** One line about a whole revert. */
export function revertSummary(results: readonly RevertFileResult[]): string {
  const done = results.filter((r) => isUndone(r)).length;
  const notDone = results.length - done;
  if (notDone === 0) return done === 1 ? 'The file is back as it was.' : `All ${plural(done, 'file')} are back as they were.`;
  if (done === 0) return notDone === 1 ? 'The file was not reverted: see why below.' : `None of the ${plural(notDone, 'file')} were reverted: see why below.`;
  return `${plural(done, 'file')} reverted; ${plural(notDone, 'file')} not: see why below.`;
}
