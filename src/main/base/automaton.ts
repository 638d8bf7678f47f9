// A pattern matcher that runs in time linear in its input, whatever the pattern (PX8, issue 16 item 2):
// the glob-like patterns people and repositories write (permission rules, .gitignore lines, domains)
// compile to a small NFA, run as a DFA built lazily state by state and cached, so a 30-star rule on a
// 10,000-character input decides in a few milliseconds where a backtracking RegExp may take minutes.
// Builders (fs/gitignore-glob.ts, permissions/star-glob.ts) describe the pattern; this file only runs it.

/** Which UTF-16 code units an edge accepts. */
export type CharTest = (code: number) => boolean;

export interface Matcher {
  test(input: string): boolean;
}

/** A pattern piece: the builders compose these; `compile` turns the whole into a Matcher. */
export type Piece =
  | { t: 'char'; test: CharTest }
  | { t: 'loop'; test: CharTest }
  | { t: 'seq'; items: Piece[] }
  | { t: 'alt'; items: Piece[] }
  | { t: 'opt'; item: Piece };

/** DFA states kept per matcher; past this the matcher simulates the NFA directly (still linear). */
const MAX_DFA_STATES = 2_000;

interface Nfa {
  /** Per state: its character edges. */
  edges: Array<Array<{ test: CharTest; to: number }>>;
  /** Per state: its epsilon edges. */
  eps: number[][];
  start: number;
  accept: number;
}

function buildNfa(root: Piece): Nfa {
  const edges: Nfa['edges'] = [];
  const eps: number[][] = [];
  const state = (): number => {
    edges.push([]);
    eps.push([]);
    return edges.length - 1;
  };
  // Each piece gets an entry and an exit state.
  const frag = (p: Piece, s: number, e: number): void => {
    switch (p.t) {
      case 'char':
        edges[s]!.push({ test: p.test, to: e });
        return;
      case 'loop': {
        const l = state();
        eps[s]!.push(l);
        edges[l]!.push({ test: p.test, to: l });
        eps[l]!.push(e);
        return;
      }
      case 'seq': {
        let cur = s;
        p.items.forEach((item, i) => {
          const next = i === p.items.length - 1 ? e : state();
          frag(item, cur, next);
          cur = next;
        });
        if (p.items.length === 0) eps[s]!.push(e);
        return;
      }
      case 'alt':
        for (const item of p.items) frag(item, s, e);
        if (p.items.length === 0) return;
        return;
      case 'opt':
        eps[s]!.push(e);
        frag(p.item, s, e);
        return;
    }
  };
  const start = state();
  const accept = state();
  frag(root, start, accept);
  return { edges, eps, start, accept };
}

function closure(nfa: Nfa, seeds: Iterable<number>): number[] {
  const seen = new Set<number>();
  const stack = [...seeds];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const t of nfa.eps[s]!) if (!seen.has(t)) stack.push(t);
  }
  return [...seen].sort((a, b) => a - b);
}

interface DfaState {
  nfa: number[];
  accepting: boolean;
  /** ASCII transitions (index = code unit), -1 = not computed yet; others in `wide`. */
  ascii: Int32Array;
  wide: Map<number, number>;
}

const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c < 128 ? c : String.fromCharCode(c).toLowerCase().charCodeAt(0));
const upper = (c: number): number => (c >= 97 && c <= 122 ? c - 32 : c < 128 ? c : String.fromCharCode(c).toUpperCase().charCodeAt(0));

/** `caseInsensitive`: an edge accepts a code unit when it accepts its lower- or upper-case form. */
export function compile(root: Piece, caseInsensitive = false): Matcher {
  const nfa = buildNfa(root);
  const accepts = (test: CharTest, c: number): boolean => test(c) || (caseInsensitive && (test(lower(c)) || test(upper(c))));
  const states: DfaState[] = [];
  const index = new Map<string, number>();
  const DEAD = -2;
  const intern = (set: number[]): number => {
    if (set.length === 0) return DEAD;
    const key = set.join(',');
    const known = index.get(key);
    if (known !== undefined) return known;
    if (states.length >= MAX_DFA_STATES) return -3;
    states.push({ nfa: set, accepting: set.includes(nfa.accept), ascii: new Int32Array(128).fill(-1), wide: new Map() });
    index.set(key, states.length - 1);
    return states.length - 1;
  };
  const step = (set: readonly number[], c: number): number[] => {
    const next: number[] = [];
    for (const s of set) for (const edge of nfa.edges[s]!) if (accepts(edge.test, c)) next.push(edge.to);
    return closure(nfa, next);
  };
  const startSet = closure(nfa, [nfa.start]);
  const first = intern(startSet);

  /** The NFA run directly: what a matcher falls back to once its DFA cache is full. */
  const simulate = (set: number[], input: string, from: number): boolean => {
    let cur = set;
    for (let i = from; i < input.length; i++) {
      cur = step(cur, input.charCodeAt(i));
      if (cur.length === 0) return false;
    }
    return cur.includes(nfa.accept);
  };

  return {
    test(input: string): boolean {
      let d = first;
      for (let i = 0; i < input.length; i++) {
        if (d === DEAD) return false;
        const st = states[d]!;
        const c = input.charCodeAt(i);
        let next = c < 128 ? st.ascii[c]! : (st.wide.get(c) ?? -1);
        if (next === -1) {
          const set = step(st.nfa, c);
          next = intern(set);
          if (next === -3) return simulate(set, input, i + 1);
          if (c < 128) st.ascii[c] = next;
          else if (st.wide.size < 256) st.wide.set(c, next);
        }
        d = next;
      }
      return d !== DEAD && states[d]!.accepting;
    },
  };
}

// Small piece constructors for the builders.
export const ch = (code: number): Piece => ({ t: 'char', test: (c) => c === code });
export const literal = (text: string): Piece => ({ t: 'seq', items: [...text].flatMap((s) => Array.from({ length: s.length }, (_, k) => ch(s.charCodeAt(k)))) });
export const seq = (...items: Piece[]): Piece => ({ t: 'seq', items });
export const ANY: CharTest = () => true;
