// Deterministic fixture material shared by the benches: a seeded PRNG and a small code vocabulary.

/** mulberry32: small, fast, and the same everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WORDS = (
  'alpha beta gamma delta value result config parse render update state token buffer stream handle ' +
  'request response error message user session cache index search match filter option count limit ' +
  'offset path file line column window event signal worker queue batch retry timeout'
).split(' ');
