// Structured patches for the diff views (jsdiff's structuredPatch, on "\n"-normalised text). A diff
// that would take too long (huge rewrites) falls back to one hunk replacing every line: still correct.
import { structuredPatch } from 'diff';
import type { PatchHunk } from '../../../shared/tools/edit';
import { splitLines } from './line-numbers';

const CONTEXT_LINES = 3;
const DIFF_TIMEOUT_MS = 1500;

export function makePatch(fileName: string, oldText: string, newText: string): PatchHunk[] {
  if (oldText === newText) return [];
  const patch = structuredPatch(fileName, fileName, oldText, newText, undefined, undefined, {
    context: CONTEXT_LINES,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (patch) return patch.hunks.map((h) => ({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: h.lines }));
  return [wholeFileHunk(oldText, newText)];
}

function wholeFileHunk(oldText: string, newText: string): PatchHunk {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  return {
    oldStart: oldLines.length ? 1 : 0,
    oldLines: oldLines.length,
    newStart: newLines.length ? 1 : 0,
    newLines: newLines.length,
    lines: [...oldLines.map((l) => `-${l}`), ...newLines.map((l) => `+${l}`)],
  };
}
