// Rust's fixed character sets and Unicode facts, spelled for JavaScript's v-mode RegExp: what `\w`, `\d`,
// `\s`, `[[:alpha:]]` and `\p{…}` stand for in Rust, and which characters fold together under `(?i)`.

export const WORD_U = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`;
export const WORD_A = '[0-9A-Za-z_]';

const NOT_WORD_U = String.raw`[^\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`;
const NOT_WORD_A = '[^0-9A-Za-z_]';

export const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: String.raw`\u{0}-\u{7F}`,
  blank: String.raw`\u{9}\u{20}`,
  cntrl: String.raw`\u{0}-\u{1F}\u{7F}`,
  digit: '0-9',
  graph: String.raw`\u{21}-\u{7E}`,
  lower: 'a-z',
  print: String.raw`\u{20}-\u{7E}`,
  punct: String.raw`\u{21}-\u{2F}\u{3A}-\u{40}\u{5B}-\u{60}\u{7B}-\u{7E}`,
  space: String.raw`\u{9}-\u{D}\u{20}`,
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

export function perlClass(letter: string, unicode: boolean): { src: string } {
  const negated = letter === letter.toUpperCase();
  switch (letter.toLowerCase()) {
    case 'd':
      return { src: unicode ? (negated ? String.raw`\P{Nd}` : String.raw`\p{Nd}`) : negated ? '[^0-9]' : '[0-9]' };
    case 's':
      return {
        src: unicode
          ? negated
            ? String.raw`\P{White_Space}`
            : String.raw`\p{White_Space}`
          : negated
            ? String.raw`[^\u{9}-\u{D}\u{20}]`
            : String.raw`[\u{9}-\u{D}\u{20}]`,
      };
    default:
      return { src: unicode ? (negated ? NOT_WORD_U : WORD_U) : negated ? NOT_WORD_A : WORD_A };
  }
}

function validProperty(body: string): boolean {
  try {
    new RegExp(`\\p{${body}}`, 'v');
    return true;
  } catch {
    return false;
  }
}

const titleWords = (s: string) =>
  s
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('_');

/** Rust's `\p{…}` name (loose: `greek`, `sc=Greek`, `Uppercase Letter`) → a JS property body, or undefined. */
export function jsProperty(name: string): string | undefined {
  const trimmed = name.trim();
  const kv = /^([^=:!]+?)\s*(=|:)\s*(.+)$/.exec(trimmed);
  if (kv) {
    const key = kv[1]!.toLowerCase().replace(/[\s_-]/g, '');
    const jsKey = key === 'gc' || key === 'generalcategory' ? 'gc' : key === 'sc' || key === 'script' ? 'sc' : key === 'scx' || key === 'scriptextensions' ? 'scx' : undefined;
    if (!jsKey) return undefined;
    const value = kv[3]!.trim();
    for (const v of [value, titleWords(value), value.toUpperCase()]) if (validProperty(`${jsKey}=${v}`)) return `${jsKey}=${v}`;
    return undefined;
  }
  for (const v of [trimmed, titleWords(trimmed), trimmed.toUpperCase()]) {
    if (validProperty(v)) return v;
    if (validProperty(`sc=${v}`)) return `sc=${v}`;
  }
  return undefined;
}

/** Characters that fold to each other under simple case folding but not through toLowerCase/toUpperCase. */
const EXTRA_FOLDS: readonly (readonly number[])[] = [
  [0x4b, 0x6b, 0x212a],
  [0x53, 0x73, 0x17f],
  [0xc5, 0xe5, 0x212b],
  [0x3a9, 0x3c9, 0x2126],
  [0xdf, 0x1e9e],
  [0x399, 0x3b9, 0x345, 0x1fbe],
  [0xb5, 0x39c, 0x3bc],
  [0x3a3, 0x3c3, 0x3c2],
  [0x392, 0x3b2, 0x3d0],
  [0x398, 0x3b8, 0x3d1, 0x3f4],
  [0x3a6, 0x3c6, 0x3d5],
  [0x3a0, 0x3c0, 0x3d6],
  [0x39a, 0x3ba, 0x3f0],
  [0x3a1, 0x3c1, 0x3f1],
  [0x395, 0x3b5, 0x3f5],
  [0x1e60, 0x1e61, 0x1e9b],
];

/** Every code point `cp` matches case-insensitively (itself included). */
export function caseVariants(cp: number): number[] {
  const out = new Set<number>([cp]);
  const add = (s: string) => {
    const cps = [...s];
    if (cps.length === 1) out.add(cps[0]!.codePointAt(0)!);
  };
  const ch = String.fromCodePoint(cp);
  for (const s of [ch.toLowerCase(), ch.toUpperCase()]) {
    add(s);
    add(s.toLowerCase());
    add(s.toUpperCase());
  }
  for (const group of EXTRA_FOLDS) if (group.some((g) => out.has(g))) for (const g of group) out.add(g);
  return [...out].sort((a, b) => a - b);
}
