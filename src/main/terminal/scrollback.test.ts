// The screen kept for a reloaded window (issue 15 item 5): bounded, newest output kept.
import { describe, expect, it } from 'vitest';
import { createScrollback } from './scrollback';

describe('createScrollback (issue 15 item 5)', () => {
  it('keeps everything under the bound', () => {
    const s = createScrollback(100);
    s.append('one ');
    s.append('two');
    expect(s.text()).toBe('one two');
  });
  it('over the bound keeps only the newest characters', () => {
    const s = createScrollback(10);
    for (const part of ['aaaa', 'bbbb', 'cccc', 'dddd']) s.append(part);
    expect(s.text()).toBe('bbccccdddd');
    s.append('x'.repeat(25));
    expect(s.text()).toBe('x'.repeat(10));
  });
});
