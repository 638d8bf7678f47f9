// BA1 heredocs: quoted bodies removed before the checks read a command; the `$(cat <<'EOF' …)` early allow.

const PLACEHOLDER = '__HEREDOC__';
const WORD_CHAR = /[A-Za-z0-9_]/;
const WORD_END = /[ \t\n;&|()<>]/;

interface HeredocOperator {
  opStart: number;
  opEnd: number;
  delimiter: string;
  dash: boolean;
  quoted: boolean;
}

function readWord(text: string, from: number): number {
  let i = from;
  while (i < text.length && WORD_CHAR.test(text[i] as string)) i++;
  return i;
}

/** `<<[-] 'EOF'`, `<<"EOF"`, `<<\EOF` (quoted: a literal body) or `<<EOF`; null for anything fancier. */
function parseOperator(text: string, at: number): HeredocOperator | null {
  let i = at + 2;
  const dash = text[i] === '-';
  if (dash) i++;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const q = text[i];
  let quoted = true;
  let start = i;
  let end: number;
  if (q === "'" || q === '"') {
    start = i + 1;
    end = readWord(text, start);
    if (text[end] !== q) return null;
    i = end + 1;
  } else {
    if (q === '\\') start = i + 1;
    else quoted = false;
    end = readWord(text, start);
    i = end;
  }
  // `<<'EOF'x` or `<<E"OF"` name another delimiter than the one read: leave such commands alone.
  if (end === start || (i < text.length && !WORD_END.test(text[i] as string))) return null;
  return { opStart: at, opEnd: i, delimiter: text.slice(start, end), dash, quoted };
}

/** Where the line that closes a heredoc ends (its newline or the end of the text), or -1. */
function closingLineEnd(text: string, from: number, delimiter: string, dash: boolean): number {
  let p = from;
  for (;;) {
    const nl = text.indexOf('\n', p);
    const end = nl === -1 ? text.length : nl;
    let line = text.slice(p, end);
    if (dash) line = line.replace(/^\t+/, '');
    if (line === delimiter) return end;
    if (nl === -1) return -1;
    p = nl + 1;
  }
}

function atWordStart(text: string, i: number): boolean {
  return i === 0 || WORD_END.test(text[i - 1] as string);
}

/**
 * The command with each quoted heredoc's operator replaced by a placeholder word and its body gone:
 * bash expands nothing in such a body, so `$(`, quotes or `#` there must not make the checks ask.
 * Unquoted heredocs stay (their bodies do expand). Quote state and comments are tracked so a `<<` in
 * a comment or in quotes is no heredoc (`# <<'X'` followed by a real command must stay visible).
 * Whenever something is not plain — a substitution outside the bodies, an unclosed heredoc or quote — the
 * command comes back unchanged: the checks then see everything.
 */
export function stripQuotedHeredocs(command: string): string {
  if (!command.includes('<<')) return command;
  const removals: Array<{ ops: HeredocOperator[]; bodyStart: number; bodyEnd: number }> = [];
  let pending: HeredocOperator[] = [];
  let inSingle = false;
  let inDouble = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i];
    if (inSingle) {
      if (ch === "'") inSingle = false;
      i++;
    } else if (ch === '`' || (ch === '$' && command[i + 1] === '(')) {
      // Inside a substitution a heredoc can close on `EOF)`: too subtle to cut safely.
      return command;
    } else if (ch === '\\') {
      i += 2;
    } else if (inDouble) {
      if (ch === '"') inDouble = false;
      i++;
    } else if (ch === "'" || ch === '"') {
      inSingle = ch === "'";
      inDouble = ch === '"';
      i++;
    } else if (ch === '#' && atWordStart(command, i)) {
      const nl = command.indexOf('\n', i);
      i = nl === -1 ? command.length : nl;
    } else if (ch === '<' && command[i + 1] === '<' && command[i + 2] !== '<' && command[i - 1] !== '<') {
      const op = parseOperator(command, i);
      if (!op) return command;
      pending.push(op);
      i = op.opEnd;
    } else if (ch === '\n' && pending.length > 0) {
      // Bodies follow the line that opened them, one after another, in order.
      let end = i;
      for (const op of pending) {
        end = closingLineEnd(command, end + 1, op.delimiter, op.dash);
        if (end === -1) return command;
      }
      if (pending.every((op) => op.quoted)) removals.push({ ops: pending, bodyStart: i, bodyEnd: end });
      pending = [];
      i = end;
    } else {
      i++;
    }
  }
  if (inSingle || inDouble || removals.length === 0) return command;
  let out = '';
  let from = 0;
  for (const r of removals) {
    for (const op of r.ops) {
      out += command.slice(from, op.opStart) + PLACEHOLDER;
      from = op.opEnd;
    }
    out += command.slice(from, r.bodyStart);
    from = r.bodyEnd;
  }
  return out + command.slice(from);
}

/** Claude Code's /\$\(.*<</ as one pass: some line has `$(` and a later `<<`. */
function hasHeredocInSubstitution(command: string): boolean {
  let opened = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (ch === '\n') opened = false;
    else if (ch === '$' && command[i + 1] === '(') opened = true;
    else if (opened && ch === '<' && command[i + 1] === '<') return true;
  }
  return false;
}

interface CatHeredoc {
  start: number;
  operatorEnd: number;
  delimiter: string;
  dash: boolean;
}

/** `$(cat <<'EOF'`, `$(cat <<-''EOF''` or `$(cat <<\EOF`: only these make the body literal text. */
function parseCatHeredoc(command: string, at: number): CatHeredoc | null {
  let i = at + 5; // past `$(cat`
  while (command[i] === ' ' || command[i] === '\t') i++;
  if (!command.startsWith('<<', i)) return null;
  i += 2;
  const dash = command[i] === '-';
  if (dash) i++;
  while (command[i] === ' ' || command[i] === '\t') i++;
  const quoted = command[i] === "'";
  if (!quoted && command[i] !== '\\') return null;
  i++;
  while (quoted && command[i] === "'") i++;
  if (!/[A-Za-z_]/.test(command[i] ?? '')) return null;
  const end = readWord(command, i);
  const delimiter = command.slice(i, end);
  i = end;
  if (quoted) {
    if (command[i] !== "'") return null;
    while (command[i] === "'") i++;
  }
  return { start: at, operatorEnd: i, delimiter, dash };
}

const MAX_CAT_HEREDOCS = 20;
const CLOSE_PAREN = /^([ \t]*)\)/;
const EARLY_CLOSE = /^[)}`|&;(<>]/;
const SAFE_REMAINDER = /^[a-zA-Z0-9 \t"'.\-/_@=,:+~]*$/;

/** The end (just past `)`) of a verified `$(cat <<'D'` … `D` … `)`, or -1. Line-based, as bash closes it. */
function verifiedEnd(command: string, h: CatHeredoc): number {
  const openLineEnd = command.indexOf('\n', h.operatorEnd);
  if (openLineEnd === -1 || !/^[ \t]*$/.test(command.slice(h.operatorEnd, openLineEnd))) return -1;
  const bodyStart = openLineEnd + 1;
  const lines = command.slice(bodyStart).split('\n');
  let offset = bodyStart;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const tabs = h.dash ? (/^\t*/.exec(raw) as RegExpExecArray)[0].length : 0;
    const line = raw.slice(tabs);
    if (line === h.delimiter) {
      // The first line equal to the delimiter closes it; `)` must open the next line.
      const next = lines[i + 1];
      const paren = next === undefined ? null : CLOSE_PAREN.exec(next);
      return paren ? offset + raw.length + 1 + (paren[1] as string).length + 1 : -1;
    }
    if (line.startsWith(h.delimiter)) {
      const after = line.slice(h.delimiter.length);
      const paren = CLOSE_PAREN.exec(after);
      if (paren) return offset + tabs + h.delimiter.length + (paren[1] as string).length + 1;
      if (EARLY_CLOSE.test(after)) return -1;
    }
    offset += raw.length + 1;
  }
  return -1;
}

/**
 * Claude Code's early allow (validateSafeCommandSubstitution): a command whose only substitutions are
 * `$(cat <<'DELIM' … DELIM)` in argument position, with nothing but plain words around them, and
 * whose remainder passes every check (`isClean`), is safe as a whole: the body is literal text.
 */
export function isSafeHeredocSubstitution(command: string, isClean: (rest: string) => boolean): boolean {
  if (!hasHeredocInSubstitution(command)) return false;
  const found: CatHeredoc[] = [];
  for (let at = command.indexOf('$(cat'); at !== -1; at = command.indexOf('$(cat', at + 1)) {
    const h = parseCatHeredoc(command, at);
    if (!h) continue;
    if (found.length === MAX_CAT_HEREDOCS) return false;
    found.push(h);
    at = h.operatorEnd - 1;
  }
  if (found.length === 0) return false;
  const spans: Array<{ start: number; end: number }> = [];
  for (const h of found) {
    const end = verifiedEnd(command, h);
    if (end === -1) return false;
    spans.push({ start: h.start, end });
  }
  // A match inside another's body is literal text there; cutting both would drop the suffix.
  for (const a of spans) for (const b of spans) if (a !== b && b.start > a.start && b.start < a.end) return false;
  let rest = command;
  for (const s of [...spans].sort((a, b) => b.start - a.start)) rest = rest.slice(0, s.start) + rest.slice(s.end);
  // In command position the body would become the program name and the suffix its arguments.
  const first = Math.min(...spans.map((s) => s.start));
  if (rest.trim() !== '' && command.slice(0, first).trim() === '') return false;
  return SAFE_REMAINDER.test(rest) && isClean(rest);
}
