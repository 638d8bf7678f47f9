// Teammate mode end to end on the fake Messages API (AG7): a named background agent the conversation
// and it exchange messages with through SendMessage. Its message to "main" becomes a turn of the
// conversation the model reads in Claude Code's <teammate-message> envelope; the conversation's answer
// wakes the teammate, which had finished and was waiting; each side gets Claude Code's result words.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedReply } from '../fake-model/server';
import { appTasks } from '../../src/main/tasks/app-tasks';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Block = { type: string; text?: string; content?: unknown };
type Msg = { role: string; content: string | Block[] };
const textOf = (m: Msg | undefined): string =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? (typeof b.content === 'string' ? b.content : '')).join('\n');
const use = (id: string, name: string, input: unknown): ScriptedReply => ({ content: [{ type: 'tool_use', id, name, input }] });
const say = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }] });

/** One script for both sides: the teammate's requests start with its task, the conversation's with the person's words. */
function router(req: RecordedRequest): ScriptedReply {
  const messages = req.body.messages as Msg[];
  const first = textOf(messages[0]);
  const last = textOf(messages.at(-1));
  if (first.startsWith('Find the parser')) {
    if (messages.length === 1) return use('toolu_t1', 'SendMessage', { to: 'main', summary: 'found the parser', message: 'The parser is in src/parse.ts' });
    if (last.includes('<teammate-message teammate_id="main"')) return use('toolu_t3', 'SendMessage', { to: 'main', message: 'Line 40 is fine' });
    return say('Reported.');
  }
  if (messages.length === 1) return use('toolu_m1', 'Agent', { description: 'Find the parser', prompt: 'Find the parser', name: 'researcher', run_in_background: true });
  if (last.includes('Line 40 is fine')) return say('All good.');
  if (last.includes('The parser is in src/parse.ts') && last.startsWith('<teammate-message')) return use('toolu_m3', 'SendMessage', { to: 'researcher', summary: 'check line 40', message: 'Thanks. Now check line 40.' });
  return say('Waiting.');
}

describe('teammates (AG7)', () => {
  it('the conversation and a named background agent exchange messages; each reaches the other as a turn', async () => {
    for (let i = 0; i < 12; i++) h.server.push(router);
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('Work with a researcher on the parser').done;

    // The teammate's second message ends the exchange: the conversation answers it with "All good.".
    await h.waitFor((e) => e.type === 'message' && e.sessionId === session.id && e.message.role === 'assistant' && JSON.stringify(e.message.content).includes('All good.'));
    const reqs = h.server.requests.map((r) => r.body as { messages: Msg[] });
    const spawn = reqs.find((b) => resultFor(b as never, 'toolu_m1'));
    expect(resultFor(spawn as never, 'toolu_m1')!.content).toContain('It is your teammate "researcher": send it messages with SendMessage (to: "researcher").');

    // The teammate's words reached the conversation as a turn of its own, in Claude Code's envelope.
    const users = h.events.flatMap((e) => (e.type === 'message' && e.sessionId === session.id && e.message.role === 'user' ? [textOf(e.message as unknown as Msg)] : []));
    expect(users).toContain('<teammate-message teammate_id="researcher" summary="found the parser">\nThe parser is in src/parse.ts\n</teammate-message>');
    expect(users).toContain('<teammate-message teammate_id="researcher">\nLine 40 is fine\n</teammate-message>');
    // What the person sees: the conversation's replies to each, in order.
    const replies = h.events.flatMap((e) => (e.type === 'message' && e.sessionId === session.id && e.message.role === 'assistant' ? [JSON.stringify(e.message.content)] : []));
    expect(replies.at(-1)).toContain('All good.');

    // Each side got Claude Code's answer to its SendMessage.
    const answered = (id: string) => reqs.map((b) => resultFor(b as never, id)).find(Boolean);
    expect(answered('toolu_t1')!.content).toBe("Message sent to main's inbox");
    expect(answered('toolu_m3')!.content).toBe("Message sent to researcher's inbox");
    // The teammate had finished ("Reported.") and woke up with the conversation's message.
    const woke = reqs.find((b) => textOf(b.messages[0]).startsWith('Find the parser') && textOf(b.messages.at(-1)).includes('<teammate-message teammate_id="main" summary="check line 40">'));
    expect(textOf(woke!.messages.at(-1))).toContain('Thanks. Now check line 40.');
    expect(woke!.messages.some((m) => m.role === 'assistant' && textOf(m).includes('Reported.'))).toBe(true);

    // It still waits for messages, as a running background task, until the conversation ends it.
    const tasks = appTasks.list(session.id);
    expect(tasks).toEqual([expect.objectContaining({ kind: 'agent', status: 'running', command: 'researcher: Find the parser' })]);
    expect(tasks[0]!.startedBy).toBeUndefined();
    await engine.sessions.dispose();
    expect(appTasks.get(tasks[0]!.id)!.status).toBe('killed');
  });
});
