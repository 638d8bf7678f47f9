// The syntax tree the parser hands the emitter, and the error and option types every stage shares: a
// module of its own so that the parser and the emitter depend on it rather than on each other.

export class RegexSyntaxError extends Error {
  override name = 'RegexSyntaxError';
}

export interface TranslateOptions {
  caseInsensitive: boolean;
  /** rg -U --multiline-dotall: the whole file is the haystack and `.` matches "\n". */
  multiline: boolean;
}

export type AssertKind = 'lineStart' | 'lineEnd' | 'textStart' | 'textEnd' | 'wordB' | 'notWordB' | 'wordStart' | 'wordEnd' | 'wordStartHalf' | 'wordEndHalf';

export type SetItem =
  | { k: 'char'; cp: number }
  | { k: 'range'; from: number; to: number }
  /** A ready v-mode class operand (`\p{Nd}`, `[…]`): case-closed perl classes or Unicode properties. */
  | { k: 'src'; src: string; caseSensitive: boolean }
  | { k: 'bracket'; b: Bracket };
export type SetExpr = { k: 'union'; items: SetItem[] } | { k: 'op'; op: '&&' | '--' | '~~'; left: SetExpr; right: SetExpr };

export interface Bracket {
  negated: boolean;
  expr: SetExpr;
}

export type Node =
  | { t: 'empty' }
  | { t: 'lit'; cp: number; ci: boolean }
  | { t: 'dot'; s: boolean }
  | { t: 'class'; b: Bracket; ci: boolean }
  | { t: 'assert'; k: AssertKind; u: boolean }
  | { t: 'group'; node: Node }
  | { t: 'concat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'repeat'; node: Node; min: number; max: number | undefined; greedy: boolean };
