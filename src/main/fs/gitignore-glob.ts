// Gitignore-style globs and ignore-file lines as ripgrep reads them, compiled to linear-time matchers
// (base/automaton.ts): the matching half of the ignore rules, with no file system access, so --glob
// filters and permission patterns use it too. A repository's .gitignore is untrusted input.

import { ANY, ch, compile, literal, seq, type CharTest, type Matcher, type Piece } from '../base/automaton';

/** A rule's verdict on one path: ignored, re-included (`!rule`), or no rule matched. */
export type IgnoreMatch = 'ignore' | 'whitelist' | undefined;

const SLASH = 47;
const notSlash: CharTest = (c) => c !== SLASH;

/**
 * One glob as ripgrep's globset reads it (literal_separator, backslash escapes): `*` and `?` never
 * cross `/`, `**` spans directories only as a whole path component, `[...]`/`[!...]` classes, `{a,b}`
 * alternates. Compiled to a linear-time matcher (base/automaton.ts); throws on a malformed glob.
 */
export function globMatcher(glob: string, caseInsensitive = false): Matcher {
  return compile(globPiece([...glob], false), caseInsensitive);
}

function globPiece(chars: string[], inAlternate: boolean): Piece {
  const items: Piece[] = [];
  let i = 0;
  const n = chars.length;
  const lit = (c: string) => items.push(literal(c));
  while (i < n) {
    const c = chars[i]!;
    if (c === '\\') {
      lit(i + 1 < n ? chars[i + 1]! : '\\');
      i += 2;
    } else if (c === '*') {
      if (chars[i + 1] === '*') {
        const atStart = i === 0 || chars[i - 1] === '/';
        const after = i + 2;
        const atEnd = after === n || chars[after] === '/';
        if (atStart && atEnd) {
          if (after === n) {
            items.push({ t: 'loop', test: ANY });
            i = after;
          } else {
            // `**/`: zero or more whole directories.
            items.push({ t: 'opt', item: seq({ t: 'loop', test: ANY }, ch(SLASH)) });
            i = after + 1;
          }
          continue;
        }
        // `**` inside a component is an ordinary star.
        items.push({ t: 'loop', test: notSlash });
        i = after;
      } else {
        items.push({ t: 'loop', test: notSlash });
        i += 1;
      }
    } else if (c === '?') {
      items.push({ t: 'char', test: notSlash });
      i += 1;
    } else if (c === '[') {
      const end = classEnd(chars, i);
      if (end < 0) throw new SyntaxError(`unclosed character class in glob ${JSON.stringify(chars.join(''))}`);
      items.push({ t: 'char', test: classTest(chars.slice(i + 1, end), chars) });
      i = end + 1;
    } else if (c === '{') {
      if (inAlternate) throw new SyntaxError(`nested alternate groups are not allowed in glob ${JSON.stringify(chars.join(''))}`);
      const { alternatives, end } = splitAlternates(chars, i);
      items.push({ t: 'alt', items: alternatives.map((a) => globPiece(a, true)) });
      i = end + 1;
    } else {
      lit(c);
      i += 1;
    }
  }
  return { t: 'seq', items };
}

/** Index of the `]` closing the class opened at `start` (a `]` first in the class is literal). */
function classEnd(chars: string[], start: number): number {
  let j = start + 1;
  if (chars[j] === '!' || chars[j] === '^') j++;
  if (chars[j] === ']') j++;
  for (; j < chars.length; j++) {
    if (chars[j] === ']') return j;
  }
  return -1;
}

function classTest(body: string[], glob: string[]): CharTest {
  let negated = false;
  let k = 0;
  if (body[0] === '!' || body[0] === '^') {
    negated = true;
    k = 1;
  }
  const ranges: Array<[number, number]> = [];
  for (; k < body.length; k++) {
    const lo = body[k]!.codePointAt(0)!;
    if (body[k + 1] === '-' && k + 2 < body.length) {
      const hi = body[k + 2]!.codePointAt(0)!;
      // A reversed range is an error (a RegExp throws on it too), never a class that matches nothing silently.
      if (hi < lo) throw new SyntaxError(`a reversed range ${body[k]}-${body[k + 2]} in glob ${JSON.stringify(glob.join(''))}`);
      ranges.push([lo, hi]);
      k += 2;
    } else {
      ranges.push([lo, lo]);
    }
  }
  const inClass = (c: number) => ranges.some(([lo, hi]) => c >= lo && c <= hi);
  // A negated class never matches the separator (git's FNM_PATHNAME).
  return negated ? (c) => c !== SLASH && !inClass(c) : inClass;
}

function splitAlternates(chars: string[], start: number): { alternatives: string[][]; end: number } {
  const alternatives: string[][] = [[]];
  for (let j = start + 1; j < chars.length; j++) {
    const ch = chars[j]!;
    if (ch === '\\' && j + 1 < chars.length) {
      alternatives[alternatives.length - 1]!.push(ch, chars[j + 1]!);
      j++;
    } else if (ch === '[') {
      const end = classEnd(chars, j);
      if (end < 0) break;
      alternatives[alternatives.length - 1]!.push(...chars.slice(j, end + 1));
      j = end;
    } else if (ch === '{') {
      throw new SyntaxError(`nested alternate groups are not allowed in glob ${JSON.stringify(chars.join(''))}`);
    } else if (ch === ',') {
      alternatives.push([]);
    } else if (ch === '}') {
      return { alternatives, end: j };
    } else {
      alternatives[alternatives.length - 1]!.push(ch);
    }
  }
  throw new SyntaxError(`unclosed alternate group in glob ${JSON.stringify(chars.join(''))}`);
}

interface Rule {
  re: Matcher;
  whitelist: boolean;
  dirOnly: boolean;
}

/** One gitignore-syntax line as ripgrep's ignore crate reads it, or undefined for blanks/comments. */
export function parseIgnoreLine(raw: string): Rule | undefined {
  let line = raw;
  if (line.startsWith('#')) return undefined;
  if (!line.endsWith('\\ ')) line = line.trimEnd();
  if (line === '') return undefined;
  let whitelist = false;
  let anchored = false;
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    // The escaped first character is a literal; the glob compiler reads `\!` as `!`.
  } else {
    if (line.startsWith('!')) {
      whitelist = true;
      line = line.slice(1);
    }
    if (line.startsWith('/')) {
      anchored = true;
      line = line.slice(1);
    }
  }
  let dirOnly = false;
  if (line.endsWith('/')) {
    dirOnly = true;
    line = line.slice(0, -1);
    if (line.endsWith('\\')) line = line.slice(0, -1);
  }
  let glob = line;
  // No slash (besides a trailing one): the rule matches a name at any depth.
  if (!anchored && !line.includes('/') && !(glob.startsWith('**/') || glob === '**')) glob = `**/${glob}`;
  // `dir/**` matches what is inside the directory, not the directory itself.
  if (glob.endsWith('/**')) glob = `${glob}/*`;
  try {
    return { re: globMatcher(glob), whitelist, dirOnly };
  } catch {
    // rg skips a malformed line (and warns); so do we.
    return undefined;
  }
}

/** The rules of one ignore file (or one list of globs), matched against paths relative to its directory. */
export class IgnoreRules {
  private constructor(private readonly rules: readonly Rule[]) {}

  static parse(text: string): IgnoreRules {
    const rules: Rule[] = [];
    for (const line of text.split(/\r?\n/)) {
      const rule = parseIgnoreLine(line);
      if (rule) rules.push(rule);
    }
    return new IgnoreRules(rules);
  }

  static fromLines(lines: readonly string[]): IgnoreRules {
    return IgnoreRules.parse(lines.join('\n'));
  }

  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** Rules without `!`: ripgrep's overrides count these as the whitelist globs. */
  get ignoreCount(): number {
    return this.rules.filter((r) => !r.whitelist).length;
  }

  /** `rel`: '/'-separated, relative to the rules' directory. The last matching rule decides. */
  match(rel: string, isDir: boolean): IgnoreMatch {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const rule = this.rules[i]!;
      if (rule.dirOnly && !isDir) continue;
      if (rule.re.test(rel)) return rule.whitelist ? 'whitelist' : 'ignore';
    }
    return undefined;
  }
}
