// Questions from MCP servers waiting for the person (issue 17 item 6): shown in the project's windows,
// answered once, checked against the form, closed when the server stops waiting.
import { describe, expect, it } from 'vitest';
import type { EventScope } from './ports';
import { createMcpElicitations } from './mcp-elicitations';

function setup() {
  const events: Array<{ channel: string; payload: unknown; scope: EventScope }> = [];
  let n = 0;
  const e = createMcpElicitations({ bus: { publish: (channel, payload, scope) => void events.push({ channel, payload, scope }), subscribe: () => () => {} }, newId: () => `q${++n}` });
  const request = { server: 'booking', message: 'Who is coming?', fields: [{ name: 'name', label: 'Your name', kind: 'text' as const, required: true }] };
  return { e, events, request };
}

describe('MCP elicitations (issue 17 item 6)', () => {
  it('goes to the project’s windows; an answer that does not fit is refused in words; one that fits goes back', async () => {
    const { e, events, request } = setup();
    const answer = e.ask('/p', request, new AbortController().signal);
    expect(events).toEqual([{ channel: 'mcp:elicitation', payload: { id: 'q1', ...request }, scope: { projectDir: '/p' } }]);
    expect(e.pending('/p').map((q) => q.id)).toEqual(['q1']);
    expect(e.pending('/other')).toEqual([]);
    expect(() => e.reply('/p', 'q1', { action: 'accept', content: {} })).toThrow('“Your name” is needed.');
    expect(() => e.reply('/other', 'q1', { action: 'decline' })).toThrow('no longer waiting');
    e.reply('/p', 'q1', { action: 'accept', content: { name: 'Ada' } });
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(events.at(-1)).toEqual({ channel: 'mcp:elicitation-closed', payload: { id: 'q1' }, scope: { projectDir: '/p' } });
    expect(() => e.reply('/p', 'q1', { action: 'decline' })).toThrow('no longer waiting');
  });

  it('a server that stops waiting closes the form: cancel', async () => {
    const { e, events, request } = setup();
    const stop = new AbortController();
    const answer = e.ask('/p', request, stop.signal);
    stop.abort();
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(events.at(-1)).toMatchObject({ channel: 'mcp:elicitation-closed', payload: { id: 'q1' } });
    expect(e.pending('/p')).toEqual([]);
  });
});
