// The rg → JavaScript regex translation on its own: Rust semantics where JS differs, rg's errors where
// rg rejects a pattern, and the explicit limits of the built-in search.
import { describe, expect, it } from 'vitest';
import { caseVariants, RegexSyntaxError, translateRustRegex } from './rust-regex';

const line = (pattern: string, opts: { i?: boolean } = {}) => translateRustRegex(pattern, { caseInsensitive: opts.i ?? false, multiline: false }).line;
const matches = (pattern: string, text: string, opts: { i?: boolean } = {}) => line(pattern, opts).test(text);
const multi = (pattern: string) => translateRustRegex(pattern, { caseInsensitive: false, multiline: true });
const allMatches = (pattern: string, text: string) => [...text.matchAll(multi(pattern).whole)].map((m) => m[0]);

describe('Rust regex semantics in the built-in Grep (TL)', () => {
  it('TL Unicode \\w \\d \\s \\b like rg (JS would be ASCII)', () => {
    expect(matches(String.raw`^\w+$`, 'τέλος')).toBe(true);
    expect(matches(String.raw`^\w+$`, 'naïve')).toBe(true);
    expect(matches(String.raw`^\d+$`, '\u0663\u0664')).toBe(true);
    expect(matches(String.raw`a\sb`, 'a\u00a0b')).toBe(true);
    expect(matches(String.raw`\bλέξη\b`, 'μια λέξη εδώ')).toBe(true);
    expect(matches(String.raw`\bλέξ\b`, 'μια λέξη εδώ')).toBe(false);
    expect(matches(String.raw`\Bέξ`, 'λέξη')).toBe(true);
    expect(matches(String.raw`\W`, 'é')).toBe(false);
  });

  it('TL (?-u) makes the perl classes ASCII', () => {
    expect(matches(String.raw`(?-u)^\w+$`, 'τέλος')).toBe(false);
    expect(matches(String.raw`(?-u)^\w+$`, 'word_1')).toBe(true);
  });

  it('TL . never matches "\\n" but does match "\\r" (JS . skips both)', () => {
    expect(matches('a.b', 'a\rb')).toBe(true);
    expect(allMatches('(?-s)a.b', 'a\nb a\rb')).toEqual(['a\rb']);
    expect(allMatches('(?s)a.b', 'a\nb')).toEqual(['a\nb']);
  });

  it('TL -U --multiline-dotall: . matches "\\n"', () => {
    expect(allMatches('foo.bar', 'foo\nbar')).toEqual(['foo\nbar']);
    expect(allMatches('(?-s)foo.bar', 'foo\nbar foo bar')).toEqual(['foo bar']);
  });

  it('TL anchors: ^ $ are line anchors, \\A \\z the haystack (a line, or the file with -U)', () => {
    expect(allMatches('^b', 'a\nb\n')).toEqual(['b']);
    expect(allMatches('a$', 'a\r\na\n')).toEqual(['a']);
    expect(allMatches(String.raw`\Ab|\Aa`, 'a\nb\n')).toEqual(['a']);
    expect(allMatches(String.raw`\n\z`, 'a\nb\n')).toEqual(['\n']);
    expect(allMatches('(?-m)^.', 'a\nb')).toEqual(['a']);
    expect(matches(String.raw`\Afoo`, 'foo bar')).toBe(true);
    expect(matches(String.raw`bar\z`, 'foo bar')).toBe(true);
  });

  it('TL -U only searches the whole file when the pattern can involve "\\n" (grep-regex non_matching_bytes)', () => {
    expect(multi(String.raw`a\d`).multiline).toBe(false);
    expect(multi(String.raw`\bword\b`).multiline).toBe(false);
    expect(multi(String.raw`foo\nbar`).multiline).toBe(true);
    expect(multi('foo.bar').multiline).toBe(true);
    expect(multi('[^x]').multiline).toBe(true);
    expect(multi(String.raw`\s`).multiline).toBe(true);
    expect(multi('^x').multiline).toBe(true);
    expect(multi(String.raw`\Ax`).multiline).toBe(true);
  });

  it('TL flags: (?i) for all, (?i:…) and a mid-pattern (?i) for part, (?x), (?U)', () => {
    expect(line('(?i)hello').flags).toContain('i');
    expect(matches('(?i)hello', 'HeLLo')).toBe(true);
    expect(matches('a(?i)b', 'aB')).toBe(true);
    expect(matches('a(?i)b', 'AB')).toBe(false);
    expect(matches('(?i:x)y', 'Xy')).toBe(true);
    expect(matches('(?i:x)y', 'XY')).toBe(false);
    expect(matches('x(?-i)y', 'Xy', { i: true })).toBe(true);
    expect(matches('x(?-i)y', 'XY', { i: true })).toBe(false);
    expect(matches('(?i)[a-c]x(?-i)Z', 'BxZ')).toBe(true);
    expect(matches('(?x) a b  # a comment', 'ab')).toBe(true);
    expect(matches(String.raw`(?x) a\ b`, 'a b')).toBe(true);
    expect(allMatches('(?U)a+', 'aaa')).toEqual(['a', 'a', 'a']);
    expect(allMatches('(?U)a+?', 'aaa')).toEqual(['aaa']);
  });

  it('TL -i folds like rg: Σ σ ς, K k and the Kelvin sign', () => {
    expect(matches('σίσυφος', 'ΣΊΣΥΦΟΣ', { i: true })).toBe(true);
    expect(matches('k', '\u212A', { i: true })).toBe(true);
    expect(caseVariants('k'.codePointAt(0)!)).toEqual([0x4b, 0x6b, 0x212a]);
    expect(caseVariants('s'.codePointAt(0)!)).toEqual([0x53, 0x73, 0x17f]);
    expect(caseVariants('1'.codePointAt(0)!)).toEqual([0x31]);
    // Part-pattern case-insensitivity expands literals into their variants the same way.
    expect(matches('x(?i)k', 'x\u212A')).toBe(true);
  });

  it('TL classes: POSIX (ASCII), nested, &&, --, ~~, leading ] and -, escapes', () => {
    expect(matches('^[[:alpha:]]+$', 'abcXYZ')).toBe(true);
    expect(matches('[[:alpha:]]', 'é')).toBe(false);
    expect(matches('[[:^digit:]]', '5')).toBe(false);
    expect(matches('^[a-z&&[^aeiou]]+$', 'bcd')).toBe(true);
    expect(matches('[a-z&&[^aeiou]]', 'a')).toBe(false);
    expect(matches('[a-z--[aeiou]]', 'e')).toBe(false);
    expect(matches('[a-c~~b-d]', 'a')).toBe(true);
    expect(matches('[a-c~~b-d]', 'b')).toBe(false);
    expect(matches('[a-c~~b-d]', 'd')).toBe(true);
    expect(matches('[]a]', ']')).toBe(true);
    expect(matches('[^]a]', ']')).toBe(false);
    expect(matches('[a-]', '-')).toBe(true);
    expect(matches(String.raw`[\]\[\-\\]`, '\\')).toBe(true);
    expect(matches(String.raw`[\d_]`, '\u0663')).toBe(true);
    expect(matches(String.raw`[^\W\d]`, '5')).toBe(false);
    expect(matches(String.raw`[^\W\d]`, 'é')).toBe(true);
    expect(matches('[[:foo:]]', 'f')).toBe(true);
  });

  it('TL Unicode properties: \\p{Greek}, \\pL, sc=, \\P, loose names', () => {
    expect(matches(String.raw`^\p{Greek}+$`, 'λέξη')).toBe(true);
    expect(matches(String.raw`\p{Greek}`, 'abc')).toBe(false);
    expect(matches(String.raw`^\pL+$`, 'λέξηabc')).toBe(true);
    expect(matches(String.raw`\p{sc=Greek}`, 'λ')).toBe(true);
    expect(matches(String.raw`\p{Script=Han}`, '中')).toBe(true);
    expect(matches(String.raw`\P{L}`, 'a')).toBe(false);
    expect(matches(String.raw`\p{greek}`, 'λ')).toBe(true);
    expect(matches(String.raw`\p{Uppercase_Letter}`, 'A')).toBe(true);
    expect(matches(String.raw`\p{sc!=Greek}`, 'λ')).toBe(false);
  });

  it('TL escapes: hex and Unicode forms, escaped punctuation, \\a', () => {
    expect(matches(String.raw`\x41\x{42}\u0043\u{44}\U00000045\U{46}`, 'ABCDEF')).toBe(true);
    expect(matches(String.raw`\x{1F600}`, '😀')).toBe(true);
    expect(matches(String.raw`a\/b\"c\:d\-e`, 'a/b"c:d-e')).toBe(true);
    expect(matches(String.raw`\.\*\+\?\(\)\[\]\{\}\|\^\$\#\&\~`, '.*+?()[]{}|^$#&~')).toBe(true);
    expect(matches(String.raw`\a`, '\x07')).toBe(true);
    expect(matches(String.raw`interface\{\}`, 'type Foo interface{}')).toBe(true);
  });

  it('TL repetitions: counted with spaces, stacked, on an anchor, lazy', () => {
    expect(matches('^a{ 2 }$', 'aa')).toBe(true);
    expect(matches('^a{2,}$', 'aaaa')).toBe(true);
    expect(matches('^a{1,2}$', 'aaa')).toBe(false);
    expect(matches('^a**$', 'aaa')).toBe(true);
    expect(matches('^*a', 'a')).toBe(true);
    expect(allMatches('a{1,3}?', 'aaa')).toEqual(['a', 'a', 'a']);
    expect(matches('}', '}')).toBe(true);
  });

  it('TL newer-ripgrep syntax is accepted: (?<name>…), (?P<name>…), \\<, \\>, \\b{start}, \\b{end}', () => {
    expect(matches('(?<word>ab)c', 'abc')).toBe(true);
    expect(matches('(?P<word>ab)c', 'abc')).toBe(true);
    expect(matches(String.raw`\<cat\>`, 'a cat!')).toBe(true);
    expect(matches(String.raw`\<cat`, 'concat')).toBe(false);
    expect(matches(String.raw`\b{start}cat\b{end}`, 'cat')).toBe(true);
  });
});

describe("Patterns rg rejects are rejected with rg's words (TL, PL8)", () => {
  const rejects = (pattern: string, message: RegExp, multiline = false) =>
    expect(() => translateRustRegex(pattern, { caseInsensitive: false, multiline })).toThrow(message);

  it.each([
    ['foo{', /unclosed counted repetition/],
    ['a{,3}', /repetition quantifier expects a valid decimal/],
    ['a{x}', /repetition quantifier expects a valid decimal/],
    ['a{2,1}', /invalid repetition count range/],
    ['*a', /repetition operator missing expression/],
    ['{foo}', /repetition operator missing expression/],
    ['x|+', /repetition operator missing expression/],
    ['(?=x)', /look-around, including look-ahead and look-behind, is not supported/],
    ['(?<!x)y', /look-around/],
    [String.raw`(a)\1`, /backreferences are not supported/],
    [String.raw`\0`, /backreferences are not supported/],
    [String.raw`\q`, /unrecognized escape sequence/],
    ['(?z)a', /unrecognized flag/],
    ['(?i-)a', /dangling flag negation operator/],
    ['(?)', /repetition operator missing expression/],
    ['[a', /unclosed character class/],
    ['[]', /unclosed character class/],
    ['[z-a]', /invalid character class range/],
    [String.raw`[\d-z]`, /invalid range boundary, must be a literal/],
    ['[&&a]', /empty character classes are not allowed/],
    ['(a', /unclosed group/],
    ['a)', /unopened group/],
    [String.raw`\x{110000}`, /not a Unicode scalar value/],
    [String.raw`\u{d800}`, /not a Unicode scalar value/],
    [String.raw`\x4`, /incomplete escape sequence/],
    [String.raw`\x{}`, /hexadecimal literal empty/],
    [String.raw`\p{NoSuchProperty}`, /Unicode property not found/],
    ['trailing\\', /incomplete escape sequence/],
  ])('TL %s is rejected', (pattern, message) => rejects(pattern, message));

  it('TL a literal newline needs multiline mode, where it is fine', () => {
    rejects(String.raw`a\nb`, /the literal "\\n" is not allowed in a regex outside multiline mode/);
    rejects('a\nb', /not allowed/);
    rejects(String.raw`[\n]`, /not allowed/);
    expect(multi(String.raw`a\nb`).whole.test('a\nb')).toBe(true);
    // In (?x) mode a raw newline is layout, not a literal.
    expect(matches('(?x)a\nb', 'ab')).toBe(true);
  });

  it('TL the error shows the pattern and where it went wrong', () => {
    let err: unknown;
    try {
      translateRustRegex('foo(bar', { caseInsensitive: false, multiline: false });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RegexSyntaxError);
    expect((err as Error).message).toBe('regex parse error:\n    foo(bar\n       ^\nerror: unclosed group');
  });

  it('TL part-pattern case-insensitivity over a huge range or a \\p class is refused, not guessed', () => {
    rejects(String.raw`a(?i)[\x{0}-\x{FFFF}]`, /not supported by the built-in search/);
    rejects(String.raw`a(?i)\p{Lu}`, /not supported by the built-in search/);
    expect(matches(String.raw`(?i)\p{Lu}`, 'a')).toBe(true);
  });
});
