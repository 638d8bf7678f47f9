// Patches in the renderer, with jsdiff: the hunks between two texts (a preview, a cumulative change),
// a patch applied to its original text, and the +/− counts. Pure; huge rewrites stay bounded in time.
import { applyPatch, structuredPatch } from 'diff';
import type { PatchHunk } from '../../../shared/tools/edit';

const CONTEXT_LINES = 3;
/** A diff that would take longer falls back to one hunk replacing everything: still correct. */
const DIFF_TIMEOUT_MS = 400;

/** Lines of "\n"-separated text; a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** One hunk replacing every line (numbered as jsdiff numbers hunks: from 1 even when a side is empty). */
function wholeTextHunk(oldText: string, newText: string): PatchHunk {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  return {
    oldStart: 1,
    oldLines: oldLines.length,
    newStart: 1,
    newLines: newLines.length,
    lines: [...oldLines.map((l) => `-${l}`), ...newLines.map((l) => `+${l}`)],
  };
}

/** The hunks that turn `oldText` (null = the file did not exist) into `newText`; [] when equal. */
export function diffTexts(oldText: string | null, newText: string, context = CONTEXT_LINES): PatchHunk[] {
  const before = oldText ?? '';
  if (before === newText) return [];
  const patch = structuredPatch('a', 'b', before, newText, undefined, undefined, { context, timeout: DIFF_TIMEOUT_MS });
  if (!patch) return [wholeTextHunk(before, newText)];
  return patch.hunks.map((h) => ({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: h.lines }));
}

/** `hunks` applied to `oldText` exactly (no fuzz); null when they do not fit it. */
export function applyHunks(oldText: string, hunks: readonly PatchHunk[]): string | null {
  if (hunks.length === 0) return oldText;
  try {
    const out = applyPatch(oldText, { oldFileName: 'a', newFileName: 'b', oldHeader: undefined, newHeader: undefined, hunks: hunks.map((h) => ({ ...h, lines: [...h.lines] })) });
    return out === false ? null : out;
  } catch {
    return null;
  }
}

export interface ChangeCount {
  added: number;
  removed: number;
}

export function countChanges(hunks: readonly PatchHunk[]): ChangeCount {
  let added = 0;
  let removed = 0;
  for (const h of hunks) {
    for (const l of h.lines) {
      if (l.startsWith('+')) added++;
      else if (l.startsWith('-')) removed++;
    }
  }
  return { added, removed };
}
