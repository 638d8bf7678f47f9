// BA2, BA3: walks tree-sitter-bash's AST through an allow-list of node kinds into simple commands and separators.
//
// Fail closed: the walk never guesses. A node kind it does not know, an anonymous token it does not
// expect, a parse error, or a place where tree-sitter and Bash could disagree about word boundaries
// (a line continuation joining two words, a carriage return tree-sitter reads as a blank) ends the
// walk with a reason.
import type { SyntaxNode } from './parser';
import { refuse, TooComplex } from './too-complex';
import { MAX_SUBCOMMANDS_FOR_SECURITY_CHECK, type CommandAnalysis, type Separator, type SimpleCommand, type Trailing } from './types';
import { checkGap, isRedirect, kids, lastLeaf, startsWithWord } from './walk-nodes';
import { assignment, literal, redirection, WORDISH } from './walk-words';

/** The node kinds the walk understands; every other kind is too-complex. */
export const ALLOWED_NODE_KINDS: readonly string[] = [
  'program',
  'list',
  'pipeline',
  'redirected_statement',
  'command',
  'command_name',
  'variable_assignment',
  'variable_name',
  'word',
  'number',
  'string',
  'string_content',
  'raw_string',
  'concatenation',
  'file_redirect',
  'file_descriptor',
  'herestring_redirect',
  'comment',
];

interface Walk {
  src: string;
  commands: SimpleCommand[];
  separators: Separator[];
}

export function walkProgram(root: SyntaxNode, src: string): CommandAnalysis {
  if (root.hasError || root.type !== 'program') {
    throw new TooComplex('could not be parsed completely', root.hasError ? 'ERROR' : root.type);
  }
  const w: Walk = { src, commands: [], separators: [] };
  let pending: Separator | null = null;
  let sawNewline = false;
  let havePrev = false;
  // From 0 to the end of the source, not the root's span: tree-sitter leaves blanks it skipped
  // (and `\ `, which it also skips as a blank) outside the root.
  let prevEnd = 0;
  for (const child of kids(root)) {
    const gap = checkGap(src, prevEnd, child.startIndex, false);
    if (gap.includes('\n')) sawNewline = true;
    prevEnd = child.endIndex;
    if (child.type === 'comment' && child.isNamed) {
      sawNewline = true; // a comment runs to the end of its line
      continue;
    }
    if (!child.isNamed) {
      if ((child.type === ';' || child.type === '&') && havePrev && pending === null) {
        pending = child.type;
        continue;
      }
      refuse(child);
    }
    if (havePrev) {
      if (pending === null && !sawNewline) throw new TooComplex('two statements without a separator', child.type);
      w.separators.push(pending ?? '\n');
    }
    walkStatement(w, child);
    havePrev = true;
    pending = null;
    sawNewline = false;
  }
  checkGap(src, prevEnd, src.length, false);
  const trailing: Trailing | null = pending;
  return trailing === null
    ? { kind: 'simple', commands: w.commands, separators: w.separators }
    : { kind: 'simple', commands: w.commands, separators: w.separators, trailing };
}

/**
 * Redirections tree-sitter hangs on a whole list or pipeline (`a && b > x` parses as `(a && b) > x`)
 * that Bash gives to the last simple command only; they travel down to it with the text's new end.
 */
interface Tail {
  end: number;
  redirects: SyntaxNode[];
}

function walkStatement(w: Walk, node: SyntaxNode, tail?: Tail): void {
  switch (node.type) {
    case 'command':
      return addCommand(w, node, node.startIndex, tail?.end ?? node.endIndex, tail?.redirects ?? []);
    case 'redirected_statement':
      return walkRedirected(w, node, tail);
    case 'list':
      return walkJoined(w, node, ['&&', '||'], tail);
    case 'pipeline':
      return walkJoined(w, node, ['|', '|&'], tail);
    default:
      refuse(node);
  }
}

/** `a && b`, `a | b`: statements alternating with the operators that may join them here. */
function walkJoined(w: Walk, node: SyntaxNode, ops: readonly string[], tail?: Tail): void {
  const children = kids(node);
  const last = children.findLastIndex((c) => c.isNamed && c.type !== 'comment');
  let expectStatement = true;
  let prevEnd = node.startIndex;
  for (const [k, child] of children.entries()) {
    checkGap(w.src, prevEnd, child.startIndex, false);
    prevEnd = child.endIndex;
    if (child.type === 'comment' && child.isNamed) {
      // `a && # note⏎ b` is fine; `a # note⏎ && b` is a syntax error to Bash (the line ended).
      if (!expectStatement) throw new TooComplex('a comment before an operator', 'comment');
      continue;
    }
    if (expectStatement) {
      if (!child.isNamed) refuse(child);
      walkStatement(w, child, k === last ? tail : undefined);
    } else {
      if (child.isNamed || !ops.includes(child.type)) refuse(child);
      w.separators.push(child.type as Separator);
    }
    expectStatement = !expectStatement;
  }
  checkGap(w.src, prevEnd, node.endIndex, false);
  if (expectStatement) throw new TooComplex(`ends with an operator`, node.type);
}

function walkRedirected(w: Walk, node: SyntaxNode, tail?: Tail): void {
  const children = kids(node);
  const body = children[0];
  if (!body || body.type === 'file_redirect' || body.type === 'herestring_redirect') {
    throw new TooComplex('a redirection without a command', body?.type ?? node.type);
  }
  const redirects = children.slice(1);
  let prevEnd = body.endIndex;
  for (const r of redirects) {
    if (!isRedirect(r)) refuse(r, 'among redirections');
    checkGap(w.src, prevEnd, r.startIndex, startsWithWord(r), true);
    prevEnd = r.endIndex;
  }
  checkGap(w.src, node.startIndex, body.startIndex, false);
  checkGap(w.src, prevEnd, node.endIndex, false);
  const mine: Tail = { end: tail?.end ?? node.endIndex, redirects: [...redirects, ...(tail?.redirects ?? [])] };
  if (body.type === 'command') return addCommand(w, body, node.startIndex, mine.end, mine.redirects);
  if (body.type === 'list' || body.type === 'pipeline') return walkStatement(w, body, mine);
  refuse(body);
}

/**
 * `cmd` holds assignments, the name, words and leading redirects; `more` are those written after it
 * (a redirected_statement's); its text is the source from `start` to `end`.
 */
function addCommand(w: Walk, cmd: SyntaxNode, start: number, end: number, more: readonly SyntaxNode[]): void {
  const base = start;
  const out: SimpleCommand = { text: w.src.slice(start, end), env: [], argv: [], redirects: [], argvOffsets: [] };
  const offsets = out.argvOffsets!;
  const own = kids(cmd);
  let named = false;
  let prev: SyntaxNode | null = null;
  for (const child of [...own, ...more]) {
    if (prev) {
      checkGap(w.src, prev.endIndex, child.startIndex, !isRedirect(child) || startsWithWord(child), true);
      // Digits glued to a redirection are its fd to Bash (`zz>2>&1` is a syntax error, `a \⏎ 2>x`
      // redirects stderr); tree-sitter read them as a word.
      if (isRedirect(child) && !startsWithWord(child) && prev.endIndex === child.startIndex && /^\d+$/.test(lastLeaf(prev).text)) {
        throw new TooComplex('a redirection whose fd tree-sitter did not see', child.type);
      }
    }
    prev = child;
    if (!child.isNamed) refuse(child, 'in a command');
    switch (child.type) {
      case 'variable_assignment':
        if (named) refuse(child, 'after the command name');
        out.env.push(assignment(w.src, child));
        break;
      case 'command_name': {
        const inner = kids(child);
        if (inner.length !== 1 || !inner[0]) throw new TooComplex('an unusual command name', 'command_name');
        out.argv.push(literal(w.src, inner[0]));
        offsets.push(child.startIndex - base);
        named = true;
        break;
      }
      case 'file_redirect':
      case 'herestring_redirect': {
        const { redirect, extra } = redirection(w.src, child);
        redirect.offset = child.startIndex - base;
        out.redirects.push(redirect);
        for (const e of extra) {
          out.argv.push(literal(w.src, e));
          offsets.push(e.startIndex - base);
        }
        break;
      }
      default:
        if (!WORDISH.has(child.type)) refuse(child);
        if (!named) throw new TooComplex('a word before the command name', child.type);
        out.argv.push(literal(w.src, child));
        offsets.push(child.startIndex - base);
    }
  }
  if (own.length > 0) checkGap(w.src, cmd.startIndex, own[0]!.startIndex, false);
  if (!named) throw new TooComplex('a command without a name', cmd.type);
  w.commands.push(out);
  if (w.commands.length > MAX_SUBCOMMANDS_FOR_SECURITY_CHECK) {
    throw new TooComplex(`more than ${MAX_SUBCOMMANDS_FOR_SECURITY_CHECK} subcommands`);
  }
}
