// ListPeers (TL Teams): the team's members for the lead or a teammate, each working, waiting for
// messages, or finished as its task ended (done, stopped, failed, or gone with a reopened conversation).
import { describe, expect, it } from 'vitest';
import { teamFixture } from '../core/test-agent-team';
import { createListPeersTool } from './list-peers.tool';

const team = teamFixture((p) => createListPeersTool({ tasks: p.tasks }));

describe('ListPeers (TL Teams)', () => {
  it('TL: the lead sees each member working or waiting for messages, with its task id', async () => {
    const { p, tool } = await team();
    const w = await p.addMember('writer', 'working');
    const r = await p.addMember('reviewer', 'waiting');
    const out = await p.run(tool, {});
    expect(out.text).toBe(`Team "docs-review"; you are its lead, "team-lead".\n- writer (general-purpose): working; task ${w.taskId}\n- reviewer (general-purpose): waiting for messages; task ${r.taskId}`);
    expect(out.data).toMatchObject({ you: 'team-lead', members: [{ name: 'writer', status: 'working' }, { name: 'reviewer', status: 'waiting' }] });
  });

  it('TL: finished members say how their run ended; one whose run is gone (a reopened conversation) is finished', async () => {
    const { p, tool } = await team();
    const done = await p.addMember('a', 'working');
    const failed = await p.addMember('b', 'working');
    const stopped = await p.addMember('c', 'working');
    p.tasks.settle(done.taskId, 'completed', 0);
    p.tasks.settle(failed.taskId, 'failed', 1);
    await p.tasks.stop(stopped.taskId);
    await p.port.addMember({ name: 'd', agentId: 'gone', agentType: 'Explore', model: 'm', joinedAt: 1 });
    expect((await p.run(tool, {})).text.split('\n').slice(1)).toEqual([
      `- a (general-purpose): finished; task ${done.taskId}`,
      `- b (general-purpose): finished (failed); task ${failed.taskId}`,
      `- c (general-purpose): finished (stopped); task ${stopped.taskId}`,
      '- d (Explore): finished; task gone',
    ]);
  });

  it('TL: a teammate sees the lead and itself marked', async () => {
    const { p, tool } = await team();
    const w = await p.addMember('writer', 'working');
    expect((await p.run(tool, {}, { teammateName: 'writer' })).text).toBe(`Team "docs-review"; you are "writer".\n- team-lead: the lead\n- writer (you) (general-purpose): working; task ${w.taskId}`);
  });

  it('TL: a subagent asks as itself, not as the lead', async () => {
    const { p, tool } = await team();
    expect((await p.run(tool, {}, { agentLabel: 'Explore agent' })).text).toBe('Team "docs-review"; you are "Explore agent".\n- team-lead: the lead\nNo teammates yet: start one with Agent (team_name, name).');
  });

  it('TL: without a team, or without agent teams, it says so', async () => {
    const { p, tool } = await team({ team: null });
    expect(await p.run(tool, {})).toEqual({ text: 'You are not part of a team. The team lead creates one with TeamCreate.', isError: true });
    expect((await p.run(tool, {}, { agentTeam: undefined })).text).toBe('Agent teams are not available here.');
    await p.port.create({ name: 'empty' });
    expect((await p.run(tool, {})).text).toBe('Team "empty"; you are its lead, "team-lead".\nNo teammates yet: start one with Agent (team_name, name).');
  });
});
