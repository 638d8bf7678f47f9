// Issue 20 item 2: the model's view after a summary, the cheap step that clears old tool results, and
// which newest turns a summary keeps word for word.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/transcript';
import type { ApiMessage } from '../../model/types';
import { CLEARED_TOOL_RESULT, clearOldToolResults, keepFromIndex, modelView } from './view';

const text = (id: string, role: Message['role'], t: string): Message => ({ id, role, content: [{ type: 'text', text: t }], createdAt: 0 });
const marker = (id: string, keptFrom: string | null): Message => ({
  ...text(id, 'user', `summary ${id}`),
  compaction: { trigger: 'auto', summary: id, keptFrom, tokensBefore: 10, tokensAfter: 2 },
});

describe('modelView (issue 20 item 2)', () => {
  it('a conversation never summarised is read whole', () => {
    const m = [text('u1', 'user', 'a'), text('a1', 'assistant', 'b')];
    expect(modelView(m)).toEqual(m);
  });

  it('after a summary: the summary, the turns it kept, then what came after; older messages are not read', () => {
    const m = [text('u1', 'user', 'a'), text('a1', 'assistant', 'b'), text('u2', 'user', 'c'), text('a2', 'assistant', 'd'), marker('s', 'u2'), text('u3', 'user', 'e')];
    expect(modelView(m).map((x) => x.id)).toEqual(['s', 'u2', 'a2', 'u3']);
  });

  it('only the last summary counts, and a summary that kept nothing is followed by what came after it', () => {
    const m = [text('u1', 'user', 'a'), marker('s1', 'u1'), text('u2', 'user', 'b'), marker('s2', null), text('u3', 'user', 'c')];
    expect(modelView(m).map((x) => x.id)).toEqual(['s2', 'u3']);
  });
});

describe('clearOldToolResults (issue 20 item 2: the cheap step)', () => {
  const results = (ids: string[], size: number): ApiMessage => ({ role: 'user', content: ids.map((id) => ({ type: 'tool_result' as const, tool_use_id: id, content: 'x'.repeat(size) })) });
  const msgs: ApiMessage[] = [results(['old'], 400), { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, results(['mid', 'new'], 400)];

  it('keeps the newest results that fit the budget and replaces the older ones with a short note', () => {
    const { messages, cleared } = clearOldToolResults(msgs, 150);
    expect(cleared).toBe(2);
    const contents = messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? [[b.tool_use_id, b.content === CLEARED_TOOL_RESULT]] : [])));
    expect(contents).toEqual([['old', true], ['mid', true], ['new', false]]);
    // The input is left as it was: the stored transcript keeps the full text.
    expect(msgs[0]!.content[0]).toMatchObject({ content: 'x'.repeat(400) });
  });

  it('changes nothing when every result fits', () => {
    expect(clearOldToolResults(msgs, 10_000)).toEqual({ messages: msgs, cleared: 0 });
  });
});

describe('keepFromIndex (issue 20 item 2)', () => {
  it('keeps the newest turns within the budget, starting at a reply or a prompt, never at lone tool results', () => {
    const m: Message[] = [
      text('u1', 'user', 'x'.repeat(400)),
      { id: 'a1', role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Read', input: {} }], createdAt: 0 },
      { id: 'r1', role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'y'.repeat(40) }], createdAt: 0 },
      text('a2', 'assistant', 'done'),
    ];
    expect(keepFromIndex(m, 60)).toBe(1);
    expect(keepFromIndex(m, 20)).toBe(3);
    expect(keepFromIndex(m, 0)).toBe(4);
  });
});
