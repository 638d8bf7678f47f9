// SendMessage and the conversation's team (AG7 teammate mode): Claude Code's input and answer
// ("Message sent to researcher's inbox"), routes from the conversation to a named teammate, between
// teammates, and back to "main"; a teammate waits on its mailbox until a message or its stop; bad
// addresses are errors the model can act on; the envelope reads back as the same messages.
import { afterEach, describe, expect, it } from 'vitest';
import { formatTeammateMessages, parseTeammateMessages } from '../../../shared/teammate-message';
import { createTeam, MAILBOX_MAX, type TeammateMessage } from '../../tasks/team';
import type { CanUseTool, ToolUseContext } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createSendMessageTool } from './send-message.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let p: TempProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});

function setup() {
  p = tempProject();
  const toMain: TeammateMessage[] = [];
  const team = createTeam({ toMain: (m) => toMain.push(m) });
  const tool = createSendMessageTool();
  const send = async (raw: unknown, as: Partial<ToolUseContext> = {}) => {
    const ctx = { ...p!.ctx, team, ...as };
    const input = tool.inputSchema().parse(raw);
    const valid = await tool.validateInput!(input, ctx);
    if (!valid.result) return { error: valid.message };
    const { data } = await tool.call(input, ctx, allow, 'm', () => undefined);
    return { data, text: String(tool.mapResult(data, 't').content) };
  };
  return { team, toMain, send };
}

describe('SendMessage (AG7)', () => {
  it('the conversation writes to a named teammate; the teammate reads it from its mailbox', async () => {
    const { team, send } = setup();
    const seat = team.join('researcher');
    const r = await send({ to: 'researcher', summary: 'read the parser', message: 'Start on src/parse.ts' });
    expect(r.text).toBe("Message sent to researcher's inbox");
    expect(r.data).toMatchObject({ from: 'main', recipients: ['researcher'] });
    expect(await seat.mailbox.take(new AbortController().signal)).toEqual([{ from: 'main', text: 'Start on src/parse.ts', summary: 'read the parser' }]);
  });

  it('a teammate writes back to "main" (or "team-lead"), signed with its name; to another teammate; to everyone', async () => {
    const { team, toMain, send } = setup();
    const a = team.join('researcher');
    team.join('writer');
    expect((await send({ to: 'main', message: 'Found it in parse.ts' }, { teammateName: 'writer' })).text).toBe("Message sent to main's inbox");
    await send({ to: 'team-lead', message: 'Also line 40' }, { teammateName: 'writer' });
    expect(toMain.map((m) => [m.from, m.text])).toEqual([['writer', 'Found it in parse.ts'], ['writer', 'Also line 40']]);
    await send({ to: 'researcher', message: 'look at line 40' }, { teammateName: 'writer' });
    expect((await a.mailbox.take(new AbortController().signal))![0]).toMatchObject({ from: 'writer' });
    const all = await send({ to: '*', message: 'stop soon' });
    expect(all.text).toBe('Message broadcast to 2 teammate(s): researcher, writer');
  });

  it('addresses that reach nobody are refused with what to do instead', async () => {
    const { team, send } = setup();
    expect((await send({ to: 'ghost', message: 'hi' })).error).toBe('No teammate named "ghost" is running. Start one with Agent (name, run_in_background: true).');
    team.join('researcher');
    expect((await send({ to: 'ghost', message: 'hi' })).error).toBe('No teammate named "ghost" is running. Teammates running now: researcher.');
    expect((await send({ to: 'main', message: 'hi' })).error).toBe('You are the main conversation: send to a teammate by its name.');
    expect((await send({ to: 'researcher', message: 'hi' }, { teammateName: 'researcher' })).error).toBe('That is you: send to a teammate, or to "main".');
    expect((await send({ to: 'main', message: 'hi' }, { team: undefined })).error).toBe('Messages cannot be sent from here.');
    const schema = createSendMessageTool().inputSchema();
    expect(schema.safeParse({ to: 'x' }).success).toBe(false);
    expect(schema.safeParse({ to: ' ', message: 'x' }).success).toBe(false);
    expect(schema.safeParse({ to: 'x', message: '' }).success).toBe(false);
  });

  it('a name is one teammate’s at a time; leaving frees it; "main" is never a teammate’s', () => {
    const team = createTeam({ toMain: () => undefined });
    const seat = team.join('Researcher');
    expect(() => team.join('researcher')).toThrow('A teammate named "researcher" is already running; give this one another name.');
    seat.leave();
    expect(() => team.join('researcher')).not.toThrow();
    expect(() => team.join('main')).toThrow(/names the conversation itself/);
  });

  it('a mailbox waits for the next message, hands over all that waited, ends with its stop, and is bounded', async () => {
    const team = createTeam({ toMain: () => undefined });
    const { mailbox } = team.join('r');
    const stop = new AbortController();
    const waiting = mailbox.take(stop.signal);
    mailbox.post({ from: 'main', text: 'one' });
    expect(await waiting).toEqual([{ from: 'main', text: 'one' }]);
    mailbox.post({ from: 'main', text: 'two' });
    mailbox.post({ from: 'main', text: 'three' });
    expect((await mailbox.take(stop.signal))!.map((m) => m.text)).toEqual(['two', 'three']);
    const idle = mailbox.take(stop.signal);
    stop.abort();
    expect(await idle).toBeNull();
    for (let i = 0; i < MAILBOX_MAX; i++) expect(mailbox.post({ from: 'main', text: String(i) })).toBe(true);
    expect(mailbox.post({ from: 'main', text: 'too many' })).toBe(false);
  });

  it('the envelope is Claude Code’s and reads back as the same messages; other text is not one', () => {
    const ms = [{ from: 'researcher', text: 'Found it\nin "parse.ts"', summary: 'found the <bug>' }, { from: 'writer', text: 'ok' }];
    const text = formatTeammateMessages(ms);
    expect(text).toBe('<teammate-message teammate_id="researcher" summary="found the &lt;bug>">\nFound it\nin "parse.ts"\n</teammate-message>\n\n<teammate-message teammate_id="writer">\nok\n</teammate-message>');
    expect(parseTeammateMessages(text)).toEqual(ms);
    expect(parseTeammateMessages(`hello ${text}`)).toBeNull();
    expect(parseTeammateMessages('just words')).toBeNull();
  });
});
