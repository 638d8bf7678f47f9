// The cursor over a pattern's code points, rg-style errors, and the escapes that mean the same inside
// and outside a character class: the base both grammars (rust-regex-class, rust-regex-parse) build on.

import { RegexSyntaxError, type TranslateOptions } from './rust-regex-ast';
import { jsProperty } from './rust-regex-tables';

export interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
  x: boolean;
  u: boolean;
}

export class PatternScanner {
  protected readonly cps: string[];
  protected pos = 0;
  protected flags: Flags;

  constructor(
    private readonly pattern: string,
    protected readonly opts: TranslateOptions,
  ) {
    this.cps = [...pattern];
    this.flags = { i: opts.caseInsensitive, m: true, s: opts.multiline, U: false, x: false, u: true };
  }

  fail(message: string, at = this.pos): never {
    const caretCol = this.cps.slice(0, at).join('').length;
    throw new RegexSyntaxError(`regex parse error:\n    ${this.pattern}\n    ${' '.repeat(caretCol)}^\nerror: ${message}`);
  }

  protected peek(offset = 0): string | undefined {
    return this.cps[this.pos + offset];
  }

  protected eat(s: string): boolean {
    const parts = [...s];
    for (let k = 0; k < parts.length; k++) if (this.cps[this.pos + k] !== parts[k]) return false;
    this.pos += parts.length;
    return true;
  }

  protected peekIs(s: string): boolean {
    const parts = [...s];
    return parts.every((p, k) => this.cps[this.pos + k] === p);
  }

  protected failNewline(at: number): never {
    return this.fail('the literal "\\n" is not allowed in a regex outside multiline mode (set multiline: true to match across lines)', at);
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

  protected property(start: number, negatedLetter: boolean): string {
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
  protected charEscape(c: string, start: number): number | undefined {
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
}
