// Rust's bracket classes: nesting, POSIX names, and the set operators `&&` `--` `~~`, parsed to the
// SetExpr the emitter turns into a v-mode class.

import type { Bracket, SetExpr, SetItem } from './rust-regex-ast';
import { PatternScanner } from './rust-regex-scanner';
import { perlClass, POSIX } from './rust-regex-tables';

export class ClassParser extends PatternScanner {
  protected parseBracket(start: number): Bracket {
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
