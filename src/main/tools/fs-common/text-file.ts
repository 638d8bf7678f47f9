// Loads a file the editing tools will rewrite: its bytes, decoded text ("\n"-normalised too), the
// format to write it back in, its hash and stat. Missing → null; not a regular file → FileToolError.
import { readFile, stat } from 'node:fs/promises';
import { decodeText, toLF, type TextFormat } from './encoding';
import { FileToolError } from './errors';
import { sha256 } from './hash';

/** Edit/Write hold the whole file (and a copy) in memory: refuse absurd sizes up front. */
export const MAX_EDITABLE_FILE_BYTES = 256 * 1024 * 1024;

export interface LoadedTextFile {
  bytes: Buffer;
  /** Decoded, BOM stripped, line endings as on disk. */
  text: string;
  textLF: string;
  format: TextFormat;
  hash: string;
  mtimeMs: number;
  size: number;
}

/** Error code used for "not a regular file" and "too large" by the callers' validateInput. */
export const NOT_A_FILE_ERROR_CODE = 10;

/** What a plan (Edit, Write, NotebookEdit) makes of loading: the file (null if missing), or why it cannot be edited. */
export type PlanLoad = { ok: true; file: LoadedTextFile | null } | { ok: false; errorCode: number; message: string };

/** loadTextFile for the editing tools' plans: a FileToolError becomes the plan's failure. */
export async function loadForPlan(abs: string): Promise<PlanLoad> {
  try {
    return { ok: true, file: await loadTextFile(abs) };
  } catch (e) {
    if (e instanceof FileToolError) return { ok: false, errorCode: e.errorCode, message: e.message };
    throw e;
  }
}

export async function loadTextFile(abs: string): Promise<LoadedTextFile | null> {
  let st;
  try {
    st = await stat(abs);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT' || (e as { code?: unknown }).code === 'ENOTDIR') return null;
    throw e;
  }
  if (st.isDirectory()) throw new FileToolError(`${abs} is a directory, not a file.`, NOT_A_FILE_ERROR_CODE);
  if (!st.isFile()) throw new FileToolError(`${abs} is not a regular file (a device, pipe or socket).`, NOT_A_FILE_ERROR_CODE);
  if (st.size > MAX_EDITABLE_FILE_BYTES) {
    throw new FileToolError(`${abs} is too large to edit (${st.size} bytes; the limit is ${MAX_EDITABLE_FILE_BYTES}).`, NOT_A_FILE_ERROR_CODE);
  }
  const bytes = await readFile(abs);
  const { text, format } = decodeText(bytes);
  return { bytes, text, textLF: toLF(text), format, hash: sha256(bytes), mtimeMs: st.mtimeMs, size: st.size };
}
