// No silent stop: an interactive session has no turn limit (a 60-turn run goes to its end); a run that
// stops short (a limit, max_tokens, refusal, a hook, an error) says why as a `run_stopped` event and on
// its last message, saved so a reopened conversation still shows it; Continue (CONTINUE_TEXT) goes on
// with a valid request. Headless: --max-turns ends with a stderr line and Claude Code's error_max_turns.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../fake-model/server';
import { closedPortUrl } from '../fake-model/ports';
import type { SessionEvent } from '../../src/shared/session-events';
import { CONTINUE_TEXT, messageText } from '../../src/shared/transcript';
import { runCli } from './cli-run';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

/** One turn that calls ToolSearch: cheap, and allowed without asking. */
const searchTurn = (id: string): ScriptedReply => ({ content: [{ type: 'tool_use', id, name: 'ToolSearch', input: { query: id } }] });

/** 59 tool turns, then a final answer: 60 turns. */
function pushLongRun(): void {
  for (let i = 1; i <= 59; i++) h.server.push(searchTurn(`toolu_s${i}`));
  h.server.push({ content: [{ type: 'text', text: 'All 59 steps are done.' }] });
}
const stops = () => h.events.filter((ev): ev is Extract<SessionEvent, { type: 'run_stopped' }> => ev.type === 'run_stopped');

const cli = (argv: string[]) => runCli(h, argv);

describe('runs without a turn limit', () => {
  it('an interactive session runs a 60-turn conversation to its end, with nothing to report', async () => {
    pushLongRun();
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const outcome = await session.start('Do the 59 steps').done;
    expect(outcome).toMatchObject({ ok: true, turns: 60, stopReason: 'end_turn', maxTurnsReached: false });
    expect(outcome.stopped).toBeUndefined();
    expect(h.server.requests).toHaveLength(60);
    expect(messageText(session.transcript().at(-1)!)).toBe('All 59 steps are done.');
    expect(stops()).toEqual([]);
  }, 60_000);

  it('headless without --max-turns: the same 60 turns succeed', async () => {
    pushLongRun();
    const r = await cli(['-p', 'Do the 59 steps', '--output-format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ subtype: 'success', is_error: false, num_turns: 60, result: 'All 59 steps are done.' });
  }, 60_000);
});

describe('a run that stops on a limit says why', () => {
  it('headless --max-turns 3: a clear stderr line, and the result says error_max_turns', async () => {
    pushLongRun();
    const text = await cli(['-p', 'Do the 59 steps', '--max-turns', '3']);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe('agent-desk: Reached the maximum number of turns (3).\n');
    expect(h.server.requests).toHaveLength(3);

    const json = await cli(['-p', 'Do the 59 steps', '--max-turns', '3', '--output-format', 'json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'result', subtype: 'error_max_turns', is_error: true, num_turns: 3, result: 'Reached the maximum number of turns (3).' });
  });

  it('an interactive session with a limit (AGENT_DESK_MAX_TURNS) stops, says so, keeps it on disk, and Continue goes on', async () => {
    h.env.AGENT_DESK_MAX_TURNS = '3';
    h.server.push(searchTurn('toolu_1'), searchTurn('toolu_2'), searchTurn('toolu_3'));
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const outcome = await session.start('Search three times').done;
    const stop = {
      kind: 'max_turns',
      text: 'Stopped after 3 turns (a turn is one reply of the assistant), the limit set for this run. The assistant had not finished its work.',
      canContinue: true,
      maxTurns: 3,
    };
    expect(outcome).toMatchObject({ ok: true, turns: 3, maxTurnsReached: true, stopped: stop });
    const last = session.transcript().at(-1)!;
    expect(last).toMatchObject({ role: 'user', stopped: stop });
    expect(stops()).toEqual([{ sessionId: session.id, type: 'run_stopped', messageId: last.id, stop }]);
    // The event comes before the session is idle again.
    const types = h.events.map((ev) => ev.type);
    expect(types.indexOf('run_stopped')).toBeLessThan(types.lastIndexOf('status'));

    // A fresh engine (the app restarted) still knows why the conversation stopped.
    const reopened = await (await h.engine()).sessions.open(h.projectDir, session.id);
    expect(reopened.messages.at(-1)).toMatchObject({ id: last.id, stopped: stop });

    // Continue: the continuation joins the tool results' user message in the request; the run goes on.
    h.server.push({ content: [{ type: 'text', text: 'Picked up and finished.' }] });
    const resumed = await session.start(CONTINUE_TEXT).done;
    expect(resumed).toMatchObject({ ok: true, turns: 1 });
    expect(resumed.stopped).toBeUndefined();
    const req = h.server.requests[3]!.body;
    expect(req.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_3', content: expect.any(String) },
        { type: 'text', text: CONTINUE_TEXT },
      ],
    });
    // The notice is data for the person, never sent to the model.
    expect(JSON.stringify(req)).not.toContain('the limit set for this run');
  });
});

describe('other ways a run stops short', () => {
  it('max_tokens can be continued; a refusal cannot', async () => {
    h.server.push({ content: [{ type: 'text', text: 'A very long answer that is cut' }], stop_reason: 'max_tokens' }, { content: [{ type: 'text', text: 'No.' }], stop_reason: 'refusal' });
    const session = await (await h.engine()).sessions.createSession(h.projectDir);
    expect((await session.start('Write a lot').done).stopped).toMatchObject({ kind: 'max_tokens', canContinue: true, text: expect.stringContaining('cut off') });
    expect(session.transcript().at(-1)).toMatchObject({ role: 'assistant', stopReason: 'max_tokens', stopped: { kind: 'max_tokens' } });
    expect((await session.start('Something else').done).stopped).toMatchObject({ kind: 'refusal', canContinue: false });
    expect(stops().map((ev) => ev.stop.kind)).toEqual(['max_tokens', 'refusal']);
  });

  it('a PostToolUse hook that stops the turn: "A hook stopped the assistant: <reason>", with Continue', async () => {
    h.script('post.sh', `cat > /dev/null; echo '{"continue":false,"stopReason":"the build is broken; fix it first"}'`);
    h.projectSettings({ hooks: { PostToolUse: [{ matcher: 'ToolSearch', hooks: [{ type: 'command', command: '.claude/hooks/post.sh' }] }] } });
    h.server.push(searchTurn('toolu_h'));
    const session = await (await h.engine()).sessions.createSession(h.projectDir);
    const outcome = await session.start('Search').done;
    expect(outcome.stopped).toEqual({
      kind: 'hook_stopped',
      text: 'A hook stopped the assistant: the build is broken; fix it first',
      canContinue: true,
      reason: 'the build is broken; fix it first',
    });
    expect(session.transcript().at(-1)!.stopped?.kind).toBe('hook_stopped');
  });

  it('a prompt a hook blocks: the event has no message (nothing joined the conversation)', async () => {
    h.script('prompt.sh', 'cat > /dev/null; echo "No prompts on Fridays." >&2; exit 2');
    h.projectSettings({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: '.claude/hooks/prompt.sh' }] }] } });
    const session = await (await h.engine()).sessions.createSession(h.projectDir);
    await session.start('hello').done;
    expect(stops()).toEqual([
      expect.objectContaining({ messageId: null, stop: expect.objectContaining({ kind: 'prompt_blocked', canContinue: false, text: expect.stringContaining('No prompts on Fridays.') }) }),
    ]);
  });

  it('errors: an unreachable model can be continued later; a rejected key cannot', async () => {
    h.server.push({ error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' } });
    const e1 = await h.engine();
    const s1 = await e1.sessions.createSession(h.projectDir);
    expect((await s1.start('hi').done).stopped).toMatchObject({ kind: 'error', errorCode: 'auth', canContinue: false, text: 'The model needs a valid API key.', details: expect.stringMatching(/invalid x-api-key/) });
    expect(s1.transcript()).toEqual([expect.objectContaining({ role: 'user', stopped: expect.objectContaining({ kind: 'error' }) })]);

    h.env.ANTHROPIC_BASE_URL = await closedPortUrl();
    h.env.AGENT_DESK_MAX_ATTEMPTS = '1';
    const s2 = await (await h.engine()).sessions.createSession(h.projectDir);
    expect((await s2.start('hi').done).stopped).toMatchObject({ kind: 'error', errorCode: 'network', canContinue: true, text: 'Agent Desk could not reach Anthropic. Check your internet connection.' });
  });

  it('issue 12 item 5: Retry after an error sends the same conversation again, adding nothing; it survives a reopen', async () => {
    h.server.push({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } });
    h.env.AGENT_DESK_MAX_ATTEMPTS = '1';
    const engine = await h.engine();
    const s = await engine.sessions.createSession(h.projectDir);
    expect((await s.start('Fix the bug').done).stopped).toMatchObject({ kind: 'error', errorCode: 'overloaded' });
    // Nothing to retry once a turn ended well, and not twice at once.
    h.server.push({ content: [{ type: 'text', text: 'Fixed it.' }] });
    const again = await s.retry().done;
    expect(again).toMatchObject({ ok: true });
    expect(() => s.retry()).toThrow(/nothing to retry/);
    expect(h.server.requests[1]!.body.messages).toEqual(h.server.requests[0]!.body.messages);
    expect(h.server.requests[1]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Fix the bug' }] }]);
    // The notice went with the retry; the conversation is the prompt and the answer, on disk too.
    const shape = (ms: ReturnType<typeof s.transcript>) => ms.map((m) => `${m.role}:${messageText(m)}:${m.stopped?.kind ?? ''}`);
    expect(shape(s.transcript())).toEqual(['user:Fix the bug:', 'assistant:Fixed it.:']);
    await engine.dispose();
    const reopened = await (await h.engine()).sessions.get(h.projectDir, s.id);
    expect(shape(reopened!.transcript())).toEqual(['user:Fix the bug:', 'assistant:Fixed it.:']);
  });

  it('a run the person stops has no notice', async () => {
    h.server.push({ hang: true });
    const session = await (await h.engine()).sessions.createSession(h.projectDir);
    const { done } = session.start('hang');
    await h.waitFor((ev) => ev.type === 'assistant_start');
    await session.stop();
    expect((await done).stopped).toBeUndefined();
    expect(stops()).toEqual([]);
  });
});
