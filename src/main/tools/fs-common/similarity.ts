// A cheap string similarity (Sørensen–Dice over character bigrams, 0..1) for "did you mean" file
// names and for quoting the lines nearest to an old_string that did not match.

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** Scores many strings against one: its bigrams are counted once. */
export function diceScorer(a: string): (b: string) => number {
  const ga = a.length >= 2 ? bigrams(a) : new Map<string, number>();
  return (b) => {
    if (a === b) return 1;
    if (a.length < 2 || b.length < 2) return a.trim() !== '' && a.trim() === b.trim() ? 1 : 0;
    const gb = bigrams(b);
    let common = 0;
    for (const [g, n] of ga) common += Math.min(n, gb.get(g) ?? 0);
    return (2 * common) / (a.length - 1 + (b.length - 1));
  };
}

export function diceSimilarity(a: string, b: string): number {
  return diceScorer(a)(b);
}
