// Splits a command line without tree-sitter (BA2 `parse-unavailable`): a deliberately small scanner
// that accepts a strict subset of what the AST walk accepts, with the same result, and refuses the rest.
//
// Never looser than analyze.ts: anything with `$`, backticks, parentheses, braces, here-docs, `#`,
// `!`, `[`/`]`, a line continuation or escaped blank, a non-ASCII or control character, an unusual
// program name, or a redirection other than `>`, `>>`, `<` (with an fd) and `>&N` is too-complex,
// and so are a few forms tree-sitter misreads. legacy-split.test.ts checks the subset property.
import { MAX_SUBCOMMANDS_FOR_SECURITY_CHECK, type CommandAnalysis, type Redirect, type Separator, type SimpleCommand, type Trailing } from './types';

/** Characters a bare word may hold as they are. */
const BARE = /[A-Za-z0-9\-_./:=@%+,~^*?]/;
/** Never accepted, quoted or not: they start expansions or compound syntax somewhere. */
const NEVER = /[$`(){}]/;

/** A program name as the legacy splitter accepts it: plain, backslashed (`\rm`), or wholly quoted. */
const PLAIN_NAME = /^(?:\\?[A-Za-z0-9_./~+][A-Za-z0-9_./+-]*|"[A-Za-z0-9_./+:-]+"|'[A-Za-z0-9_./+:-]+')$/;

type Token =
  | { t: 'word'; value: string; bare: string; start: number; end: number }
  | { t: 'op'; op: Separator; start: number; end: number }
  | { t: 'redir'; op: string; fd?: number; start: number; end: number };

class Refused extends Error {}

function refuse(reason: string): never {
  throw new Refused(reason);
}

export function legacySplit(command: string): CommandAnalysis {
  try {
    return split(command);
  } catch (err) {
    if (err instanceof Refused) return { kind: 'too-complex', reason: `${err.message} (legacy splitter)` };
    throw err;
  }
}

function split(src: string): CommandAnalysis {
  const tokens = scan(src);
  const commands: SimpleCommand[] = [];
  const separators: Separator[] = [];
  let trailing: Trailing | undefined;
  let current: Token[] = [];
  let pending: Separator | null = null;
  const flush = (): void => {
    if (current.length === 0) return;
    if (pending !== null) {
      separators.push(pending);
      pending = null;
    }
    commands.push(build(src, current));
    if (commands.length > MAX_SUBCOMMANDS_FOR_SECURITY_CHECK) refuse(`more than ${MAX_SUBCOMMANDS_FOR_SECURITY_CHECK} subcommands`);
    current = [];
  };
  for (const tok of tokens) {
    if (tok.t !== 'op') {
      current.push(tok);
      continue;
    }
    if (tok.op === '\n') {
      // A newline ends a command; after an operator (`a &&⏎b`) or on a blank line it is only a blank.
      if (current.length > 0) {
        flush();
        pending = '\n';
      }
      continue;
    }
    // `a;⏎b` is one `;`, read before the newline; an operator with no command before it (`;a`,
    // `a && && b`, `a⏎&& b`) is a syntax error to Bash.
    if (current.length === 0) refuse(`a ${tok.op} without a command before it`);
    flush();
    pending = tok.op;
  }
  flush();
  if (pending === '&' || pending === ';') trailing = pending;
  else if (pending !== null && pending !== '\n') refuse(`ends with ${pending}`);
  return trailing
    ? { kind: 'parse-unavailable', commands, separators, trailing }
    : { kind: 'parse-unavailable', commands, separators };
}

function build(src: string, toks: readonly Token[]): SimpleCommand {
  const first = toks[0]!;
  const last = toks[toks.length - 1]!;
  const base = first.start;
  const out: SimpleCommand = { text: src.slice(base, last.end), env: [], argv: [], redirects: [], argvOffsets: [] };
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!;
    if (tok.t === 'redir') {
      const target = toks[i + 1];
      const r: Redirect = { op: tok.op, target: '' };
      if (tok.fd !== undefined) r.fd = tok.fd;
      r.offset = tok.start - base;
      if (tok.op === '>&') {
        // scan() already read the digits of `>&N` into the token itself.
        r.target = src.slice(tok.start, tok.end).replace(/^\d*>&/, '');
      } else {
        if (!target || target.t !== 'word') refuse('a redirection without a target');
        r.target = target.value;
        i++;
      }
      out.redirects.push(r);
      continue;
    }
    if (tok.t !== 'word') refuse('an operator inside a command');
    const assign = out.argv.length === 0 ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(tok.bare) : null;
    if (assign) {
      out.env.push({ name: assign[1]!, value: tok.value.slice(assign[0].length) });
      continue;
    }
    // tree-sitter reads `==` as an operator even as an argument.
    if (src[tok.start] === '=') refuse('a word starting with =');
    if (out.argv.length === 0) {
      if (tok.bare.includes('=')) refuse('an unusual assignment');
      // tree-sitter misreads some names at the start of a statement (`b%`, `5@`): only plain ones here.
      if (!PLAIN_NAME.test(src.slice(tok.start, tok.end))) refuse('an unusual command name');
    }
    out.argv.push(tok.value);
    out.argvOffsets!.push(tok.start - base);
  }
  if (out.argv.length === 0) refuse(out.env.length > 0 ? 'a standalone assignment' : 'a redirection without a command');
  return out;
}

/**
 * Words, operators and redirections. `bare` is the word's leading unquoted run (quoted characters
 * cut it short), which is what decides whether it is an assignment.
 */
function scan(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\n') {
      out.push({ t: 'op', op: '\n', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === '&' || c === '|' || c === ';') {
      const two = src.slice(i, i + 2);
      if (two === '&&' || two === '||' || two === '|&') {
        out.push({ t: 'op', op: two, start: i, end: i + 2 });
        i += 2;
        continue;
      }
      if (two === ';;' || two === ';&' || two === '&>' || two === '&|') refuse(`the operator ${two}`);
      out.push({ t: 'op', op: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === '<' || c === '>') {
      i = redirection(src, i, undefined, out);
      continue;
    }
    // A word (possibly an fd right before a redirection).
    const start = i;
    let value = '';
    let bare = '';
    let quoted = false;
    while (i < n) {
      const ch = src[i]!;
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '&' || ch === '|' || ch === ';') break;
      if (ch === '<' || ch === '>') {
        if (!quoted && /^\d+$/.test(value) && i > start) {
          i = redirection(src, i, Number(value), out, start);
          value = '';
          break;
        }
        refuse('a redirection glued to a word');
      }
      if (NEVER.test(ch)) refuse(`the character ${ch}`);
      if (ch === "'") {
        const close = src.indexOf("'", i + 1);
        if (close < 0) refuse('an unbalanced quote');
        value += checkQuoted(src.slice(i + 1, close));
        quoted = true;
        i = close + 1;
        continue;
      }
      if (ch === '"') {
        i++;
        let closed = false;
        while (i < n) {
          const q = src[i]!;
          if (q === '"') {
            closed = true;
            i++;
            break;
          }
          if (q === '\\' && (src[i + 1] === '"' || src[i + 1] === '\\')) {
            value += src[i + 1];
            i += 2;
            continue;
          }
          value += checkQuoted(q);
          i++;
        }
        if (!closed) refuse('an unbalanced quote');
        quoted = true;
        continue;
      }
      if (ch === '\\') {
        const next = src[i + 1];
        if (next === undefined || next === '\n') refuse('a line continuation');
        // tree-sitter skips `\ ` as a blank in places and does not join `'a'\b` into one word.
        if (next === ' ' || next === '\t') refuse('an escaped blank');
        if (i > start && (src[i - 1] === "'" || src[i - 1] === '"') && quoted) refuse('an escape right after a quote');
        if (src[i - 1] === '\n') refuse('an escape at the start of a line');
        value += checkQuoted(next);
        quoted = true;
        i += 2;
        continue;
      }
      if (!BARE.test(ch)) refuse(`the character ${JSON.stringify(ch)}`);
      value += ch;
      if (!quoted) bare += ch;
      i++;
    }
    if (i > start && (value !== '' || quoted)) out.push({ t: 'word', value, bare, start, end: i });
  }
  return out;
}

/** Printable ASCII only inside quotes; `$`, backticks and the rest of NEVER still refuse. */
function checkQuoted(s: string): string {
  for (const ch of s) {
    if (ch < ' ' || ch > '~') refuse(`the character ${JSON.stringify(ch)}`);
    if (NEVER.test(ch)) refuse(`the character ${ch}`);
  }
  return s;
}

/** `>`, `>>`, `<`, `>&N` at `i` (the fd, if any, began at `start`); returns where scanning resumes. */
function redirection(src: string, i: number, fd: number | undefined, out: Token[], start = i): number {
  const rest = src.slice(i);
  const dup = /^>&(\d+)(?=$|[ \t\n;&|])/.exec(rest);
  if (dup) {
    const end = i + dup[0].length;
    out.push(fd === undefined ? { t: 'redir', op: '>&', start, end } : { t: 'redir', op: '>&', fd, start, end });
    return end;
  }
  const op = rest.startsWith('>>') ? '>>' : rest[0] === '>' ? '>' : '<';
  const after = rest[op.length];
  if (after === '<' || after === '>' || after === '&' || after === '|') refuse(`the redirection ${rest.slice(0, op.length + 1)}`);
  const end = i + op.length;
  out.push(fd === undefined ? { t: 'redir', op, start, end } : { t: 'redir', op, fd, start, end });
  return end;
}
