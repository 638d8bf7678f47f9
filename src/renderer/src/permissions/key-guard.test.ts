// PX1 (issue 12 item 1): an approval's keys and one-click answers act only on purpose.
import { describe, expect, it } from 'vitest';
import { escapeDenies, formKey, shortcutArmed } from './key-guard';

describe('shortcut keys wait for focus and a quiet moment', () => {
  it('never act while the approval does not have the focus', () => {
    expect(shortcutArmed({ now: 10_000, focusedAt: null, lastTypedAt: -Infinity }, 600)).toBe(false);
  });
  it('wait a quiet moment after the approval got the focus', () => {
    expect(shortcutArmed({ now: 1_500, focusedAt: 1_000, lastTypedAt: -Infinity }, 600)).toBe(false);
    expect(shortcutArmed({ now: 1_600, focusedAt: 1_000, lastTypedAt: -Infinity }, 600)).toBe(true);
  });
  it('wait a quiet moment after the last key typed into a text field', () => {
    // Focused long ago, but the person typed "keep " just now: the "1" is part of the sentence.
    expect(shortcutArmed({ now: 5_000, focusedAt: 1_000, lastTypedAt: 4_900 }, 600)).toBe(false);
    expect(shortcutArmed({ now: 5_600, focusedAt: 1_000, lastTypedAt: 5_000 }, 600)).toBe(true);
  });
});

describe('Esc denies only when pressed twice', () => {
  it('a first press arms, a second within the time denies, a late one arms again', () => {
    expect(escapeDenies(1_000, null, 3_000)).toBe(false);
    expect(escapeDenies(2_000, 1_000, 3_000)).toBe(true);
    expect(escapeDenies(5_000, 1_000, 3_000)).toBe(false);
  });
});

describe('PX1 a request answered by a form (issue 19)', () => {
  it('text typed into the form\'s own box stays there', () => {
    expect(formKey('a', true, false)).toBe('pass');
    expect(formKey('Enter', true, false)).toBe('pass');
  });
  it('keys that choose or send wait for the quiet moment', () => {
    for (const key of ['Enter', ' ', 'ArrowDown']) {
      expect(formKey(key, false, false)).toBe('hold');
      expect(formKey(key, false, true)).toBe('pass');
    }
  });
  it('other text on a choice was meant for the message box', () => {
    expect(formKey('k', false, true)).toBe('to-composer');
    expect(formKey('Tab', false, false)).toBe('pass');
  });
});
