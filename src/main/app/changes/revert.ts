// PX6: put files back as they were before the conversation, from the session's own record. Each file
// is checked on its own: inside the project's working folders, and as the assistant left it — a file
// someone changed after the assistant's last write is refused (unless the person chose to overwrite
// those changes too). Text is written back atomically in the file's own format (encoding, BOM, line
// endings, as the tools kept them); a file the conversation created is deleted.
import { unlink } from 'node:fs/promises';
import type { InvokeResponseInput } from '../../../shared/ipc/contract';
import { nodeAtomicFs, writeFileAtomic, type AtomicFs } from '../../fs/atomic-write';
import { isInWorkingDirectories } from '../../fs/working-dirs';
import { DEFAULT_TEXT_FORMAT, encodeWithFormat } from '../../tools/fs-common/encoding';
import { makePatch } from '../../tools/fs-common/patch';
import { loadTextFile, type LoadedTextFile } from '../../tools/fs-common/text-file';
import type { RecordedChange } from './recorded-changes';

export type RevertFileResult = InvokeResponseInput<'changes:revert'>['files'][number];

export interface RevertOptions {
  /** Every file the conversation changed (recordedChanges). */
  changes: ReadonlyMap<string, RecordedChange>;
  paths: readonly string[] | 'all';
  /** The project folder and its additional working folders. */
  workingDirectories: readonly string[];
  /** The explicit second choice: revert even files changed since the assistant's last write. */
  overwriteLaterChanges: boolean;
  /** Tests inject failures. */
  fs?: AtomicFs;
  remove?: (path: string) => Promise<void>;
}

const SAME_AGAIN = 'It is already as it was before this conversation.';

function refused(path: string, reason: NonNullable<RevertFileResult['reason']>, message: string, extra: Partial<RevertFileResult> = {}): RevertFileResult {
  return { path, outcome: 'refused', reason, message, ...extra };
}

/** How the file on disk differs from what the assistant last wrote, in lines. */
function laterChanges(last: string, now: string): { added: number; removed: number } {
  const lines = makePatch('file', last, now).flatMap((h) => h.lines);
  return { added: lines.filter((l) => l.startsWith('+')).length, removed: lines.filter((l) => l.startsWith('-')).length };
}

function changedSince(change: RecordedChange, now: LoadedTextFile | null): RevertFileResult {
  if (!now) {
    return refused(change.path, 'deleted_since', 'Not reverted: the file was deleted after the assistant changed it. Reverting would bring back the version from before this conversation.', { canOverwrite: true });
  }
  if (change.last === null) {
    return refused(change.path, 'unknown_content', 'Not reverted: the assistant’s last change could not be checked against the file, so it may hold other changes. Reverting would replace the whole file.', { canOverwrite: true });
  }
  const diff = laterChanges(change.last, now.textLF);
  return refused(
    change.path,
    'changed_since',
    'Not reverted: the file was changed after the assistant’s last edit (by you or by another program). Reverting now would throw those changes away too.',
    { canOverwrite: true, laterChanges: diff },
  );
}

async function revertOne(change: RecordedChange, opts: RevertOptions): Promise<RevertFileResult> {
  const { path } = change;
  if (change.notebook) {
    return refused(path, 'notebook', 'Not reverted: notebooks cannot be reverted yet, because only the changed cells were recorded, not the whole notebook.');
  }
  if (!(await isInWorkingDirectories(path, opts.workingDirectories))) {
    return refused(path, 'outside_project', 'Not reverted: the file is outside this project’s folders.');
  }
  const now = await loadTextFile(path);
  const asLeft = now !== null && change.last !== null && now.textLF === change.last;
  if (change.original === null) {
    if (!now) return { path, outcome: 'already', message: 'It is already gone.' };
    if (!asLeft && !opts.overwriteLaterChanges) return changedSince(change, now);
    await (opts.remove ?? unlink)(path);
    return { path, outcome: 'deleted', message: 'Deleted: this conversation created it.' };
  }
  if (now && now.textLF === change.original) return { path, outcome: 'already', message: SAME_AGAIN };
  if (!asLeft && !opts.overwriteLaterChanges) return changedSince(change, now);
  // The tools kept the file's format, so what is on disk now says how the original was encoded.
  await writeFileAtomic(path, encodeWithFormat(change.original, now?.format ?? DEFAULT_TEXT_FORMAT), opts.fs ?? nodeAtomicFs);
  return { path, outcome: 'restored', message: 'Reverted: back to how it was before this conversation.' };
}

export async function revertChanges(opts: RevertOptions): Promise<RevertFileResult[]> {
  const paths = opts.paths === 'all' ? [...opts.changes.keys()] : [...new Set(opts.paths)];
  const results: RevertFileResult[] = [];
  for (const path of paths) {
    const change = opts.changes.get(path);
    if (!change) {
      results.push(refused(path, 'not_changed', 'Not reverted: this conversation did not change this file.'));
      continue;
    }
    try {
      results.push(await revertOne(change, opts));
    } catch (err) {
      results.push({ path, outcome: 'failed', message: `Could not revert: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  return results;
}
