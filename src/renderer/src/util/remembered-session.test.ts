// Issue 12 item 7: the open conversation is kept in the address, so a reload returns to it.
import { afterEach, describe, expect, it } from 'vitest';
import { rememberedSession, rememberSession } from './remembered-session';

function fakeWindow(href: { pathname: string; search: string; hash: string }) {
  const calls: string[] = [];
  const location = { ...href };
  (globalThis as { window?: unknown }).window = {
    location,
    history: {
      state: { kept: true },
      replaceState(_state: unknown, _title: string, url: string) {
        calls.push(url);
        const u = new URL(url, 'http://host');
        location.hash = u.hash;
      },
    },
  };
  return { calls, location };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('issue 12 item 7: the conversation survives a reload', () => {
  it('writes the open session into the hash, keeping the path and the token query', () => {
    const w = fakeWindow({ pathname: '/', search: '?token=abc', hash: '' });
    rememberSession('s-123');
    expect(w.calls).toEqual(['/?token=abc#session=s-123']);
    expect(rememberedSession()).toBe('s-123');
    rememberSession('s-123');
    expect(w.calls).toHaveLength(1);
    rememberSession(null);
    expect(w.calls.at(-1)).toBe('/?token=abc');
    expect(rememberedSession()).toBeNull();
  });

  it('ignores an id that could not be a session id', () => {
    fakeWindow({ pathname: '/', search: '', hash: '#session=../../etc' });
    expect(rememberedSession()).toBeNull();
  });

  it('does nothing without a window (tests, the engine)', () => {
    expect(rememberedSession()).toBeNull();
    expect(() => rememberSession('x')).not.toThrow();
  });
});
