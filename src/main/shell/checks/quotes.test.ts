// The three quote-stripped views (BA1) and the harmless-redirection strip.
import { describe, expect, it } from 'vitest';
import { dropQuoteDelimiters, quoteVariants, stripSafeRedirections } from './quotes';

describe('BA1 quote-stripped views', () => {
  it('drop single-quoted text everywhere, double-quoted text only where it is not expanded', () => {
    expect(quoteVariants(`echo '$(x)' "$(y)" z`)).toEqual({
      withDoubleQuotes: 'echo  $(y) z',
      fullyUnquoted: 'echo   z',
      keepQuoteChars: `echo '' "" z`,
    });
  });

  it('follow bash escapes: a backslash is literal inside single quotes, escapes outside them', () => {
    expect(quoteVariants(`a\\'b 'c\\' d`).fullyUnquoted).toBe(`a\\'b  d`);
    expect(quoteVariants(`"a\\"b" c`).keepQuoteChars).toBe('"" c');
    expect(quoteVariants(`echo "it's" x`).keepQuoteChars).toBe('echo "" x');
  });

  it("keep jq's double quotes in the with-double-quotes view only", () => {
    const v = quoteVariants('jq ".a;b" f', true);
    expect(v.withDoubleQuotes).toBe('jq ".a;b" f');
    expect(v.fullyUnquoted).toBe('jq  f');
  });

  it('keepQuoteChars without its delimiters is fullyUnquoted', () => {
    for (const c of [`echo 'x'#y`, `a\\'b "c" d`, `x="1" y='2' \\"z`, `'unclosed`, `"a\\\\" b`]) {
      const v = quoteVariants(c);
      expect(dropQuoteDelimiters(v.keepQuoteChars)).toBe(v.fullyUnquoted);
    }
  });
});

describe('BA1 harmless redirections', () => {
  it.each([
    ['ls 2>&1', 'ls'],
    ['ls >/dev/null', 'ls'],
    ['ls > /dev/null 2>&1', 'ls'],
    ['ls 2>/dev/null', 'ls '],
    ['cmd </dev/null x', 'cmd x'],
    ['ls >> /dev/null', 'ls >'],
  ])('%s → %s', (input, out) => {
    expect(stripSafeRedirections(input)).toBe(out);
  });

  it.each([
    'echo hi > /dev/nullo',
    'echo hi >/dev/null"x"',
    'echo \\>/dev/null',
    'ls 2>&12',
    'ls x2>&1',
  ])('leaves %s alone', (input) => {
    expect(stripSafeRedirections(input)).toMatch(/[<>]/);
  });
});
