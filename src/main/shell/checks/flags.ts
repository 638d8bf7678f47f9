// BA1 #4: options hidden behind quoting ($'…', $"…", empty quotes glued to a dash, quoted dashes).
import { isSpace } from './quotes';
import { hit, type CheckContext, type Hit } from './types';

const MESSAGE = 'Command contains quoted characters in flag names';
const FLAG_CHAR = /[a-zA-Z0-9$`]/;
/** After a closing quote, what still extends a flag: letters, `\x`, `-`, `{a,b}`, `$VAR`, `` `cmd` ``. */
const CONTINUES_FLAG = /[a-zA-Z0-9\\${`-]/;

function isQuote(ch: string | undefined): boolean {
  return ch === "'" || ch === '"' || ch === '`';
}

/** `$'…'` (or `$"…"`) somewhere: a first opener without a later closer means none has one. */
function hasSpecialQuoting(text: string, q: string): boolean {
  const at = text.indexOf(`$${q}`);
  return at !== -1 && text.indexOf(q, at + 2) !== -1;
}

/** Claude Code's /\$['"]{2}\s*-/: `$''-exec`. */
function emptySpecialQuotesBeforeDash(text: string): boolean {
  for (let at = text.indexOf('$'); at !== -1; at = text.indexOf('$', at + 1)) {
    if (!isQuote(text[at + 1]) || text[at + 1] === '`' || !isQuote(text[at + 2]) || text[at + 2] === '`') continue;
    let i = at + 3;
    while (isSpace(text[i])) i++;
    if (text[i] === '-') return true;
  }
  return false;
}

/** Claude Code's /(?:^|\s)(?:''|"")+\s*-/: `''-rf`, `"" -rf`, `''""-x` at a word start. */
function emptyQuotesBeforeDash(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const pairStart = i;
    if (i === 0 || isSpace(text[i - 1])) {
      while ((text[i] === "'" || text[i] === '"') && text[i + 1] === text[i]) i += 2;
    }
    if (i > pairStart) {
      let j = i;
      while (isSpace(text[j])) j++;
      if (text[j] === '-') return true;
    } else {
      i++;
    }
  }
  return false;
}

/** Claude Code's /(?:""|'')+['"]-/: `"""-f"` — an empty pair, then a quoted dash. */
function emptyPairBeforeQuotedDash(text: string): boolean {
  for (let m = text.indexOf('-'); m !== -1; m = text.indexOf('-', m + 1)) {
    const q = text[m - 1];
    const a = text[m - 2];
    if ((q === '"' || q === "'") && (a === '"' || a === "'") && text[m - 3] === a) return true;
  }
  return false;
}

/** Claude Code's /(?:^|\s)['"]{3,}/: three or more quote characters opening a word. */
function manyQuotesAtWordStart(text: string): boolean {
  for (let i = 0; i + 2 < text.length; i++) {
    if (i > 0 && !isSpace(text[i - 1])) continue;
    const a = text[i];
    const b = text[i + 1];
    const c = text[i + 2];
    if ((a === '"' || a === "'") && (b === '"' || b === "'") && (c === '"' || c === "'")) return true;
  }
  return false;
}

/** How far the quoted pieces joined so far have come towards "dashes, then a flag letter". */
interface Joined {
  empty: boolean;
  leadingDash: boolean;
  dashesOnly: boolean;
  flag: boolean;
}

const NOTHING: Joined = { empty: true, leadingDash: false, dashesOnly: false, flag: false };

/** Once the first non-dash character is known the answer is fixed; later pieces change nothing. */
function join(state: Joined, piece: string): Joined {
  if (piece === '' || !(state.empty || state.dashesOnly)) return state;
  let i = 0;
  while (piece[i] === '-') i++;
  const leadingDash = state.dashesOnly || i > 0;
  if (i === piece.length) return { empty: false, leadingDash, dashesOnly: leadingDash, flag: false };
  return { empty: false, leadingDash, dashesOnly: false, flag: leadingDash && FLAG_CHAR.test(piece[i] as string) };
}

/**
 * A quoted word opening at `open` (after a blank) that becomes a flag once bash joins it with what
 * follows: `"-exec"`, `"-"exec`, `"-""exec"`, `"""-"exec`, `'-'-output`, `"-$X"`.
 */
function quotedFlagAt(text: string, open: number): boolean {
  const q = text[open] as string;
  const close = text.indexOf(q, open + 1);
  if (close === -1) return false;
  const inside = text.slice(open + 1, close);
  const first = join(NOTHING, inside);
  if (first.flag) return true;
  const after = text[close + 1];
  if (first.dashesOnly && after !== undefined && CONTINUES_FLAG.test(after)) return true;
  if (!(first.empty || first.dashesOnly) || !isQuote(after)) return false;
  // Follow the adjacent quoted pieces: bash concatenates them into one word.
  let state = first;
  let pos = close + 1;
  while (pos < text.length && isQuote(text[pos])) {
    const sq = text[pos] as string;
    let end = text.indexOf(sq, pos + 1);
    if (end === -1) end = text.length;
    const piece = text.slice(pos + 1, end);
    const before = state;
    state = join(state, piece);
    if (state.flag) return true;
    if (before.dashesOnly && /[a-zA-Z0-9$`]/.test(piece)) return true;
    if (end >= text.length) break;
    pos = end + 1;
  }
  const tail = text[pos];
  if (tail === undefined || !CONTINUES_FLAG.test(tail)) return false;
  if (state.dashesOnly && (tail === '-' || /[a-zA-Z0-9\\${`]/.test(tail))) return true;
  return state.empty ? tail === '-' : state.leadingDash;
}

/** A flag starting at `dash` with a quote character inside its name (`-e"xec"`); `cut -d'x'` is fine. */
function flagNameHasQuote(text: string, dash: number, baseCommand: string): boolean {
  let name = '';
  for (let j = dash; j < text.length; j++) {
    const ch = text[j] as string;
    if (isSpace(ch) || ch === '=') break;
    if (isQuote(ch)) {
      if (baseCommand === 'cut' && name === '-d') break;
      const next = text[j + 1];
      if (next !== undefined && !/[a-zA-Z0-9_'"-]/.test(next)) break;
    }
    name += ch;
  }
  return name.includes('"') || name.includes("'");
}

export function checkObfuscatedFlags(ctx: CheckContext): Hit | null {
  const { original: s, baseCommand } = ctx;
  // A lone echo prints its arguments; with an operator, what follows it still needs the checks.
  if (baseCommand === 'echo' && !/[|&;]/.test(s)) return null;

  if (hasSpecialQuoting(s, "'")) return hit('OBFUSCATED_FLAGS', 'Command contains ANSI-C quoting which can hide characters', 5);
  if (hasSpecialQuoting(s, '"')) return hit('OBFUSCATED_FLAGS', 'Command contains locale quoting which can hide characters', 6);
  if (emptySpecialQuotesBeforeDash(s)) {
    return hit('OBFUSCATED_FLAGS', 'Command contains empty special quotes before dash (potential bypass)', 9);
  }
  if (emptyQuotesBeforeDash(s)) return hit('OBFUSCATED_FLAGS', 'Command contains empty quotes before dash (potential bypass)', 7);
  if (emptyPairBeforeQuotedDash(s)) {
    return hit(
      'OBFUSCATED_FLAGS',
      'Command contains empty quote pair adjacent to quoted dash (potential flag obfuscation)',
      10,
    );
  }
  if (manyQuotesAtWordStart(s)) {
    return hit('OBFUSCATED_FLAGS', 'Command contains consecutive quote characters at word start (potential obfuscation)', 11);
  }

  let inSingle = false;
  let inDouble = false;
  let escaped = false;
  for (let i = 0; i < s.length - 1; i++) {
    const ch = s[i];
    const next = s[i + 1];
    if (escaped) {
      escaped = false;
      continue;
    }
    // Inside '…' a backslash is literal; treating it as an escape would desync the quote state.
    if (ch === '\\' && !inSingle) {
      escaped = true;
      continue;
    }
    if (ch === "'" && !inDouble) {
      inSingle = !inSingle;
      continue;
    }
    if (ch === '"' && !inSingle) {
      inDouble = !inDouble;
      continue;
    }
    if (inSingle || inDouble || !isSpace(ch)) continue;
    if (isQuote(next) && quotedFlagAt(s, i + 1)) return hit('OBFUSCATED_FLAGS', MESSAGE, 4);
    if (next === '-' && flagNameHasQuote(s, i + 1, baseCommand)) return hit('OBFUSCATED_FLAGS', MESSAGE, 1);
  }

  // Quote characters that survive quote removal (escaped ones, backticks) glued to a dash.
  const bare = ctx.fullyUnquotedStripped;
  if (/\s['"`]-/.test(bare)) return hit('OBFUSCATED_FLAGS', MESSAGE, 2);
  if (/['"`]{2}-/.test(bare)) return hit('OBFUSCATED_FLAGS', MESSAGE, 3);
  return null;
}
