// ripgrep's regex dialect (Rust's `regex` crate) → a JavaScript RegExp with the same matches, for the
// built-in search used when `rg` is not installed. Parses the pattern itself, so the differences are
// explicit rather than accidental:
//   - Same as rg: Unicode `\w \d \s \b` (JS's are ASCII), `.` never matches "\n" (JS's also skips "\r"),
//     `^`/`$` are line anchors, `(?i) (?m) (?s) (?U) (?x) (?u)` flags, `(?P<name>…)`, POSIX `[[:alpha:]]`,
//     nested classes and `&&`/`--`/`~~`, `\p{Greek}`, `\x{…}`, `a**`, `{ 2 }`.
//   - Rejected as rg rejects them: look-around and backreferences (rg needs --pcre2), a literal "\n"
//     outside multiline mode, `{` that is not a repetition, unknown escapes.
//   - Accepted where rg 13 errs but newer ripgrep accepts: escaped ASCII punctuation (`\/`), `(?<name>…)`,
//     `\<`, `\>`, `\b{start}`, `\b{end}`.
//   - Not supported by this fallback (clear error): case-insensitivity switched on or off for part of a
//     pattern when it covers a range larger than RANGE_CASE_LIMIT or a \p class.
//   - Known differences: invalid UTF-8 is decoded to U+FFFD before matching (rg matches raw bytes);
//     a class that is empty only after set arithmetic (`[a&&b]`) matches nothing (rg rejects it); duplicate
//     group names are accepted; Unicode property names are matched exactly, then as Title_Case, not with
//     Rust's full loose matching (`\p{uppercaseletter}` is refused).

export class RegexSyntaxError extends Error {
  override name = 'RegexSyntaxError';
}

export interface TranslateOptions {
  caseInsensitive: boolean;
  /** rg -U --multiline-dotall: the whole file is the haystack and `.` matches "\n". */
  multiline: boolean;
}

export interface TranslatedRegex {
  /** rg searches the whole file only when multiline was asked for AND the pattern can match "\n";
   *  otherwise (e.g. `-U` with `a\d`) it searches line by line, `\A` meaning a line's start. */
  multiline: boolean;
  /** Per-line mode: tested against one line (without its "\n"). */
  line: RegExp;
  /** Global. Multiline mode: the search over the whole file. Per-line mode: a whole-file prefilter
   *  that matches whenever some line would (it may also match across lines). */
  whole: RegExp;
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
  x: boolean;
  u: boolean;
}

type AssertKind = 'lineStart' | 'lineEnd' | 'textStart' | 'textEnd' | 'wordB' | 'notWordB' | 'wordStart' | 'wordEnd' | 'wordStartHalf' | 'wordEndHalf';

type SetItem =
  | { k: 'char'; cp: number }
  | { k: 'range'; from: number; to: number }
  /** A ready v-mode class operand (`\p{Nd}`, `[…]`): case-closed perl classes or Unicode properties. */
  | { k: 'src'; src: string; caseSensitive: boolean }
  | { k: 'bracket'; b: Bracket };
type SetExpr = { k: 'union'; items: SetItem[] } | { k: 'op'; op: '&&' | '--' | '~~'; left: SetExpr; right: SetExpr };
interface Bracket {
  negated: boolean;
  expr: SetExpr;
}

type Node =
  | { t: 'empty' }
  | { t: 'lit'; cp: number; ci: boolean }
  | { t: 'dot'; s: boolean }
  | { t: 'class'; b: Bracket; ci: boolean }
  | { t: 'assert'; k: AssertKind; u: boolean }
  | { t: 'group'; node: Node }
  | { t: 'concat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'repeat'; node: Node; min: number; max: number | undefined; greedy: boolean };

/** Mixed case-insensitivity expands ranges into their case variants up to this many characters. */
export const RANGE_CASE_LIMIT = 2000;

const WORD_U = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`;
const WORD_A = '[0-9A-Za-z_]';
const NOT_WORD_U = String.raw`[^\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`;
const NOT_WORD_A = '[^0-9A-Za-z_]';

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: String.raw`\u{0}-\u{7F}`,
  blank: String.raw`\u{9}\u{20}`,
  cntrl: String.raw`\u{0}-\u{1F}\u{7F}`,
  digit: '0-9',
  graph: String.raw`\u{21}-\u{7E}`,
  lower: 'a-z',
  print: String.raw`\u{20}-\u{7E}`,
  punct: String.raw`\u{21}-\u{2F}\u{3A}-\u{40}\u{5B}-\u{60}\u{7B}-\u{7E}`,
  space: String.raw`\u{9}-\u{D}\u{20}`,
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

function perlClass(letter: string, unicode: boolean): { src: string } {
  const negated = letter === letter.toUpperCase();
  switch (letter.toLowerCase()) {
    case 'd':
      return { src: unicode ? (negated ? String.raw`\P{Nd}` : String.raw`\p{Nd}`) : negated ? '[^0-9]' : '[0-9]' };
    case 's':
      return {
        src: unicode
          ? negated
            ? String.raw`\P{White_Space}`
            : String.raw`\p{White_Space}`
          : negated
            ? String.raw`[^\u{9}-\u{D}\u{20}]`
            : String.raw`[\u{9}-\u{D}\u{20}]`,
      };
    default:
      return { src: unicode ? (negated ? NOT_WORD_U : WORD_U) : negated ? NOT_WORD_A : WORD_A };
  }
}

function escapeCp(cp: number): string {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16)}}`;
}

function validProperty(body: string): boolean {
  try {
    new RegExp(`\\p{${body}}`, 'v');
    return true;
  } catch {
    return false;
  }
}

const titleWords = (s: string) =>
  s
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('_');

/** Rust's `\p{…}` name (loose: `greek`, `sc=Greek`, `Uppercase Letter`) → a JS property body, or undefined. */
function jsProperty(name: string): string | undefined {
  const trimmed = name.trim();
  const kv = /^([^=:!]+?)\s*(=|:)\s*(.+)$/.exec(trimmed);
  if (kv) {
    const key = kv[1]!.toLowerCase().replace(/[\s_-]/g, '');
    const jsKey = key === 'gc' || key === 'generalcategory' ? 'gc' : key === 'sc' || key === 'script' ? 'sc' : key === 'scx' || key === 'scriptextensions' ? 'scx' : undefined;
    if (!jsKey) return undefined;
    const value = kv[3]!.trim();
    for (const v of [value, titleWords(value), value.toUpperCase()]) if (validProperty(`${jsKey}=${v}`)) return `${jsKey}=${v}`;
    return undefined;
  }
  for (const v of [trimmed, titleWords(trimmed), trimmed.toUpperCase()]) {
    if (validProperty(v)) return v;
    if (validProperty(`sc=${v}`)) return `sc=${v}`;
  }
  return undefined;
}

/** Characters that fold to each other under simple case folding but not through toLowerCase/toUpperCase. */
const EXTRA_FOLDS: readonly (readonly number[])[] = [
  [0x4b, 0x6b, 0x212a],
  [0x53, 0x73, 0x17f],
  [0xc5, 0xe5, 0x212b],
  [0x3a9, 0x3c9, 0x2126],
  [0xdf, 0x1e9e],
  [0x399, 0x3b9, 0x345, 0x1fbe],
  [0xb5, 0x39c, 0x3bc],
  [0x3a3, 0x3c3, 0x3c2],
  [0x392, 0x3b2, 0x3d0],
  [0x398, 0x3b8, 0x3d1, 0x3f4],
  [0x3a6, 0x3c6, 0x3d5],
  [0x3a0, 0x3c0, 0x3d6],
  [0x39a, 0x3ba, 0x3f0],
  [0x3a1, 0x3c1, 0x3f1],
  [0x395, 0x3b5, 0x3f5],
  [0x1e60, 0x1e61, 0x1e9b],
];

/** Every code point `cp` matches case-insensitively (itself included). */
export function caseVariants(cp: number): number[] {
  const out = new Set<number>([cp]);
  const add = (s: string) => {
    const cps = [...s];
    if (cps.length === 1) out.add(cps[0]!.codePointAt(0)!);
  };
  const ch = String.fromCodePoint(cp);
  for (const s of [ch.toLowerCase(), ch.toUpperCase()]) {
    add(s);
    add(s.toLowerCase());
    add(s.toUpperCase());
  }
  for (const group of EXTRA_FOLDS) if (group.some((g) => out.has(g))) for (const g of group) out.add(g);
  return [...out].sort((a, b) => a - b);
}

class Parser {
  private readonly cps: string[];
  private pos = 0;
  private flags: Flags;

  constructor(
    private readonly pattern: string,
    private readonly opts: TranslateOptions,
  ) {
    this.cps = [...pattern];
    this.flags = { i: opts.caseInsensitive, m: true, s: opts.multiline, U: false, x: false, u: true };
  }

  fail(message: string, at = this.pos): never {
    const caretCol = this.cps.slice(0, at).join('').length;
    throw new RegexSyntaxError(`regex parse error:\n    ${this.pattern}\n    ${' '.repeat(caretCol)}^\nerror: ${message}`);
  }

  private peek(offset = 0): string | undefined {
    return this.cps[this.pos + offset];
  }

  private eat(s: string): boolean {
    const parts = [...s];
    for (let k = 0; k < parts.length; k++) if (this.cps[this.pos + k] !== parts[k]) return false;
    this.pos += parts.length;
    return true;
  }

  /** In `x` mode whitespace and `#` comments are not part of the pattern. */
  private skipSpace(): void {
    if (!this.flags.x) return;
    for (;;) {
      const c = this.peek();
      if (c !== undefined && /\s/u.test(c)) this.pos++;
      else if (c === '#') {
        while (this.peek() !== undefined && this.peek() !== '\n') this.pos++;
      } else return;
    }
  }

  parse(): Node {
    const node = this.parseAlt();
    if (this.pos < this.cps.length) this.fail('unopened group');
    return node;
  }

  private parseAlt(): Node {
    const items = [this.parseConcat()];
    while (this.peek() === '|') {
      this.pos++;
      items.push(this.parseConcat());
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  private parseConcat(): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') break;
      if (c === '*' || c === '+' || c === '?' || c === '{') {
        const last = items.pop();
        if (!last) this.fail('repetition operator missing expression');
        items.push(this.parseRepeat(last));
        continue;
      }
      const atom = this.parseAtom();
      if (atom) items.push(atom);
    }
    if (items.length === 0) return { t: 'empty' };
    return items.length === 1 ? items[0]! : { t: 'concat', items };
  }

  private parseRepeat(node: Node): Node {
    const start = this.pos;
    const c = this.cps[this.pos++]!;
    let min: number;
    let max: number | undefined;
    if (c === '*') [min, max] = [0, undefined];
    else if (c === '+') [min, max] = [1, undefined];
    else if (c === '?') [min, max] = [0, 1];
    else [min, max] = this.parseCounted(start);
    let greedy = true;
    if (this.peek() === '?') {
      this.pos++;
      greedy = false;
    }
    if (this.flags.U) greedy = !greedy;
    return { t: 'repeat', node, min, max, greedy };
  }

  private parseCounted(start: number): [number, number | undefined] {
    const spaces = () => {
      while (this.peek() !== undefined && /\s/u.test(this.peek()!)) this.pos++;
    };
    const decimal = (): number | undefined => {
      spaces();
      let digits = '';
      while (this.peek() !== undefined && /[0-9]/.test(this.peek()!)) digits += this.cps[this.pos++];
      spaces();
      return digits === '' ? undefined : Number(digits);
    };
    if (this.peek() === undefined) this.fail('unclosed counted repetition', start);
    const min = decimal();
    if (min === undefined) {
      if (this.peek() === undefined) this.fail('unclosed counted repetition', start);
      this.fail('repetition quantifier expects a valid decimal');
    }
    let max: number | undefined = min;
    if (this.eat(',')) {
      max = decimal();
    }
    if (this.peek() === undefined) this.fail('unclosed counted repetition', start);
    if (!this.eat('}')) this.fail('repetition quantifier expects a valid decimal');
    if (max !== undefined && min > max) this.fail('invalid repetition count range, the start must be <= the end', start);
    return [min, max];
  }

  private parseAtom(): Node | undefined {
    const c = this.cps[this.pos]!;
    if (c === '(') return this.parseGroup();
    this.pos++;
    switch (c) {
      case '[':
        return { t: 'class', b: this.parseBracket(this.pos - 1), ci: this.flags.i };
      case '.':
        return { t: 'dot', s: this.flags.s };
      case '^':
        return { t: 'assert', k: this.flags.m ? 'lineStart' : 'textStart', u: this.flags.u };
      case '$':
        return { t: 'assert', k: this.flags.m ? 'lineEnd' : 'textEnd', u: this.flags.u };
      case '\\':
        return this.parseEscape();
      default:
        return this.literal(c.codePointAt(0)!, this.pos - 1);
    }
  }

  private literal(cp: number, at: number): Node {
    if (cp === 10 && !this.opts.multiline) this.failNewline(at);
    return { t: 'lit', cp, ci: this.flags.i };
  }

  private failNewline(at: number): never {
    return this.fail('the literal "\\n" is not allowed in a regex outside multiline mode (set multiline: true to match across lines)', at);
  }

  private parseGroup(): Node | undefined {
    const start = this.pos;
    this.pos++; // (
    const saved = { ...this.flags };
    if (this.peek() === '?') {
      this.pos++;
      if (this.eat('=') || this.eat('!') || this.eat('<=') || this.eat('<!')) {
        this.fail('look-around, including look-ahead and look-behind, is not supported (ripgrep needs --pcre2 for it)', start);
      }
      if (this.eat('P<') || (this.peek() === '<' && this.eat('<'))) {
        while (this.peek() !== undefined && this.peek() !== '>') this.pos++;
        if (!this.eat('>')) this.fail('unclosed capture group name', start);
        return this.finishGroup(start, saved);
      }
      // Flags: `(?flags)` changes the rest of the enclosing group, `(?flags:…)` only its own body.
      let negate = false;
      let sawFlag = false;
      for (;;) {
        const f = this.peek();
        if (f === undefined) this.fail('unclosed group', start);
        if (f === ')' || f === ':') {
          if (negate && !sawFlag) this.fail('dangling flag negation operator');
          if (f === ')' && !sawFlag && !negate) this.fail('repetition operator missing expression', start);
          this.pos++;
          if (f === ')') return undefined;
          return this.finishGroup(start, saved);
        }
        this.pos++;
        if (f === '-') {
          if (negate) this.fail('repeated negation');
          negate = true;
          sawFlag = false;
          continue;
        }
        if (!'imsUux'.includes(f)) this.fail('unrecognized flag', this.pos - 1);
        this.flags[f as keyof Flags] = !negate;
        sawFlag = true;
      }
    }
    return this.finishGroup(start, saved);
  }

  private finishGroup(start: number, saved: Flags): Node {
    const body = this.parseAlt();
    if (!this.eat(')')) this.fail('unclosed group', start);
    this.flags = saved;
    return { t: 'group', node: body };
  }

  private hex(start: number, fixed: number): number {
    let digits = '';
    if (this.eat('{')) {
      while (this.peek() !== undefined && this.peek() !== '}') digits += this.cps[this.pos++];
      if (!this.eat('}')) this.fail('unclosed hexadecimal literal', start);
      if (digits === '') this.fail('hexadecimal literal empty', start);
      if (!/^[0-9a-fA-F]{1,8}$/.test(digits)) this.fail('hexadecimal literal is not a Unicode scalar value', start);
    } else {
      for (let k = 0; k < fixed; k++) {
        const d = this.peek();
        if (d === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', start);
        if (!/[0-9a-fA-F]/.test(d)) this.fail('invalid hexadecimal digit', this.pos);
        digits += d;
        this.pos++;
      }
    }
    const cp = parseInt(digits, 16);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) this.fail('hexadecimal literal is not a Unicode scalar value', start);
    return cp;
  }

  private property(start: number, negatedLetter: boolean): string {
    let name: string;
    if (this.eat('{')) {
      name = '';
      while (this.peek() !== undefined && this.peek() !== '}') name += this.cps[this.pos++];
      if (!this.eat('}')) this.fail('unclosed Unicode class', start);
    } else {
      const c = this.peek();
      if (c === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', start);
      name = c;
      this.pos++;
    }
    let negated = negatedLetter;
    const neq = /^(.*?)!=(.*)$/.exec(name);
    if (neq) {
      negated = !negated;
      name = `${neq[1]}=${neq[2]}`;
    }
    const js = jsProperty(name);
    if (!js) this.fail('Unicode property not found', start);
    return `\\${negated ? 'P' : 'p'}{${js}}`;
  }

  /** An escape that stands for one character, or undefined when `c` is not one. */
  private charEscape(c: string, start: number): number | undefined {
    switch (c) {
      case 'n':
        return 10;
      case 't':
        return 9;
      case 'r':
        return 13;
      case 'f':
        return 12;
      case 'v':
        return 11;
      case 'a':
        return 7;
      case 'x':
        return this.hex(start, 2);
      case 'u':
        return this.hex(start, 4);
      case 'U':
        return this.hex(start, 8);
    }
    const cp = c.codePointAt(0)!;
    // Escaped ASCII punctuation (and space) is the character itself.
    if (cp < 0x80 && !/[0-9A-Za-z<>]/.test(c)) return cp;
    return undefined;
  }

  private parseEscape(): Node {
    const start = this.pos - 1;
    const c = this.peek();
    if (c === undefined) this.fail('incomplete escape sequence, reached end of pattern prematurely', start);
    this.pos++;
    const u = this.flags.u;
    if (/[0-9]/.test(c)) this.fail('backreferences are not supported (ripgrep needs --pcre2 for them)', start);
    if ('dDwWsS'.includes(c)) return { t: 'class', b: { negated: false, expr: { k: 'union', items: [{ k: 'src', src: perlClass(c, u).src, caseSensitive: false }] } }, ci: false };
    if (c === 'p' || c === 'P') {
      const src = this.property(start, c === 'P');
      return { t: 'class', b: { negated: false, expr: { k: 'union', items: [{ k: 'src', src, caseSensitive: true }] } }, ci: this.flags.i };
    }
    switch (c) {
      case 'A':
        return { t: 'assert', k: 'textStart', u };
      case 'z':
        return { t: 'assert', k: 'textEnd', u };
      case 'B':
        return { t: 'assert', k: 'notWordB', u };
      case '<':
        return { t: 'assert', k: 'wordStart', u };
      case '>':
        return { t: 'assert', k: 'wordEnd', u };
      case 'b': {
        const special: Record<string, AssertKind> = { '{start}': 'wordStart', '{end}': 'wordEnd', '{start-half}': 'wordStartHalf', '{end-half}': 'wordEndHalf' };
        for (const [text, k] of Object.entries(special)) if (this.eat(text)) return { t: 'assert', k, u };
        return { t: 'assert', k: 'wordB', u };
      }
    }
    const cp = this.charEscape(c, start);
    if (cp === undefined) this.fail('unrecognized escape sequence', start);
    return this.literal(cp, start);
  }

  // ---- character classes ----

  private parseBracket(start: number): Bracket {
    let negated = false;
    if (this.eat('^')) negated = true;
    const expr = this.parseSetExpr(start, true);
    return { negated, expr };
  }

  /** Items up to `]`, with `&&`, `--`, `~~` (left-associative, below union). Consumes the `]`. */
  private parseSetExpr(start: number, first: boolean): SetExpr {
    let left: SetExpr = { k: 'union', items: this.parseUnion(start, first) };
    for (;;) {
      if (this.eat(']')) return left;
      const op = (['&&', '--', '~~'] as const).find((o) => this.eat(o));
      if (!op) this.fail('unclosed character class', start);
      const right: SetExpr = { k: 'union', items: this.parseUnion(start, false) };
      if (isEmptyUnion(left) || isEmptyUnion(right)) this.fail('empty character classes are not allowed', start);
      left = { k: 'op', op, left, right };
    }
  }

  private parseUnion(start: number, first: boolean): SetItem[] {
    const items: SetItem[] = [];
    let atFirst = first;
    for (;;) {
      if (this.flags.x) while (this.peek() !== undefined && /\s/u.test(this.peek()!)) this.pos++;
      const c = this.peek();
      if (c === undefined) this.fail('unclosed character class', start);
      // A `]` right after `[` or `[^` is a literal.
      if (c === ']' && !atFirst) return items;
      if (this.peekIs('&&') || this.peekIs('--') || this.peekIs('~~')) return items;
      atFirst = false;
      const item = this.parseSetAtom(start);
      if (item.k === 'char' && this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined && this.peek(1) !== '-') {
        const dash = this.pos;
        this.pos++;
        const to = this.parseSetAtom(start);
        if (to.k !== 'char') this.fail('invalid range boundary, must be a literal', dash + 1);
        if (to.cp < item.cp) this.fail('invalid character class range, the start must be <= the end', dash - 1);
        items.push({ k: 'range', from: item.cp, to: to.cp });
      } else {
        if (item.k === 'src' || item.k === 'bracket') {
          if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '-' && this.peek(1) !== undefined) {
            this.fail('invalid range boundary, must be a literal');
          }
        }
        items.push(item);
      }
    }
  }

  private peekIs(s: string): boolean {
    const parts = [...s];
    return parts.every((p, k) => this.cps[this.pos + k] === p);
  }

  private parseSetAtom(start: number): SetItem {
    const c = this.cps[this.pos]!;
    if (c === '[') {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.cps.slice(this.pos, this.pos + 16).join(''));
      if (posix && POSIX[posix[2]!] !== undefined) {
        this.pos += [...posix[0]].length;
        return { k: 'src', src: `[${posix[1] ? '^' : ''}${POSIX[posix[2]!]}]`, caseSensitive: true };
      }
      const nestedStart = this.pos;
      this.pos++;
      return { k: 'bracket', b: this.parseBracket(nestedStart) };
    }
    this.pos++;
    if (c === '\\') {
      const escStart = this.pos - 1;
      const e = this.peek();
      if (e === undefined) this.fail('unclosed character class', start);
      this.pos++;
      if ('dDwWsS'.includes(e)) return { k: 'src', src: perlClass(e, this.flags.u).src, caseSensitive: false };
      if (e === 'p' || e === 'P') return { k: 'src', src: this.property(escStart, e === 'P'), caseSensitive: true };
      if (/[0-9]/.test(e)) this.fail('backreferences are not supported (ripgrep needs --pcre2 for them)', escStart);
      const cp = this.charEscape(e, escStart);
      if (cp === undefined) this.fail('unrecognized escape sequence', escStart);
      if (cp === 10 && !this.opts.multiline) this.failNewline(escStart);
      return { k: 'char', cp };
    }
    const cp = c.codePointAt(0)!;
    if (cp === 10 && !this.opts.multiline) this.failNewline(this.pos - 1);
    return { k: 'char', cp };
  }
}

function isEmptyUnion(e: SetExpr): boolean {
  return e.k === 'union' && e.items.length === 0;
}

// ---- emission ----

type Target = 'line' | 'prefilter' | 'multiline';

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

function emit(n: Node, ec: EmitContext): string {
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
function caseMode(n: Node): { on: boolean; off: boolean } {
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
function canMatchNewline(n: Node, ec: EmitContext): boolean {
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

/** Translates an rg pattern; throws RegexSyntaxError with rg-style text when rg would reject it. */
export function translateRustRegex(pattern: string, opts: TranslateOptions): TranslatedRegex {
  const parser = new Parser(pattern, opts);
  const ast = parser.parse();
  const mode = caseMode(ast);
  const expandCase = mode.on && mode.off;
  const flags = mode.on && !mode.off ? 'vi' : 'v';
  const fail = (message: string): never => parser.fail(message, 0);
  const build = (target: Target, f: string): RegExp => {
    const src = emit(ast, { target, expandCase, fail });
    try {
      return new RegExp(src, f);
    } catch (e) {
      return parser.fail(`the built-in search could not compile this pattern (${(e as Error).message})`, 0);
    }
  };
  if (opts.multiline && canMatchNewline(ast, { target: 'multiline', expandCase, fail })) {
    return { multiline: true, whole: build('multiline', `g${flags}`), line: build('line', flags) };
  }
  return { multiline: false, line: build('line', flags), whole: build('prefilter', `g${flags}`) };
}
