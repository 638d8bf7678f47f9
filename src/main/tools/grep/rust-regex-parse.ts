// The grammar outside character classes (alternation, repetition, groups and their flags, escapes,
// anchors), parsed to the AST of rust-regex-ast with rg's wording for what rg rejects.

import type { AssertKind, Node } from './rust-regex-ast';
import { ClassParser } from './rust-regex-class';
import type { Flags } from './rust-regex-scanner';
import { perlClass } from './rust-regex-tables';

export class Parser extends ClassParser {
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
}
