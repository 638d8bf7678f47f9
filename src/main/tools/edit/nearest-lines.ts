// For an old_string that matches nothing: the places in the file that look most like it (by Dice
// similarity over line windows as tall as old_string), quoted with line numbers so the model can
// see what actually differs (indentation, a renamed identifier, a stale copy).
import { formatNumberedLines } from '../fs-common/line-numbers';
import { diceScorer } from '../fs-common/similarity';

const MAX_CANDIDATES = 3;
const MIN_SIMILARITY = 0.4;
/** Lines quoted per candidate (a tall old_string is shown by its start). */
const MAX_QUOTED_LINES = 6;
/** Characters compared in all; past it, windows are sampled at a stride (a huge file stays fast). */
const MAX_COMPARED_CHARS = 20_000_000;

export interface Candidate {
  line: number;
  score: number;
  lines: string[];
}

export function nearestCandidates(contentLF: string, oldStringLF: string): Candidate[] {
  const fileLines = contentLF.split('\n');
  const want = oldStringLF.replace(/\n+$/, '').split('\n');
  const height = Math.max(1, Math.min(want.length, fileLines.length));
  const target = want.join('\n').trim();
  if (target === '') return [];
  const scored: Candidate[] = [];
  const windows = fileLines.length - height + 1;
  const stride = Math.max(1, Math.ceil((windows * (target.length + 1)) / MAX_COMPARED_CHARS));
  const score = diceScorer(target);
  for (let i = 0; i < windows; i += stride) {
    const slice = fileLines.slice(i, i + height);
    const s = score(slice.join('\n').trim());
    if (s >= MIN_SIMILARITY) scored.push({ line: i + 1, score: s, lines: slice });
  }
  scored.sort((a, b) => b.score - a.score || a.line - b.line);
  // Windows one line apart say the same thing: keep non-overlapping ones.
  const picked: Candidate[] = [];
  for (const c of scored) {
    if (picked.some((p) => Math.abs(p.line - c.line) < height)) continue;
    picked.push(c);
    if (picked.length === MAX_CANDIDATES) break;
  }
  return picked;
}

export function nearestLinesText(contentLF: string, oldStringLF: string): string {
  const found = nearestCandidates(contentLF, oldStringLF);
  if (found.length === 0) return 'No similar lines were found in the file.';
  const parts = found.map((c) => {
    const shown = c.lines.slice(0, MAX_QUOTED_LINES);
    const more = c.lines.length > shown.length ? `\n       … (${c.lines.length - shown.length} more lines)` : '';
    return `${formatNumberedLines(shown, c.line)}${more}`;
  });
  return `The most similar ${found.length === 1 ? 'place is' : 'places are'} (line number, tab, line):\n${parts.join('\n---\n')}`;
}
