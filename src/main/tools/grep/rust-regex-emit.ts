// The AST as JavaScript RegExp source, once per way a file is searched (a line, a whole-file prefilter,
// multiline), and the facts about the AST that decide the flags and whether the search is multiline.

import type { AssertKind, Bracket, Node, SetExpr, SetItem } from './rust-regex-ast';
import { caseVariants, WORD_A, WORD_U } from './rust-regex-tables';

/** Mixed case-insensitivity expands ranges into their case variants up to this many characters. */
export const RANGE_CASE_LIMIT = 2000;

function escapeCp(cp: number): string {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16)}}`;
}

export type Target = 'line' | 'prefilter' | 'multiline';

interface EmitContext {
  target: Target;
  /** Mixed case-insensitivity: `ci` nodes are expanded instead of relying on the `i` flag. */
  expandCase: boolean;
  fail: (message: string) => never;
}

function emitItem(item: SetItem, ec: EmitContext, ci: boolean): string {
  switch (item.k) {
    case 'char':
      return ci && ec.expandCase ? caseVariants(item.cp).map(escapeCp).join('') : escapeCp(item.cp);
    case 'range': {
      if (!(ci && ec.expandCase)) return `${escapeCp(item.from)}-${escapeCp(item.to)}`;
      if (item.to - item.from + 1 > RANGE_CASE_LIMIT) ec.fail('case-insensitivity for only part of the pattern is not supported by the built-in search for large ranges');
      const all = new Set<number>();
      for (let cp = item.from; cp <= item.to; cp++) for (const v of caseVariants(cp)) all.add(v);
      return [...all].map(escapeCp).join('');
    }
    case 'src':
      if (ci && ec.expandCase && item.caseSensitive) ec.fail('case-insensitivity for only part of the pattern is not supported by the built-in search for Unicode and POSIX classes');
      return item.src;
    case 'bracket':
      return emitBracket(item.b, ec, ci);
  }
}

function emitSet(e: SetExpr, ec: EmitContext, ci: boolean): string {
  if (e.k === 'union') return e.items.map((it) => emitItem(it, ec, ci)).join('');
  const l = `[${emitSet(e.left, ec, ci)}]`;
  const r = `[${emitSet(e.right, ec, ci)}]`;
  if (e.op === '~~') return `[${l}--${r}][${r}--${l}]`;
  return `${l}${e.op}${r}`;
}

function emitBracket(b: Bracket, ec: EmitContext, ci: boolean): string {
  return `[${b.negated ? '^' : ''}${emitSet(b.expr, ec, ci)}]`;
}

function emitAssert(k: AssertKind, u: boolean, target: Target): string {
  const w = u ? WORD_U : WORD_A;
  switch (k) {
    case 'lineStart':
      return target === 'line' ? '^' : '(?<![^\\n])';
    case 'lineEnd':
      return target === 'line' ? '$' : '(?![^\\n])';
    // Per line, rg's haystack is the line: \A and \z are the line's ends.
    case 'textStart':
      return target === 'line' ? '^' : target === 'prefilter' ? '(?<![^\\n])' : '(?<![\\s\\S])';
    case 'textEnd':
      return target === 'line' ? '$' : target === 'prefilter' ? '(?![^\\n])' : '(?![\\s\\S])';
    case 'wordB':
      return `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
    case 'notWordB':
      return `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`;
    case 'wordStart':
      return `(?<!${w})(?=${w})`;
    case 'wordEnd':
      return `(?<=${w})(?!${w})`;
    case 'wordStartHalf':
      return `(?<!${w})`;
    case 'wordEndHalf':
      return `(?!${w})`;
  }
}

function needsGroupForRepeat(n: Node): boolean {
  return n.t === 'concat' || n.t === 'alt' || n.t === 'repeat' || n.t === 'assert' || n.t === 'empty';
}

export function emit(n: Node, ec: EmitContext): string {
  switch (n.t) {
    case 'empty':
      return '';
    case 'lit':
      if (n.ci && ec.expandCase) {
        const v = caseVariants(n.cp);
        return v.length > 1 ? `[${v.map(escapeCp).join('')}]` : escapeCp(n.cp);
      }
      return escapeCp(n.cp);
    case 'dot':
      return n.s ? '[\\s\\S]' : '[^\\n]';
    case 'class':
      return emitBracket(n.b, ec, n.ci);
    case 'assert':
      return emitAssert(n.k, n.u, ec.target);
    case 'group':
      return `(?:${emit(n.node, ec)})`;
    case 'concat':
      return n.items.map((x) => emit(x, ec)).join('');
    case 'alt':
      return n.items.map((x) => emit(x, ec)).join('|');
    case 'repeat': {
      const inner = emit(n.node, ec);
      const atom = needsGroupForRepeat(n.node) ? `(?:${inner})` : inner;
      const q = n.min === 0 && n.max === undefined ? '*' : n.min === 1 && n.max === undefined ? '+' : n.min === 0 && n.max === 1 ? '?' : n.max === undefined ? `{${n.min},}` : n.max === n.min ? `{${n.min}}` : `{${n.min},${n.max}}`;
      return `${atom}${q}${n.greedy ? '' : '?'}`;
    }
  }
}

/** The case-insensitivity of every node where case matters: all on, all off, or mixed. */
export function caseMode(n: Node): { on: boolean; off: boolean } {
  const acc = { on: false, off: false };
  const visit = (x: Node): void => {
    switch (x.t) {
      case 'lit':
        if (caseVariants(x.cp).length > 1) acc[x.ci ? 'on' : 'off'] = true;
        break;
      case 'class':
        if (bracketHasCase(x.b)) acc[x.ci ? 'on' : 'off'] = true;
        break;
      case 'group':
        visit(x.node);
        break;
      case 'repeat':
        visit(x.node);
        break;
      case 'concat':
      case 'alt':
        x.items.forEach(visit);
        break;
    }
  };
  visit(n);
  return acc;
}

function bracketHasCase(b: Bracket): boolean {
  const inSet = (e: SetExpr): boolean =>
    e.k === 'op'
      ? inSet(e.left) || inSet(e.right)
      : e.items.some((it) => (it.k === 'src' ? it.caseSensitive : it.k === 'bracket' ? bracketHasCase(it.b) : true));
  return inSet(b.expr);
}

/** Whether "\n" may take part in a match (grep-regex's `non_matching_bytes`, where anchors count). */
export function canMatchNewline(n: Node, ec: EmitContext): boolean {
  switch (n.t) {
    case 'assert':
      return n.k === 'lineStart' || n.k === 'lineEnd' || n.k === 'textStart' || n.k === 'textEnd';
    case 'lit':
      return n.cp === 10;
    case 'dot':
      return n.s;
    case 'class':
      return new RegExp(emitBracket(n.b, ec, n.ci), n.ci && !ec.expandCase ? 'vi' : 'v').test('\n');
    case 'group':
      return canMatchNewline(n.node, ec);
    case 'repeat':
      return n.max !== 0 && canMatchNewline(n.node, ec);
    case 'concat':
    case 'alt':
      return n.items.some((x) => canMatchNewline(x, ec));
    default:
      return false;
  }
}
