// Turns a Bash command line into its simple commands by walking tree-sitter-bash's AST through an
// allow-list of node kinds (BA2, BA3); anything outside the list makes the command `too-complex`.
//
// Fail closed: the walk never guesses. A node kind it does not know, an anonymous token it does not
// expect, a parse error, or a place where tree-sitter and Bash could disagree about word boundaries
// (a line continuation joining two words, a carriage return tree-sitter reads as a blank) ends the
// analysis with a reason; the permission layer then asks.
import { legacySplit } from '../../shared/shell/legacy-split';
import { loadBashParser, loadedBashParser, type BashParser, type SyntaxNode } from './parser';
import { MAX_SUBCOMMANDS_FOR_SECURITY_CHECK, type CommandAnalysis, type Redirect, type Separator, type SimpleCommand, type Trailing } from './types';
import { bracesExpand, joinPieces, unquoteBare, unquoteDouble, unquoteSingle, type Piece } from './words';

/** Longer commands are not walked: parse time grows with them and no reviewable command is this long. */
export const MAX_ANALYZED_LENGTH = 10_000;

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

const REDIRECT_OPS = new Set(['>', '>>', '<', '>&', '<&', '>|', '&>', '&>>', '>&-', '<&-']);
const CLOSING_OPS = new Set(['>&-', '<&-']);
const WORDISH = new Set(['word', 'number', 'string', 'raw_string', 'concatenation']);

/** Why a kind outside the allow-list is refused, for the ones people write. */
const REFUSED: Record<string, string> = {
  command_substitution: 'command substitution ($(…) or backticks)',
  simple_expansion: 'variable expansion ($name)',
  expansion: 'parameter expansion (${…})',
  process_substitution: 'process substitution (<(…) or >(…))',
  arithmetic_expansion: 'arithmetic expansion ($((…)))',
  subshell: 'a subshell ( … )',
  compound_statement: 'a command group { …; }',
  if_statement: 'an if statement',
  for_statement: 'a for loop',
  c_style_for_statement: 'a for loop',
  while_statement: 'a while/until loop',
  case_statement: 'a case statement',
  function_definition: 'a function definition',
  test_command: 'a test expression ([[ … ]] or [ … ])',
  negated_command: 'a negated command (! …)',
  heredoc_redirect: 'a here-document',
  ansi_c_string: "an ANSI-C quoted string ($'…')",
  translated_string: 'a locale string ($"…")',
  brace_expression: 'brace expansion ({a..b})',
  declaration_command: 'a declaration (export, declare, local, readonly, typeset)',
  unset_command: 'unset',
  variable_assignments: 'a standalone assignment (it changes what later commands see)',
  variable_assignment: 'a standalone assignment (it changes what later commands see)',
  array: 'an array',
  subscript: 'an array subscript',
  extglob_pattern: 'an extended glob',
  arithmetic_expression: 'arithmetic',
  '$': 'a lone $ or $"…"',
};

class TooComplex extends Error {
  constructor(
    readonly reason: string,
    readonly nodeType?: string,
  ) {
    super(reason);
  }
}

function refuse(node: SyntaxNode, where?: string): never {
  const type = node.type;
  const what = REFUSED[type] ?? (node.isNamed ? `a ${type} node` : `the token ${JSON.stringify(type)}`);
  throw new TooComplex(`contains ${what}${where ? ` ${where}` : ''}`, type);
}

/**
 * Analyses `command` with the loaded parser; without one (not loaded yet, or the wasm failed) it falls
 * back to the stricter legacy splitter and says so (`parse-unavailable`).
 */
export function analyzeCommand(command: string, parser: BashParser | null = loadedBashParser()): CommandAnalysis {
  if (!parser) return legacySplit(command);
  if (command.length > MAX_ANALYZED_LENGTH) {
    return { kind: 'too-complex', reason: `longer than ${MAX_ANALYZED_LENGTH} characters` };
  }
  try {
    return parser.withTree(command, (root) => walkProgram(root, command)) ?? {
      kind: 'too-complex',
      reason: 'could not be parsed',
    };
  } catch (err) {
    if (err instanceof TooComplex) {
      return err.nodeType === undefined
        ? { kind: 'too-complex', reason: err.reason }
        : { kind: 'too-complex', reason: err.reason, nodeType: err.nodeType };
    }
    throw err;
  }
}

/** Loads the parser first if needed; for callers that are not on a hot path. */
export async function analyzeCommandAsync(command: string): Promise<CommandAnalysis> {
  return analyzeCommand(command, await loadBashParser());
}

interface Walk {
  src: string;
  commands: SimpleCommand[];
  separators: Separator[];
}

function walkProgram(root: SyntaxNode, src: string): CommandAnalysis {
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

function assignment(src: string, node: SyntaxNode): { name: string; value: string } {
  const [name, eq, value, ...rest] = kids(node);
  if (!name || name.type !== 'variable_name' || !eq || rest.length > 0) refuse(node, 'in this form');
  if (eq.type !== '=') throw new TooComplex(`contains an assignment with ${JSON.stringify(eq.type)}`, eq.type);
  if (eq.startIndex !== name.endIndex) throw new TooComplex('an assignment split apart', 'variable_assignment');
  if (!value) return { name: name.text, value: '' };
  if (value.startIndex !== eq.endIndex) throw new TooComplex('an assignment split apart', 'variable_assignment');
  return { name: name.text, value: literal(src, value) };
}

function redirection(src: string, node: SyntaxNode): { redirect: Redirect; extra: SyntaxNode[] } {
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
function literal(src: string, node: SyntaxNode): string {
  const piece = pieceOf(src, node, false);
  if (bracesExpand(piece)) throw new TooComplex('contains brace expansion ({a,b})', 'brace_expression');
  return piece.value;
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
      for (const c of kids(node)) {
        if (c.isNamed ? c.type !== 'string_content' : c.type !== '"') refuse(c, 'inside double quotes');
      }
      if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) refuse(node, 'in this form');
      const p = unquoteDouble(text.slice(1, -1));
      if (!p) throw new TooComplex('a double-quoted string with an expansion', node.type);
      return p;
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

function kids(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of node.children) {
    if (!c) continue;
    if (c.isMissing || c.isError) throw new TooComplex('could not be parsed completely', c.isMissing ? 'MISSING' : 'ERROR');
    out.push(c);
  }
  return out;
}

function lastLeaf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.lastChild) n = n.lastChild;
  return n;
}

function isRedirect(node: SyntaxNode): boolean {
  return node.type === 'file_redirect' || node.type === 'herestring_redirect';
}

/** A redirection written with its fd (`2>x`) starts with a word-like token: Bash needs a blank before it. */
function startsWithWord(node: SyntaxNode): boolean {
  return node.firstChild?.type === 'file_descriptor';
}

/**
 * The text between two nodes must be blanks Bash also sees as blanks: spaces, tabs, newlines, and
 * line continuations that do not glue two words together (`ec\⏎ho` is `echo` to Bash but two words
 * to tree-sitter). `needBlank`: the two nodes are separate words, so Bash needs a blank between them.
 * `inline`: both are inside one simple command, where a newline cannot be.
 */
function checkGap(src: string, from: number, to: number, needBlank: boolean, inline = false): string {
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
