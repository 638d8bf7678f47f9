// Agent teams end to end on the fake Messages API (TL Teams, AG7): with CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS
// in the project's settings `env`, the conversation creates a team, puts work on the team's task list and
// starts two teammates with team_name; one teammate lists its peers and messages the other, which wakes
// with it; ListPeers shows one waiting and one working; TeamDelete refuses while one works and, once it is
// stopped, ends the team and removes its files. Without the switch no team tool is offered.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedReply } from '../fake-model/server';
import { sessionsDir } from '../../src/main/base/data-paths';
import { appTasks } from '../../src/main/tasks/app-tasks';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Block = { type: string; text?: string; content?: unknown; tool_use_id?: string; name?: string };
type Msg = { role: string; content: string | Block[] };
type Body = { messages: Msg[]; tools?: Array<{ name: string }>; system?: Array<{ text: string }> };
const textOf = (m: Msg | undefined): string =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? (typeof b.content === 'string' ? b.content : '')).join('\n');
const tool = (id: string, name: string, input: unknown) => ({ type: 'tool_use' as const, id, name, input });
const use = (...blocks: Array<ReturnType<typeof tool>>): ScriptedReply => ({ content: blocks });
const say = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }] });
const answered = (body: Body, id: string) => resultFor(body as never, id);

function writer(body: Body): ScriptedReply {
  if (body.messages.length === 1) return use(tool('toolu_w1', 'ListPeers', {}));
  if (answered(body, 'toolu_w1')) return use(tool('toolu_w2', 'SendMessage', { to: 'reviewer', summary: 'intro ready', message: 'The intro is in README.md' }));
  return say('Intro written.');
}

function reviewer(body: Body): ScriptedReply {
  // Woken by the writer's message, it works on (the request never ends) until it is stopped.
  if (textOf(body.messages.at(-1)).includes('<teammate-message teammate_id="writer"')) return { hang: true };
  return say('Ready for the intro.');
}

function lead(body: Body): ScriptedReply {
  const last = body.messages.at(-1)!;
  if (textOf(last) === 'Review the docs with a team') return use(tool('toolu_c1', 'TeamCreate', { team_name: 'docs-review', description: 'Review the docs folder' }));
  if (answered(body, 'toolu_c1'))
    return use(
      tool('toolu_t1', 'TaskCreate', { subject: 'Write the intro', description: 'A short intro for README.md' }),
      tool('toolu_a1', 'Agent', { team_name: 'docs-review', name: 'writer', description: 'Write the intro', prompt: 'Write the intro' }),
      tool('toolu_a2', 'Agent', { team_name: 'docs-review', name: 'reviewer', description: 'Review the intro', prompt: 'Review the intro' }),
    );
  if (answered(body, 'toolu_a1')) return say('The team is at work.');
  if (textOf(last) === 'How is the team doing?') return use(tool('toolu_l1', 'ListPeers', {}));
  if (answered(body, 'toolu_l1')) return use(tool('toolu_d1', 'TeamDelete', {}));
  if (answered(body, 'toolu_d1')) {
    const peers = textOf(body.messages.find((m) => typeof m.content !== 'string' && m.content.some((b) => b.tool_use_id === 'toolu_l1')));
    return use(tool('toolu_s1', 'TaskStop', { task_id: /- reviewer \(general-purpose\): working; task (\S+)/.exec(peers)![1] }));
  }
  if (answered(body, 'toolu_s1')) return use(tool('toolu_d2', 'TeamDelete', {}));
  return say('Team ended.');
}

function router(req: RecordedRequest): ScriptedReply {
  const body = req.body as Body;
  const first = textOf(body.messages[0]);
  if (first.startsWith('Write the intro')) return writer(body);
  if (first.startsWith('Review the intro')) return reviewer(body);
  return lead(body);
}

const bodies = (): Body[] => h.server.requests.map((r) => r.body as Body);
/** The result of call `id`, wherever a request carried it. */
const resultOf = (id: string) => bodies().map((b) => answered(b, id)).find(Boolean);

describe('agent teams (TL Teams, AG7)', () => {
  it('TL: a lead creates a team, two teammates join with team_name, one messages the other, ListPeers shows them, TeamDelete refuses while one works and succeeds after', async () => {
    h.projectSettings({ env: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1' } });
    for (let i = 0; i < 30; i++) h.server.push(router);
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('Review the docs with a team').done;

    // The team tools are offered (deferred: by name until ToolSearch loads them), and callable.
    expect(JSON.stringify(bodies()[0]!.system)).toMatch(/deferred tools are available via ToolSearch: .*ListPeers.*TeamCreate.*TeamDelete/);
    expect(resultOf('toolu_c1')!.content).toContain('Team "docs-review" created. You lead it; teammates address you as "team-lead".');
    // The team's task list took the task; team and list live in the team's folder beside the conversation.
    const teamFolder = path.join(sessionsDir(h.dataDir, h.projectDir), session.id, 'team');
    expect(resultOf('toolu_t1')!.content).toBe('Task #1 created successfully: Write the intro');
    expect(JSON.parse(readFileSync(path.join(teamFolder, 'tasks.json'), 'utf8')).items).toEqual([expect.objectContaining({ subject: 'Write the intro' })]);
    expect(resultOf('toolu_a1')!.content).toContain('It joined the team "docs-review"');
    const config = JSON.parse(readFileSync(path.join(teamFolder, 'config.json'), 'utf8'));
    expect(config).toMatchObject({ name: 'docs-review', description: 'Review the docs folder' });
    expect(config.members.map((m: { name: string }) => m.name).sort()).toEqual(['reviewer', 'writer']);

    // The writer lists its peers, then messages the reviewer, who wakes with it and works on.
    await until(() => bodies().some((b) => textOf(b.messages[0]).startsWith('Review the intro') && textOf(b.messages.at(-1)).includes('<teammate-message teammate_id="writer" summary="intro ready">')));
    // Each teammate is told of its team after its own system prompt.
    const writerFirst = bodies().find((b) => textOf(b.messages[0]).startsWith('Write the intro'))!;
    expect(JSON.stringify(writerFirst.system)).toContain('You are \\"writer\\", a teammate in the team \\"docs-review\\". The team lead is \\"team-lead\\"');
    expect(resultOf('toolu_w1')!.content).toMatch(/^Team "docs-review"; you are "writer"\.\n- team-lead: the lead\n/);
    expect(resultOf('toolu_w2')!.content).toBe("Message sent to reviewer's inbox");
    const woke = bodies().find((b) => textOf(b.messages[0]).startsWith('Review the intro') && textOf(b.messages.at(-1)).includes('teammate_id="writer"'))!;
    expect(textOf(woke.messages.at(-1))).toContain('The intro is in README.md');
    // The writer is done and waits for messages.
    await until(() => bodies().some((b) => textOf(b.messages[0]).startsWith('Write the intro') && b.messages.length >= 5));
    await new Promise((r) => setTimeout(r, 100));

    await session.start('How is the team doing?').done;
    const peers = resultOf('toolu_l1')!.content;
    expect(peers).toMatch(/^Team "docs-review"; you are its lead, "team-lead"\./);
    expect(peers).toMatch(/- writer \(general-purpose\): waiting for messages; task \S+/);
    expect(peers).toMatch(/- reviewer \(general-purpose\): working; task \S+/);

    // Refused while the reviewer works, naming it and the way out.
    const refused = resultOf('toolu_d1')!;
    expect(refused.is_error).toBe(true);
    expect(refused.content).toContain('Cannot delete the team "docs-review": 1 member is still working: reviewer (task ');
    expect(refused.content).toContain('stop it with TaskStop, then call TeamDelete again');
    // Stopped, it no longer holds the team: the waiting writer is stopped with it and the files go.
    const deleted = resultOf('toolu_d2')!;
    expect(deleted.is_error).toBeFalsy();
    expect(deleted.content).toBe(
      'Team "docs-review" deleted: its configuration and task list were removed; stopped the teammates that were waiting: writer. The Task tools use the conversation\'s own list again.',
    );
    expect(existsSync(teamFolder)).toBe(false);
    const agents = appTasks.list(session.id).filter((t) => t.kind === 'agent');
    expect(agents.map((t) => t.status).sort()).toEqual(['killed', 'killed']);
    await engine.sessions.dispose();
  });

  it('TL: a reopened conversation knows its team; its teammates of before show as finished, and the team list is the Task tools\' list', async () => {
    h.projectSettings({ env: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1' } });
    h.server.push(
      use(tool('toolu_c1', 'TeamCreate', { team_name: 'docs-review' })),
      use(tool('toolu_a1', 'Agent', { team_name: 'docs-review', name: 'writer', description: 'Write the intro', prompt: 'Write the intro' })),
      say('Started.'),
    );
    h.server.push((req) => ((req.body as Body).messages.length === 1 ? say('Done.') : say('Waiting.')));
    const first = await h.engine();
    const session = await first.sessions.createSession(h.projectDir);
    await session.start('Start a team').done;
    await until(() => bodies().some((b) => textOf(b.messages[0]).startsWith('Write the intro')));
    await first.sessions.dispose();

    h.server.push(use(tool('toolu_t1', 'TaskCreate', { subject: 'Check the links', description: 'All of them' })), use(tool('toolu_l1', 'ListPeers', {})), say('Still there.'));
    const again = await (await h.engine()).sessions.get(h.projectDir, session.id);
    await again.start('Is the team still there?').done;
    expect(resultOf('toolu_l1')!.content).toMatch(/^Team "docs-review"; you are its lead, "team-lead"\.\n- writer \(general-purpose\): finished( \(stopped\))?; task \S+$/);
    const teamList = path.join(sessionsDir(h.dataDir, h.projectDir), session.id, 'team', 'tasks.json');
    expect(JSON.parse(readFileSync(teamList, 'utf8')).items).toEqual([expect.objectContaining({ subject: 'Check the links' })]);
  });

  it('TL: without CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS no team tool is offered, none writes a team file, and Agent accepts team_name and ignores it', async () => {
    h.server.push(use(tool('toolu_c1', 'TeamCreate', { team_name: 'x' })), use(tool('toolu_a1', 'Agent', { team_name: 'x', description: 'Look around', prompt: 'Look around' })), say('Looked.'), say('Done.'));
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('Make a team').done;
    const names = (bodies()[0]!.tools ?? []).map((t) => t.name);
    expect(names).not.toContain('TeamCreate');
    expect(JSON.stringify(bodies()[0]!.system)).not.toMatch(/TeamCreate|TeamDelete|ListPeers/);
    expect(resultOf('toolu_c1')!.content).toBe('<tool_use_error>Error: No such tool available: TeamCreate</tool_use_error>');
    // A plain sync subagent: team_name changed nothing.
    expect(resultOf('toolu_a1')!.content).toMatch(/^Looked\./);
    expect(existsSync(path.join(sessionsDir(h.dataDir, h.projectDir), session.id, 'team'))).toBe(false);
  });
});

async function until(pred: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
