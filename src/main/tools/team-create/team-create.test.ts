// TeamCreate (TL Teams): the conversation becomes the lead of a named team kept beside it, whose task
// list the Task tools use from then on; one team at a time, only the conversation itself leads one, and
// names that are no names are refused by the schema.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTaskCreateTool } from '../task-create/task-create.tool';
import { agentTeamProject, type AgentTeamProject } from '../core/test-agent-team';
import { createTeamCreateTool } from './team-create.tool';

let p: AgentTeamProject | undefined;
afterEach(() => {
  p?.cleanup();
  p = undefined;
});
const tool = createTeamCreateTool();

describe('TeamCreate (TL Teams)', () => {
  it('TL: creates the team, saves its config beside the conversation, and its task list becomes the Task tools\' list', async () => {
    p = agentTeamProject();
    const r = await p.run(tool, { team_name: ' docs-review ', description: 'Review the docs', agent_type: 'lead' });
    expect(r.isError).toBe(false);
    expect(r.text).toBe(
      'Team "docs-review" created. You lead it; teammates address you as "team-lead".\nThe Task tools now use the team\'s task list, which every teammate shares.\nStart teammates with Agent (team_name: "docs-review", name: "…"). ListPeers shows them; TeamDelete ends the team.',
    );
    expect(r.data).toMatchObject({ team_name: 'docs-review', description: 'Review the docs', lead_name: 'team-lead', team_file_path: p.port.configFile, task_list_path: p.port.taskListFile });
    expect(JSON.parse(readFileSync(p.port.configFile, 'utf8'))).toMatchObject({ version: 1, name: 'docs-review', description: 'Review the docs', leadAgentType: 'lead', members: [] });
    // The next TaskCreate lands on the team's list.
    expect((await p.run(createTaskCreateTool(), { subject: 'Write the intro', description: 'd' })).text).toBe('Task #1 created successfully: Write the intro');
    expect(JSON.parse(readFileSync(p.port.taskListFile, 'utf8')).items).toEqual([expect.objectContaining({ subject: 'Write the intro' })]);
  });

  it('TL: one team at a time: a second TeamCreate names the team it already leads', async () => {
    p = agentTeamProject();
    await p.run(tool, { team_name: 'first' });
    expect(await p.run(tool, { team_name: 'second' })).toEqual({ text: 'This conversation already leads the team "first". Delete it with TeamDelete before creating another.', isError: true });
    expect(p.port.current()!.name).toBe('first');
  });

  it('TL: no nested teams: a teammate or a subagent cannot create one; nor a context without agent teams', async () => {
    p = agentTeamProject();
    const refused = 'Only the main conversation can create a team; a teammate or subagent cannot.';
    expect((await p.run(tool, { team_name: 't' }, { teammateName: 'writer' })).text).toBe(refused);
    expect((await p.run(tool, { team_name: 't' }, { agentLabel: 'Explore agent' })).text).toBe(refused);
    expect((await p.run(tool, { team_name: 't' }, { agentTeam: undefined })).text).toBe('Agent teams are not available here.');
    expect(existsSync(p.port.configFile)).toBe(false);
  });

  it('TL: a name that is empty, too long or holds control characters is refused with words the model can act on', () => {
    const schema = tool.inputSchema();
    const message = (raw: unknown) => schema.safeParse(raw).error?.issues[0]?.message;
    expect(message({ team_name: '   ' })).toBe('Give the team a name');
    expect(message({ team_name: 'x'.repeat(65) })).toBe('A team name has at most 64 characters');
    expect(message({ team_name: 'a\nb' })).toBe('A team name cannot contain control characters');
    expect(schema.safeParse({ team_name: 'ok', extra: 1 }).success).toBe(false);
  });

  it('TL: never asks: it changes no project file (read-only, plan mode too) and is deferred behind the agent-teams switch', () => {
    expect(tool.isReadOnly({ team_name: 'x' })).toBe(true);
    expect(tool.requires).toBe('agentTeams');
    expect(tool.shouldDefer).toBe(true);
  });
});
