// TL2 quote normalisation: matching across curly/straight quotes and keeping the file's style.
import { describe, expect, it } from 'vitest';
import { findActualString, normalizeQuotes, preserveQuoteStyle } from './quotes';

describe('quote normalisation (TL2)', () => {
  it('normalises curly quotes to straight ones, length-preserving', () => {
    const s = '\u201chi\u201d \u2018x\u2019';
    expect(normalizeQuotes(s)).toBe(`"hi" 'x'`);
    expect(normalizeQuotes(s)).toHaveLength(s.length);
  });

  it('finds the file text a straight-quoted search means', () => {
    const file = 'say \u201chello\u201d to it';
    expect(findActualString(file, 'say "hello"')).toBe('say \u201chello\u201d');
    expect(findActualString(file, 'say hello')).toBeNull();
    expect(findActualString('plain "q"', 'plain "q"')).toBe('plain "q"');
  });

  it('gives new_string the file\'s curly style: opening/closing by position, apostrophes as right quotes', () => {
    const out = preserveQuoteStyle(`"hello"`, '\u201chello\u201d', `"bye" and 'so' don't`);
    expect(out).toBe('\u201cbye\u201d and \'so\' don\'t');
    const singles = preserveQuoteStyle(`'a'`, '\u2018a\u2019', `'b' don't`);
    expect(singles).toBe('\u2018b\u2019 don\u2019t');
    expect(preserveQuoteStyle('same', 'same', `"x"`)).toBe(`"x"`);
  });
});
