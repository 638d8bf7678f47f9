// "Did you mean …?" for a missing file (Read, Edit): names in the same folder close to the one asked for
// (same stem with another extension first, then by string similarity).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { diceSimilarity } from './similarity';

const MAX_SUGGESTIONS = 3;
const MIN_SIMILARITY = 0.5;
/** Do not rank huge folders name by name. */
const MAX_ENTRIES = 5000;

export async function similarFiles(abs: string): Promise<string[]> {
  const dir = path.dirname(abs);
  let names: string[];
  try {
    names = (await readdir(dir)).slice(0, MAX_ENTRIES);
  } catch {
    return [];
  }
  const want = path.basename(abs).toLowerCase();
  const stem = path.parse(want).name;
  const scored = names
    .map((n) => {
      const lower = n.toLowerCase();
      const sameStem = path.parse(lower).name === stem;
      return { n, score: sameStem ? 2 : diceSimilarity(want, lower) };
    })
    .filter((x) => x.score >= MIN_SIMILARITY && x.n.toLowerCase() !== want)
    .sort((a, b) => b.score - a.score || a.n.localeCompare(b.n));
  return scored.slice(0, MAX_SUGGESTIONS).map((x) => path.join(dir, x.n));
}
