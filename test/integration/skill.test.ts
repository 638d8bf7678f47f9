// The Skill tool end to end against the fake Messages API (AG9): the skills' names and descriptions in
// the system blocks, the invoked skill's instructions in the next request after "Launching skill", and
// a folder whose configuration is not trusted yet offering none of its own skills.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

function skill(root: string, name: string, text: string): void {
  mkdirSync(path.join(root, '.claude/skills', name), { recursive: true });
  writeFileSync(path.join(root, '.claude/skills', name, 'SKILL.md'), text);
}
const systemText = (i: number): string => (h.server.requests[i]!.body.system as Array<{ text: string }>).map((b) => b.text).join('\n');

describe('Skill with the real engine (AG9)', () => {
  it('AG9 offered by name, invoked, its instructions the next thing the model reads', async () => {
    skill(h.projectDir, 'fmt', '---\ndescription: Format the changed files\n---\nRun the formatter on $ARGUMENTS.');
    skill(h.home, 'review', '---\ndescription: Review a change\n---\nLook closely.');
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_s', name: 'Skill', input: { skill: 'fmt', args: 'src/a.ts' } }] }, { content: [{ type: 'text', text: 'Formatted.' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('format it').done).ok).toBe(true);

    expect(systemText(0)).toContain('Skills you can invoke with the Skill tool:\n- fmt: Format the changed files\n- review: Review a change');
    expect(systemText(0)).not.toContain('Run the formatter');
    expect(resultFor(h.server.requests[1]!.body, 'toolu_s')).toMatchObject({ content: 'Launching skill: fmt' });
    const last = h.server.requests[1]!.body.messages.at(-1).content as Array<{ type: string; text?: string }>;
    expect(last.find((b) => b.type === 'text')?.text).toBe(`Base directory for this skill: ${path.join(h.projectDir, '.claude/skills/fmt')}\n\nRun the formatter on src/a.ts.`);
  });

  it('AG9 PX4 a folder whose settings are not trusted yet: its skills are not offered, the user’s are', async () => {
    skill(h.projectDir, 'fmt', '---\ndescription: Format the changed files\n---\nB');
    skill(h.home, 'review', '---\ndescription: Review a change\n---\nB');
    h.projectSettings({ env: { FOO: 'bar' } });
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_s', name: 'Skill', input: { skill: 'fmt' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true }, { folderTrust: 'ask' });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('format it').done;
    expect(systemText(0)).toContain('- review: Review a change');
    expect(systemText(0)).not.toContain('fmt');
    expect(resultFor(h.server.requests[1]!.body, 'toolu_s')).toMatchObject({ is_error: true, content: expect.stringContaining('Unknown skill: fmt') });
  });

  it('AG9 PX4 a folder whose only configuration is a skill is not trusted by that alone: the skill waits for trust', async () => {
    skill(h.projectDir, 'fmt', '---\ndescription: Format the changed files\n---\nB');
    h.server.push({ content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true }, { folderTrust: 'ask' });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('format it').done;
    expect(systemText(0)).not.toContain('fmt');
  });

  it('AG9 a skill’s allowed-tools are allowed without asking while it works, and only until the next message', async () => {
    // A command that changes something (echo alone is read-only and would run anyway).
    skill(h.projectDir, 'greet', '---\ndescription: Say hello\nallowed-tools: Bash(touch greeted)\n---\nRun touch greeted.');
    const bash = (id: string) => ({ content: [{ type: 'tool_use' as const, id, name: 'Bash', input: { command: 'touch greeted' } }] });
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_s', name: 'Skill', input: { skill: 'greet' } }] },
      bash('toolu_b1'),
      { content: [{ type: 'text', text: 'Said hello.' }] },
      bash('toolu_b2'),
      { content: [{ type: 'text', text: 'Not allowed now.' }] },
    );
    // The skill itself asks (it allows tools); --allowedTools Skill answers that headless.
    const engine = await h.engine({ headless: true, allowedTools: ['Skill'] });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('greet').done).ok).toBe(true);
    expect(resultFor(h.server.requests[2]!.body, 'toolu_b1')!.is_error).toBeFalsy();
    expect(existsSync(path.join(h.projectDir, 'greeted'))).toBe(true);
    await session.start('again').done;
    expect(resultFor(h.server.requests[4]!.body, 'toolu_b2')).toMatchObject({ is_error: true });
  });

  it('AG9 without a rule, a skill that allows tools asks first and says what it would allow', async () => {
    skill(h.projectDir, 'greet', '---\ndescription: Say hello\nallowed-tools: Bash(echo hello:*)\n---\nRun echo hello.');
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_s', name: 'Skill', input: { skill: 'greet' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('greet').done;
    expect(resultFor(h.server.requests[1]!.body, 'toolu_s')).toMatchObject({ is_error: true });
  });

  it('AG9 "/greet loudly" typed by the person: their words, then the skill’s instructions; its allowed-tools run without asking for that message only', async () => {
    skill(h.projectDir, 'greet', '---\ndescription: Say hello\nallowed-tools: Bash(touch greeted)\n---\nRun touch greeted, $ARGUMENTS.');
    h.server.push(
      { content: [{ type: 'tool_use' as const, id: 'toolu_b1', name: 'Bash', input: { command: 'touch greeted' } }] },
      { content: [{ type: 'text', text: 'Greeted.' }] },
      { content: [{ type: 'tool_use' as const, id: 'toolu_b2', name: 'Bash', input: { command: 'touch greeted' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('/greet loudly').done).ok).toBe(true);
    const first = h.server.requests[0]!.body.messages[0].content as Array<{ type: string; text: string }>;
    expect(first.map((b) => b.text)).toEqual(['/greet loudly', `Base directory for this skill: ${path.join(h.projectDir, '.claude/skills/greet')}\n\nRun touch greeted, loudly.`]);
    // Only the API's fields go out.
    expect(Object.keys(first[1]!)).toEqual(['type', 'text']);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_b1')!.is_error).toBeFalsy();
    // The transcript keeps what the person typed, the instructions marked as the command's.
    expect(session.transcript()[0]!.content).toEqual([{ type: 'text', text: '/greet loudly' }, expect.objectContaining({ command: 'greet' })]);
    await session.start('again').done;
    expect(resultFor(h.server.requests[3]!.body, 'toolu_b2')).toMatchObject({ is_error: true });
  });

  it('AG9 an unknown "/name" and a path starting with a slash are sent as typed', async () => {
    h.server.push({ content: [{ type: 'text', text: 'a' }] }, { content: [{ type: 'text', text: 'b' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('/nope please').done;
    await session.start('/etc/hosts looks odd').done;
    expect(h.server.requests[0]!.body.messages[0].content).toEqual([{ type: 'text', text: '/nope please' }]);
    expect(h.server.requests[1]!.body.messages.at(-1).content).toEqual([{ type: 'text', text: '/etc/hosts looks odd' }]);
  });

  it('AG9 a "context: fork" skill runs as a subagent with a context of its own; its answer is the result', async () => {
    skill(h.projectDir, 'survey', '---\ndescription: Survey the code\ncontext: fork\n---\nList the folders of $ARGUMENTS.');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_s', name: 'Skill', input: { skill: 'survey', args: 'src' } }] },
      { content: [{ type: 'text', text: 'There are two folders: main and shared.' }] },
      { content: [{ type: 'text', text: 'The survey is done.' }] },
    );
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('survey src').done).ok).toBe(true);
    const child = h.server.requests[1]!.body;
    expect(JSON.stringify(child.system)).toContain("Carry out the skill's instructions");
    expect(JSON.stringify(child.messages[0])).toContain('List the folders of src.');
    expect(child.tools.map((t: { name: string }) => t.name)).not.toContain('Agent');
    expect(child.tools.map((t: { name: string }) => t.name)).not.toContain('Skill');
    // The parent's own conversation never held the skill's instructions: only the answer came back.
    const parent = h.server.requests[2]!.body;
    expect(resultFor(parent, 'toolu_s')!.content).toBe('Skill "survey" completed (forked execution).\n\nResult:\nThere are two folders: main and shared.');
    expect(JSON.stringify(parent.messages)).not.toContain('List the folders of src.');
  });
});
