// Building a valid Messages API request from any transcript.
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../../shared/transcript';
import { toApiMessages } from './request';

let n = 0;
const m = (role: 'user' | 'assistant', ...content: ContentBlock[]): Message => ({ id: `m${++n}`, role, content, createdAt: n });
const t = (text: string): ContentBlock => ({ type: 'text', text });
const use = (id: string): ContentBlock => ({ type: 'tool_use', id, name: 'Read', input: { p: id } });
const res = (id: string): ContentBlock => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });

describe('toApiMessages', () => {
  it('passes a well-formed transcript through, without our extra fields', () => {
    const out = toApiMessages([m('user', t('a')), { ...m('assistant', t('b')), usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'x' }, m('user', t('c'))]);
    expect(out).toEqual([
      { role: 'user', content: [t('a')] },
      { role: 'assistant', content: [t('b')] },
      { role: 'user', content: [t('c')] },
    ]);
  });

  it('merges consecutive user messages left by a failed turn', () => {
    expect(toApiMessages([m('user', t('a')), m('user', t('b'))])).toEqual([{ role: 'user', content: [t('a'), t('b')] }]);
  });

  it('drops empty text blocks and messages that end up empty', () => {
    expect(toApiMessages([m('user', t('a')), m('assistant', t('')), m('user', t('b'))])).toEqual([{ role: 'user', content: [t('a'), t('b')] }]);
  });

  it('keeps paired tool calls and drops unpaired halves', () => {
    const paired = [m('user', t('go')), m('assistant', t('reading'), use('u1')), m('user', res('u1')), m('assistant', t('done'))];
    expect(toApiMessages(paired)).toHaveLength(4);
    // A stopped tool turn: tool_use without its result, then the user's next message.
    const out = toApiMessages([m('user', t('go')), m('assistant', use('u2')), m('user', t('never mind'))]);
    expect(out).toEqual([{ role: 'user', content: [t('go'), t('never mind')] }]);
    // A result whose call is gone.
    expect(toApiMessages([m('user', res('zz'), t('hi'))])).toEqual([{ role: 'user', content: [t('hi')] }]);
  });

  it('keeps tool_result blocks first when user messages merge', () => {
    const out = toApiMessages([m('user', t('go')), m('assistant', use('u1')), m('user', res('u1')), m('user', t('also this'))]);
    expect(out.at(-1)).toEqual({ role: 'user', content: [res('u1'), t('also this')] });
  });

  it('starts with a user message', () => {
    expect(toApiMessages([m('assistant', t('hello')), m('user', t('hi'))])).toEqual([{ role: 'user', content: [t('hi')] }]);
    expect(toApiMessages([])).toEqual([]);
  });
});

describe('toApiMessages on messy transcripts', () => {
  const asMessages = (list: ReturnType<typeof toApiMessages>): Message[] => list.map((x, k) => ({ id: `r${k}`, role: x.role, content: x.content, createdAt: k }));

  it('stops only when another round would change nothing: its output is its own output again (400 generated transcripts)', () => {
    let seed = 7;
    const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % k);
    let changed = 0;
    for (let run = 0; run < 400; run++) {
      const messages: Message[] = [];
      for (let i = rnd(9); i >= 0; i--) {
        const content: ContentBlock[] = [];
        for (let j = rnd(4); j > 0; j--) {
          const id = `t${rnd(4)}`;
          content.push([t(''), t('x'), use(id), res(id)][rnd(4)]!);
        }
        messages.push(m(rnd(2) ? 'user' : 'assistant', ...content));
      }
      const out = toApiMessages(messages);
      if (JSON.stringify(out) !== JSON.stringify(messages.map((x) => ({ role: x.role, content: x.content })))) changed++;
      expect(toApiMessages(asMessages(out)), JSON.stringify(messages)).toEqual(out);
      // Valid for the API: starts with user, roles alternate.
      out.forEach((x, k) => expect(x.role).toBe(k % 2 === 0 ? 'user' : 'assistant'));
    }
    expect(changed).toBeGreaterThan(300);
  });
});
