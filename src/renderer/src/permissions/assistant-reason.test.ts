// Issue 12 item 2: the approval shows the assistant's own words just before its call.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/transcript';
import { assistantReason, REASON_MAX_CHARS } from './assistant-reason';

const msg: Message = {
  id: 'm1',
  role: 'assistant',
  createdAt: 1,
  content: [
    { type: 'text', text: 'The build folder is stale.' },
    { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'rm -rf build' } },
    { type: 'text', text: 'Then I rebuild.' },
    { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'npm run build' } },
  ],
};

describe('assistantReason', () => {
  it('is the text before the waiting call, from the finished message', () => {
    expect(assistantReason({ turn: 'm1', toolUseId: 't1' }, [msg], [])).toBe('The build folder is stale.');
    expect(assistantReason({ turn: 'm1', toolUseId: 't2' }, [msg], [])).toBe('The build folder is stale.\n\nThen I rebuild.');
  });
  it('comes from the reply still streaming when the message is not finished', () => {
    expect(assistantReason({ turn: 'm2', toolUseId: 't9' }, [msg], [{ messageId: 'm2', text: 'Let me check the tests.' }])).toBe('Let me check the tests.');
  });
  it('is null without words or a turn; a long text keeps its end', () => {
    expect(assistantReason({ toolUseId: 't1' }, [msg], [])).toBeNull();
    expect(assistantReason({ turn: 'm1', toolUseId: 't1' }, [{ ...msg, content: [msg.content[1]!] }], [])).toBeNull();
    const long = `${'word '.repeat(400)}because the cache is stale.`;
    const r = assistantReason({ turn: 'm3', toolUseId: 'x' }, [], [{ messageId: 'm3', text: long }])!;
    expect(r.startsWith('…')).toBe(true);
    expect(r.endsWith('because the cache is stale.')).toBe(true);
    expect(r.length).toBeLessThanOrEqual(REASON_MAX_CHARS + 1);
  });
});
