// Issue 19 through the whole app (real engine and tools, fake model): the person's answers to an
// AskUserQuestion form, sent as `permission:reply`'s updatedInput, are in the model's next request;
// headless, the next request tells the model nobody is there to answer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionReplyInput } from '../../src/shared/permissions/request';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;
const questions = [
  { question: 'Which database should the app use?', header: 'Database', multiSelect: false, options: [{ label: 'SQLite', description: 'One file' }, { label: 'Postgres', description: 'A server' }] },
];

describe('AskUserQuestion in the app (issue 19)', () => {
  it('issue 19 the answer given in the form is in the next request to the model', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_q', name: 'AskUserQuestion', input: { questions } }] }, { content: [{ type: 'text', text: 'SQLite it is.' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('set up storage');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(req.request).toMatchObject({ toolName: 'AskUserQuestion', input: { questions } });
    const reply: PermissionReplyInput = {
      requestId: req.request.requestId,
      decision: 'allow_once',
      updatedInput: { questions, answers: { 'Which database should the app use?': 'SQLite' } },
    };
    expect(await engine.sessions.replyPermission(h.projectDir, reply)).toBe(true);
    expect((await done).ok).toBe(true);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_q')).toMatchObject({
      content: 'User has answered your questions: "Which database should the app use?"="SQLite". You can now continue with the user\'s answers in mind.',
    });
  });

  it('issue 19 headless: the model reads that nobody can answer', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_q', name: 'AskUserQuestion', input: { questions } }] }, { content: [{ type: 'text', text: 'I will pick SQLite.' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('set up storage').done;
    expect(resultFor(h.server.requests[1]!.body, 'toolu_q')).toMatchObject({ is_error: true, content: expect.stringContaining('there is no person to answer') });
  });
});
