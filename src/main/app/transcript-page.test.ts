// Issue 16 item 6: session:open sends a long conversation a page at a time, newest first; a page
// starts at a message the person wrote; a string too long to show goes clipped with a note.
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { Message } from '../../shared/transcript';
import { clipForView, PAGE_MAX_CHARS, PAGE_MAX_MESSAGES, pageStart, transcriptPage, VIEW_MAX_STRING } from './transcript-page';

const prompt = (i: number, text = `prompt ${i}`): Message => ({ id: `u${i}`, role: 'user', content: [{ type: 'text', text }], createdAt: i });
const call = (i: number): Message => ({ id: `a${i}`, role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'Read', input: { file_path: '/p/x' } }], createdAt: i });
const result = (i: number): Message => ({ id: `r${i}`, role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: 'ok' }], createdAt: i });
const answer = (i: number): Message => ({ id: `b${i}`, role: 'assistant', content: [{ type: 'text', text: 'done' }], createdAt: i });
/** `turns` turns of prompt, call, result, answer. */
const conversation = (turns: number) => Array.from({ length: turns }, (_, i) => [prompt(i), call(i), result(i), answer(i)]).flat();
const view = (id: string, messageId: string): ToolCallView => ({ id, name: 'Read', userFacingName: 'Read', messageId, input: {}, state: 'succeeded', summary: 'x', startedAt: 1, endedAt: 2 });

describe('transcript pages (issue 16 item 6)', () => {
  it('a short conversation is one page', () => {
    const messages = conversation(3);
    expect(transcriptPage(messages, [])).toMatchObject({ messages, earlier: 0 });
  });

  it('a long one: the newest page holds at most PAGE_MAX_MESSAGES and starts at a prompt; the pages before join up to the start', () => {
    const messages = conversation(150);
    const first = transcriptPage(messages, []);
    expect(first.messages.length).toBeLessThanOrEqual(PAGE_MAX_MESSAGES);
    expect(first.messages[0]).toMatchObject({ role: 'user', content: [{ type: 'text' }] });
    expect(first.earlier).toBe(messages.length - first.messages.length);
    const seen = [...first.messages];
    let before = first.earlier;
    while (before > 0) {
      const page = transcriptPage(messages, [], before);
      expect(page.messages[0]).toMatchObject({ role: 'user', content: [{ type: 'text' }] });
      seen.unshift(...page.messages);
      before = page.earlier;
    }
    expect(seen).toEqual(messages);
  });

  it('a page stops at about PAGE_MAX_CHARS of text, and a single message over it still comes whole', () => {
    const big = 'y'.repeat(VIEW_MAX_STRING);
    const messages = Array.from({ length: 40 }, (_, i) => prompt(i, big));
    const start = pageStart(messages, messages.length);
    expect((messages.length - start) * big.length).toBeLessThanOrEqual(PAGE_MAX_CHARS);
    expect(messages.length - start).toBeGreaterThan(1);
    expect(pageStart([prompt(0, 'z'.repeat(PAGE_MAX_CHARS * 2))], 1)).toBe(0);
  });

  it("the tool-call snapshots go with their message's page; calls of messages not in the transcript yet go with the newest", () => {
    const messages = conversation(150);
    const calls = [view('t0', 'a0'), view('t149', 'a149'), view('live', 'draft-message')];
    const first = transcriptPage(messages, calls);
    expect(first.toolCalls.map((c) => c.id)).toEqual(['t149', 'live']);
    const oldest = transcriptPage(messages, calls, pageStart(messages, first.earlier));
    expect(oldest.earlier).toBe(0);
    expect(oldest.toolCalls.map((c) => c.id)).toEqual(['t0']);
  });

  it('the newest page carries every file change, naming the earlier messages they belong to (the Changes pane)', () => {
    const messages = conversation(150);
    const edit: ToolCallView = { ...view('e0', 'a0'), name: 'Write', kind: 'edit' };
    const first = transcriptPage(messages, [edit, view('t0', 'a0'), view('t149', 'a149')]);
    expect(first.toolCalls.map((c) => c.id)).toEqual(['e0', 't149']);
    expect(first.earlierIds).toEqual(['a0']);
    expect(transcriptPage(messages, [edit], 8).earlierIds).toEqual([]);
  });

  it('a 1 MB string goes clipped with a note; shorter ones and the rest of the value are untouched', () => {
    const huge = 'w'.repeat(1024 * 1024);
    const m: Message = { id: 'a', role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Write', input: { file_path: '/p/big.txt', content: huge } }], createdAt: 1 };
    const clipped = clipForView(m);
    const input = (clipped.content[0] as { input: { file_path: string; content: string } }).input;
    expect(input.file_path).toBe('/p/big.txt');
    expect(input.content.startsWith('w'.repeat(VIEW_MAX_STRING))).toBe(true);
    expect(input.content.endsWith(`… [${huge.length - VIEW_MAX_STRING} more characters are not shown here; the whole text is kept]`)).toBe(true);
    expect((m.content[0] as { input: { content: string } }).input.content).toBe(huge);
    const small = prompt(1);
    expect(clipForView(small)).toBe(small);
  });
});
