// Session titles from the first user message.
import { describe, expect, it } from 'vitest';
import { titleFromText, UNTITLED } from './title';

describe('titleFromText', () => {
  it('keeps short text on one line', () => {
    expect(titleFromText('  fix the\n\nbuild  ')).toBe('fix the build');
    expect(titleFromText('   ')).toBe(UNTITLED);
  });
  it('cuts long text to about 60 characters at a word', () => {
    const t = titleFromText('Refactor the session store so that listing never reads every transcript file twice');
    expect(t.length).toBeLessThanOrEqual(60);
    expect(t.endsWith('…')).toBe(true);
    expect(t).toBe('Refactor the session store so that listing never reads…');
    expect(titleFromText('x'.repeat(100))).toBe('x'.repeat(59) + '…');
  });
});
