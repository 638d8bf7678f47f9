// TL2's read-before-write rule for Write, Edit and NotebookEdit: the file must have been read whole
// (code 6) and must not have changed since (code 7) — a touched mtime with byte-identical content passes.
import type { FileStateCache } from './file-state';

export const NOT_READ_ERROR_CODE = 6;
export const MODIFIED_ERROR_CODE = 7;
export const NOT_READ_MESSAGE = 'File has not been read yet. Read it first before writing to it.';
export const MODIFIED_MESSAGE =
  'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';

export type Freshness = { ok: true } | { ok: false; errorCode: 6 | 7; message: string };

export interface CurrentFile {
  /** sha256 (hex) of the bytes on disk now. */
  hash: string;
}

/** No cache (fail closed), no record, or a partial view → 6; other bytes than were read → 7. */
export function checkFreshness(fileState: FileStateCache | undefined, path: string, current: CurrentFile): Freshness {
  const record = fileState?.get(path);
  if (!record) return { ok: false, errorCode: NOT_READ_ERROR_CODE, message: NOT_READ_MESSAGE };
  if (!record.full) {
    const seen = record.ranges?.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
    const part = seen && record.totalLines !== undefined ? ` Only lines ${seen} of ${record.totalLines} were read;` : ' Only part of it was read;';
    return { ok: false, errorCode: NOT_READ_ERROR_CODE, message: `${NOT_READ_MESSAGE}${part} read the whole file (in ranges if it is long) first.` };
  }
  // Comparing the bytes, not the mtime, is what lets a touched-but-identical file through (sync
  // clients, antivirus) and still catches a same-second rewrite a coarse mtime would miss.
  if (record.hash !== current.hash) return { ok: false, errorCode: MODIFIED_ERROR_CODE, message: MODIFIED_MESSAGE };
  return { ok: true };
}
