// BA3: the literal value of a word, an assignment or a redirection, or too-complex when it is not a literal.
import { catHeredocValue } from './cat-heredoc';
import type { SyntaxNode } from './parser';
import { refuse, TooComplex } from './too-complex';
import type { Redirect } from './types';
import { checkGap, kids } from './walk-nodes';
import { bracesExpand, joinPieces, unquoteBare, unquoteDouble, unquoteSingle, type Piece } from './words';

const REDIRECT_OPS = new Set(['>', '>>', '<', '>&', '<&', '>|', '&>', '&>>', '>&-', '<&-']);
const CLOSING_OPS = new Set(['>&-', '<&-']);
export const WORDISH = new Set(['word', 'number', 'string', 'raw_string', 'concatenation']);

export function assignment(src: string, node: SyntaxNode): { name: string; value: string } {
  const [name, eq, value, ...rest] = kids(node);
  if (!name || name.type !== 'variable_name' || !eq || rest.length > 0) refuse(node, 'in this form');
  if (eq.type !== '=') throw new TooComplex(`contains an assignment with ${JSON.stringify(eq.type)}`, eq.type);
  if (eq.startIndex !== name.endIndex) throw new TooComplex('an assignment split apart', 'variable_assignment');
  if (!value) return { name: name.text, value: '' };
  if (value.startIndex !== eq.endIndex) throw new TooComplex('an assignment split apart', 'variable_assignment');
  return { name: name.text, value: literal(src, value) };
}

export function redirection(src: string, node: SyntaxNode): { redirect: Redirect; extra: SyntaxNode[] } {
  const children = kids(node);
  let i = 0;
  let fd: number | undefined;
  const first = children[0];
  if (first?.type === 'file_descriptor') {
    if (!/^\d+$/.test(first.text)) refuse(first);
    fd = Number(first.text);
    if (children[1] && children[1].startIndex !== first.endIndex) throw new TooComplex('a redirection split apart', node.type);
    i = 1;
  }
  const op = children[i];
  if (!op || op.isNamed) throw new TooComplex('an unusual redirection', node.type);
  const allowed = node.type === 'herestring_redirect' ? op.type === '<<<' : REDIRECT_OPS.has(op.type);
  if (!allowed) refuse(op, 'as a redirection');
  const dests = children.slice(i + 1);
  let prevEnd = op.endIndex;
  for (const [k, d] of dests.entries()) {
    checkGap(src, prevEnd, d.startIndex, k > 0, true);
    prevEnd = d.endIndex;
  }
  const redirect: Redirect = { op: op.type, target: '' };
  if (fd !== undefined) redirect.fd = fd;
  if (CLOSING_OPS.has(op.type)) return { redirect, extra: dests };
  const [target, ...extra] = dests;
  if (!target) throw new TooComplex('a redirection without a target', node.type);
  redirect.target = literal(src, target);
  return { redirect, extra };
}

/** A word-level node's value after quote removal, or too-complex when it is not a literal. */
export function literal(src: string, node: SyntaxNode): string {
  const piece = pieceOf(src, node, false);
  if (bracesExpand(piece)) throw new TooComplex('contains brace expansion ({a,b})', 'brace_expression');
  return piece.value;
}

function doubleQuoted(inner: string, node: SyntaxNode): Piece {
  const p = unquoteDouble(inner);
  if (!p) throw new TooComplex('a double-quoted string with an expansion', node.type);
  return p;
}

function pieceOf(src: string, node: SyntaxNode, inConcatenation: boolean): Piece {
  const text = src.slice(node.startIndex, node.endIndex);
  switch (node.type) {
    case 'word':
    case 'number': {
      if (kids(node).length > 0) refuse(kids(node)[0]!, `inside a ${node.type}`);
      const p = unquoteBare(text);
      if (!p) throw new TooComplex('a word with an expansion or stray quote', node.type);
      return p;
    }
    case 'raw_string':
      if (text.length < 2 || !text.startsWith("'") || !text.endsWith("'")) refuse(node, 'in this form');
      return unquoteSingle(text.slice(1, -1));
    case 'string': {
      // The parts between literal `$(cat <<'EOF' …)` substitutions are unquoted as usual.
      const pieces: Piece[] = [];
      let at = node.startIndex + 1;
      for (const c of kids(node)) {
        if (c.type === 'command_substitution') {
          const value = catHeredocValue(src, c);
          if (value === null) refuse(c, 'inside double quotes');
          pieces.push(doubleQuoted(src.slice(at, c.startIndex), node), { value, mask: 'q'.repeat(value.length) });
          at = c.endIndex;
        } else if (c.isNamed ? c.type !== 'string_content' : c.type !== '"') refuse(c, 'inside double quotes');
      }
      if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) refuse(node, 'in this form');
      pieces.push(doubleQuoted(src.slice(at, node.endIndex - 1), node));
      return joinPieces(pieces);
    }
    case 'concatenation': {
      if (inConcatenation) refuse(node, 'inside a concatenation');
      const parts = kids(node);
      let at = node.startIndex;
      const pieces: Piece[] = [];
      for (const part of parts) {
        if (part.startIndex !== at) throw new TooComplex('a word tree-sitter split apart', node.type);
        if (!part.isNamed || !WORDISH.has(part.type)) refuse(part, 'inside a word');
        pieces.push(pieceOf(src, part, true));
        at = part.endIndex;
      }
      if (at !== node.endIndex || parts.length === 0) throw new TooComplex('a word tree-sitter split apart', node.type);
      return joinPieces(pieces);
    }
    default:
      refuse(node);
  }
}
