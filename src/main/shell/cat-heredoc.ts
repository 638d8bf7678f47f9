// BA3: `"$(cat <<'EOF' … EOF)"` — the way commit messages are written — read as the literal text it is.
// With a quoted delimiter Bash expands nothing in the body, and `cat` prints it back unchanged, so the
// substitution's value is known before the command runs. Read from the source, line by line as Bash
// closes a here-document; anything Bash could read differently (a body line that starts with the
// delimiter, `<<-`, a delimiter not in single quotes or after a backslash — Claude Code's two forms —,
// other words around `cat`) is not read, and the caller asks.
import type { SyntaxNode } from './parser';
import { kids } from './walk-nodes';

const OPENING = /\$\(cat[ \t]*<<[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|\\([A-Za-z_][A-Za-z0-9_]*))[ \t]*\n/y;
const CLOSING = /^[ \t]*\)/;

/**
 * The literal `$(cat <<'D'` … `D` `)` that starts at `at` in `src`: where it ends (just past `)`) and
 * its value (the body without trailing newlines, as a substitution gives it); null for anything else.
 */
export function readCatHeredoc(src: string, at: number): { end: number; value: string } | null {
  OPENING.lastIndex = at;
  const opening = OPENING.exec(src);
  if (!opening) return null;
  const delimiter = opening[1] ?? opening[2]!;
  const body: string[] = [];
  for (let start = OPENING.lastIndex; start < src.length; ) {
    const nl = src.indexOf('\n', start);
    if (nl === -1) return null;
    const line = src.slice(start, nl);
    if (line === delimiter) {
      const close = CLOSING.exec(src.slice(nl + 1));
      return close ? { end: nl + 1 + close[0].length, value: body.join('\n').replace(/\n+$/, '') } : null;
    }
    // `EOF)` or `EOF ` closes the body for some shells and not others: not read.
    if (line.startsWith(delimiter)) return null;
    body.push(line);
    start = nl + 1;
  }
  return null;
}

/** The shape tree-sitter must agree on: `$(`, then `cat` with only a here-document, then `)`. */
function shapedLikeCatHeredoc(node: SyntaxNode): boolean {
  const [open, statement, close, ...more] = kids(node);
  if (more.length > 0 || open?.type !== '$(' || close?.type !== ')' || statement?.type !== 'redirected_statement') return false;
  const [command, heredoc, ...rest] = kids(statement);
  if (rest.length > 0 || command?.type !== 'command' || heredoc?.type !== 'heredoc_redirect') return false;
  const parts = kids(command);
  return parts.length === 1 && parts[0]!.type === 'command_name' && parts[0]!.text === 'cat';
}

/** The value of a substitution node that is a literal `$(cat <<'D' …)`, read as above and ending where tree-sitter ends it; else null. */
export function catHeredocValue(src: string, node: SyntaxNode): string | null {
  if (node.type !== 'command_substitution' || !shapedLikeCatHeredoc(node)) return null;
  const read = readCatHeredoc(src, node.startIndex);
  return read && read.end === node.endIndex ? read.value : null;
}
