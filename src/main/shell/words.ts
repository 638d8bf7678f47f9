// Quote removal for the three literal word forms Bash has, shared by the AST walk and the legacy splitter.
//
// Each function returns the word's value plus a mask of which characters were quoted ('q') or bare
// ('u'), because brace expansion only happens on bare braces and commas. null means "this is not a
// literal": a bare `$` or backtick here would be an expansion the caller failed to see, so it refuses.

export interface Piece {
  value: string;
  /** One letter per character of `value`: 'u' bare, 'q' quoted or escaped. */
  mask: string;
}

/** A bare (unquoted) word: `\x` is x, `\` newline vanishes (a line continuation). */
export function unquoteBare(raw: string): Piece | null {
  let value = '';
  let mask = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      const next = raw[i + 1];
      if (next === undefined) return null; // a trailing backslash joins with whatever comes next
      i++;
      if (next === '\n') continue;
      value += next;
      mask += 'q';
      continue;
    }
    if (c === '$' || c === '`' || c === "'" || c === '"') return null;
    // A bare blank cannot be inside one word: tree-sitter glued two words (`ls ⏎\\rm x` is one
    // command to it, two to Bash).
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f') return null;
    value += c;
    mask += 'u';
  }
  return { value, mask };
}

/** The inside of "…": only `\$ \` \" \\` and `\` newline are escapes; other backslashes stay. */
export function unquoteDouble(inner: string): Piece | null {
  let value = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '\\') {
      const next = inner[i + 1];
      if (next === '$' || next === '`' || next === '"' || next === '\\') {
        value += next;
        i++;
        continue;
      }
      if (next === '\n') {
        i++;
        continue;
      }
      value += c;
      continue;
    }
    if (c === '$' || c === '`' || c === '"') return null;
    value += c;
  }
  return { value, mask: 'q'.repeat(value.length) };
}

/** The inside of '…': everything literal. */
export function unquoteSingle(inner: string): Piece {
  return { value: inner, mask: 'q'.repeat(inner.length) };
}

export function joinPieces(pieces: readonly Piece[]): Piece {
  return { value: pieces.map((p) => p.value).join(''), mask: pieces.map((p) => p.mask).join('') };
}

/**
 * Whether Bash would brace-expand the word (`{a,b}`, `x{1..3}`): a bare `{` followed later by a bare
 * `}` with a bare `,` or `..` between them. Broader than Bash's own rule on purpose (nesting is not
 * tracked), so it may refuse a literal but never passes an expansion; `{}` and `@{u}` stay literal.
 */
export function bracesExpand(p: Piece): boolean {
  const { value, mask } = p;
  for (let i = 0; i < value.length; i++) {
    if (value[i] !== '{' || mask[i] !== 'u') continue;
    let sep = false;
    for (let j = i + 1; j < value.length; j++) {
      if (mask[j] !== 'u') continue;
      const c = value[j];
      if (c === ',' || (c === '.' && value[j + 1] === '.' && mask[j + 1] === 'u')) sep = true;
      else if (c === '}' && sep) return true;
    }
  }
  return false;
}
