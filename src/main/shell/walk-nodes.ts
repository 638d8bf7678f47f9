// BA3: reading tree-sitter's nodes without trusting them — errors, missing nodes and the blanks between words.
import type { SyntaxNode } from './parser';
import { TooComplex } from './too-complex';

export function kids(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of node.children) {
    if (!c) continue;
    if (c.isMissing || c.isError) throw new TooComplex('could not be parsed completely', c.isMissing ? 'MISSING' : 'ERROR');
    out.push(c);
  }
  return out;
}

export function lastLeaf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.lastChild) n = n.lastChild;
  return n;
}

export function isRedirect(node: SyntaxNode): boolean {
  return node.type === 'file_redirect' || node.type === 'herestring_redirect';
}

/** A redirection written with its fd (`2>x`) starts with a word-like token: Bash needs a blank before it. */
export function startsWithWord(node: SyntaxNode): boolean {
  return node.firstChild?.type === 'file_descriptor';
}

/**
 * The text between two nodes must be blanks Bash also sees as blanks: spaces, tabs, newlines, and
 * line continuations that do not glue two words together (`ec\⏎ho` is `echo` to Bash but two words
 * to tree-sitter). `needBlank`: the two nodes are separate words, so Bash needs a blank between them.
 * `inline`: both are inside one simple command, where a newline cannot be.
 */
export function checkGap(src: string, from: number, to: number, needBlank: boolean, inline = false): string {
  if (to < from) throw new TooComplex('overlapping nodes');
  if (to === from) {
    if (needBlank) throw new TooComplex('two words without a blank between them');
    return '';
  }
  const gap = src.slice(from, to);
  const blanks = gap.replace(/\\\n/g, '');
  if (!/^[ \t\n]*$/.test(blanks)) throw new TooComplex(`an unexpected character between words (${JSON.stringify(blanks.replace(/[ \t\n]/g, ''))})`);
  if (blanks === '') throw new TooComplex('a line continuation inside a word');
  // Inside one simple command a newline ends it for Bash; tree-sitter sometimes reads on (`echo >⏎x`).
  if (inline && blanks.includes('\n')) throw new TooComplex('a line break inside a command');
  return blanks;
}
