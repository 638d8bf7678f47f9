// Output batching (issue 15 item 5): many small pieces become one message per interval or size bound.
import { describe, expect, it } from 'vitest';
import { createCoalescer } from './output-coalescer';

function manualTimers() {
  const pending: (() => void)[] = [];
  return {
    setTimer: (fn: () => void) => {
      pending.push(fn);
      return pending.length;
    },
    clearTimer: () => undefined,
    fire: () => pending.splice(0).forEach((fn) => fn()),
  };
}

describe('createCoalescer (issue 15 item 5)', () => {
  it('a thousand small pieces within one interval go out as one batch, in order', () => {
    const t = manualTimers();
    const sent: string[] = [];
    const c = createCoalescer((d) => sent.push(d), { setTimer: t.setTimer, clearTimer: t.clearTimer });
    for (let i = 0; i < 1000; i++) c.push(`${i},`);
    expect(sent).toEqual([]);
    t.fire();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.split(',').slice(0, 3)).toEqual(['0', '1', '2']);
    expect(sent[0]!.endsWith('999,')).toBe(true);
  });

  it('past the size bound a batch goes at once, and no batch is larger than the bound', () => {
    const t = manualTimers();
    const sent: string[] = [];
    const c = createCoalescer((d) => sent.push(d), { maxChars: 10, setTimer: t.setTimer, clearTimer: t.clearTimer });
    c.push('abcdef');
    c.push('ghijklmnopqrstuvwxy');
    expect(sent).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxy']);
    c.push('z');
    c.flush();
    expect(sent.at(-1)).toBe('z');
  });

  it('after dispose nothing more is sent', () => {
    const sent: string[] = [];
    const c = createCoalescer((d) => sent.push(d), { setTimer: () => 0, clearTimer: () => undefined });
    c.push('last');
    c.dispose();
    c.push('too late');
    c.flush();
    expect(sent).toEqual(['last']);
  });
});
