// Transcript → tool cards: results by id, tool-result-only user messages hidden, steps in order,
// live calls of replies not yet committed (issue 3 renderer, item 6).
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Message } from '../../../shared/transcript';
import { isToolResultsOnly, liveCallsByMessage, stepsOfMessage, toolResultsById } from './steps';

const assistant: Message = {
  id: 'a1',
  role: 'assistant',
  createdAt: 1,
  content: [
    { type: 'text', text: 'Let me check.' },
    { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } },
    { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'pwd' } },
  ],
};
const results: Message = {
  id: 'u2',
  role: 'user',
  createdAt: 2,
  content: [
    { type: 'tool_result', tool_use_id: 't1', content: 'a\nb' },
    { type: 'tool_result', tool_use_id: 't2', content: '/p', is_error: false },
  ],
};
const typed: Message = { id: 'u1', role: 'user', createdAt: 0, content: [{ type: 'text', text: 'hi' }] };
const call = (id: string, messageId: string): ToolCallView => ({ id, name: 'Bash', userFacingName: 'Bash', messageId, input: {}, state: 'running' });

describe('transcript steps', () => {
  it('finds each tool_use its result', () => {
    const map = toolResultsById([typed, assistant, results]);
    expect([...map.keys()]).toEqual(['t1', 't2']);
    expect(map.get('t1')?.content).toBe('a\nb');
  });
  it('a user message with only tool results is not a bubble; one with text is', () => {
    expect(isToolResultsOnly(results)).toBe(true);
    expect(isToolResultsOnly(typed)).toBe(false);
    expect(isToolResultsOnly(assistant)).toBe(false);
    expect(isToolResultsOnly({ ...typed, content: [] })).toBe(false);
  });
  it('an assistant message becomes text and tool steps in order', () => {
    expect(stepsOfMessage(assistant)).toEqual([
      { kind: 'text', key: 'a1:0', text: 'Let me check.' },
      { kind: 'tool', id: 't1', name: 'Bash', messageId: 'a1', input: { command: 'ls' } },
      { kind: 'tool', id: 't2', name: 'Bash', messageId: 'a1', input: { command: 'pwd' } },
    ]);
  });
  it('live calls of replies not in the transcript yet, per message, in publish order', () => {
    const calls = { t1: call('t1', 'a1'), n1: call('n1', 'a2'), n2: call('n2', 'a2'), o1: call('o1', 'a3') };
    const live = liveCallsByMessage(calls, new Set(['a1']));
    expect([...live.entries()].map(([m, list]) => [m, list.map((c) => c.id)])).toEqual([
      ['a2', ['n1', 'n2']],
      ['a3', ['o1']],
    ]);
  });
  it("AG7 a subagent's calls are not the conversation's own: they stay under their Agent card", () => {
    const calls = { n1: call('n1', 'a2'), s1: { ...call('s1', 'c1'), parentToolUseId: 'n1' } };
    expect([...liveCallsByMessage(calls, new Set()).keys()]).toEqual(['a2']);
  });
});
