// The Agent tool's team_name (TL Teams, AG7): from the lead it adds a named teammate to the team it
// leads (a name is needed; in a team, a named background agent joins too); another team's name, no team,
// or a teammate asking are refused in words the model can act on; without agent teams it is ignored.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentInput } from '../../../shared/tools/agent';
import { agentTeamProject, type AgentTeamProject } from '../core/test-agent-team';
import { teamJoin } from './team-seat';

let p: AgentTeamProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});
const input = (extra: Partial<AgentInput>): AgentInput => ({ description: 'd', prompt: 'p', ...extra });

describe('Agent team_name (TL Teams, AG7)', () => {
  it('TL: the lead adds a named teammate to its team; a named background agent in a team joins it too', async () => {
    p = agentTeamProject();
    await p.port.create({ name: 'Docs' });
    expect(teamJoin(input({ team_name: 'docs', name: 'writer' }), p.ctx)).toEqual({ ok: true, team: 'Docs' });
    expect(teamJoin(input({ name: 'writer', run_in_background: true }), p.ctx)).toEqual({ ok: true, team: 'Docs' });
    // A plain subagent stays a plain subagent.
    expect(teamJoin(input({ name: 'writer' }), p.ctx)).toEqual({ ok: true, team: null });
    expect(teamJoin(input({}), p.ctx)).toEqual({ ok: true, team: null });
  });

  it('TL: refused without a name, for another team, before TeamCreate, and from a teammate (no nested teams)', async () => {
    p = agentTeamProject();
    expect(teamJoin(input({ team_name: 'docs', name: 'w' }), p.ctx)).toEqual({ ok: false, message: 'There is no team "docs". Create it with TeamCreate first.' });
    await p.port.create({ name: 'docs' });
    expect(teamJoin(input({ team_name: 'docs' }), p.ctx)).toEqual({ ok: false, message: 'A teammate needs a name: give "name", which its teammates send messages to.' });
    expect(teamJoin(input({ team_name: 'other', name: 'w' }), p.ctx)).toEqual({ ok: false, message: 'This conversation leads the team "docs", not "other".' });
    expect(teamJoin(input({ team_name: 'docs', name: 'w' }), { ...p.ctx, teammateName: 'writer' })).toEqual({
      ok: false,
      message: 'Only the team lead can add teammates: a teammate cannot start teammates of its own.',
    });
  });

  it('TL: without agent teams team_name is accepted and ignored, as in Claude Code', () => {
    p = agentTeamProject();
    expect(teamJoin(input({ team_name: 'docs', name: 'w' }), { ...p.ctx, agentTeam: undefined })).toEqual({ ok: true, team: null });
  });
});
