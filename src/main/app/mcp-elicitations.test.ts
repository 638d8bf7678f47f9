// Questions from MCP servers as approval requests (issue 17 item 6): the conversation whose call runs
// on the server gets it (its inbox, its row, its docked form); with no call running it waits in the
// project's inbox from the connected tool; answered once, checked against the form, withdrawn when the
// server stops waiting.
import { describe, expect, it } from 'vitest';
import { MCP_QUESTION_REQUEST_NAME } from '../../shared/mcp-question';
import type { EventScope } from './ports';
import { createMcpElicitations } from './mcp-elicitations';

function setup() {
  const events: Array<{ channel: string; payload: unknown; scope: EventScope }> = [];
  let n = 0;
  const e = createMcpElicitations({ bus: { publish: (channel, payload, scope) => void events.push({ channel, payload, scope }), subscribe: () => () => {} }, newId: () => `q${++n}`, now: () => 1000 });
  const request = { server: 'booking', message: 'Who is coming?', fields: [{ name: 'name', label: 'Your name', kind: 'text' as const, required: true }] };
  return { e, events, request };
}
const input = { server: 'booking', message: 'Who is coming?', fields: [{ name: 'name', label: 'Your name', kind: 'text', required: true }] };

describe('MCP elicitations (issue 17 item 6)', () => {
  it('asked during a call: a request of that conversation, for that call; an answer that does not fit is refused in words', async () => {
    const { e, events, request } = setup();
    const answer = e.ask('/p', { ...request, caller: { sessionId: 's1', toolUseId: 'toolu_book' } }, new AbortController().signal);
    const asked = {
      requestId: 'q1',
      sessionId: 's1',
      toolUseId: 'toolu_book',
      toolName: MCP_QUESTION_REQUEST_NAME,
      kind: 'other',
      input,
      message: 'The connected tool “booking” asks: Who is coming?',
      suggestions: [],
      destructive: false,
      createdAt: 1000,
    };
    expect(events).toEqual([{ channel: 'session:event', payload: { type: 'permission_request', sessionId: 's1', request: asked }, scope: { projectDir: '/p' } }]);
    expect(e.pending('/p')).toEqual([asked]);
    expect(e.pending('/other')).toEqual([]);
    const reply = (r: object) => e.reply('/p', { requestId: 'q1', decision: 'allow_once', ...r });
    expect(() => reply({ updatedInput: { answer: { action: 'accept', content: {} } } })).toThrow('“Your name” is needed.');
    // Not an answer, or another project's: not taken, the question still waits.
    expect(reply({})).toBe(false);
    expect(e.reply('/p', { requestId: 'q1', decision: 'allow_always' })).toBe(false);
    expect(e.reply('/other', { requestId: 'q1', decision: 'deny' })).toBe(false);
    expect(reply({ updatedInput: { answer: { action: 'accept', content: { name: 'Ada' } } } })).toBe(true);
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(events.at(-1)).toEqual({ channel: 'session:event', payload: { type: 'permission_resolved', sessionId: 's1', requestId: 'q1', decision: 'allow_once' }, scope: { projectDir: '/p' } });
    expect(e.reply('/p', { requestId: 'q1', decision: 'deny' })).toBe(false);
  });

  it('asked with no call running: the project’s inbox, from the connected tool; a plain deny says no, the form’s “not now” cancels', async () => {
    const { e, events, request } = setup();
    const first = e.ask('/p', request, new AbortController().signal);
    expect(events[0]!.payload).toMatchObject({ type: 'permission_request', sessionId: '', request: { sessionId: '', toolUseId: 'q1', origin: { kind: 'tool', label: 'booking' } } });
    expect(e.reply('/p', { requestId: 'q1', decision: 'deny' })).toBe(true);
    await expect(first).resolves.toEqual({ action: 'decline' });
    const second = e.ask('/p', request, new AbortController().signal);
    expect(e.reply('/p', { requestId: 'q2', decision: 'allow_once', updatedInput: { answer: { action: 'cancel' } } })).toBe(true);
    await expect(second).resolves.toEqual({ action: 'cancel' });
  });

  it('a server that stops waiting withdraws the question: cancel', async () => {
    const { e, events, request } = setup();
    const stop = new AbortController();
    const answer = e.ask('/p', { ...request, caller: { sessionId: 's1', toolUseId: 't' } }, stop.signal);
    stop.abort();
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(events.at(-1)).toMatchObject({ channel: 'session:event', payload: { type: 'permission_resolved', requestId: 'q1', decision: 'cancelled' } });
    expect(e.pending('/p')).toEqual([]);
  });
});
