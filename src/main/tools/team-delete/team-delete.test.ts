// TeamDelete (TL Teams): refuses while a member works, naming it and the way out; once none works it
// stops the members waiting for messages, removes the team's folder (config and task list) and the Task
// tools go back to the conversation's own list. Only the lead deletes, and only a team that exists.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { teamFixture } from '../core/test-agent-team';
import { createTeamDeleteTool } from './team-delete.tool';

const team = teamFixture((p) => createTeamDeleteTool({ tasks: p.tasks }));

describe('TeamDelete (TL Teams)', () => {
  it('TL: refuses while members work, naming each with its task id; nothing is removed or stopped', async () => {
    const { p, tool } = await team();
    const a = await p.addMember('writer', 'working');
    const b = await p.addMember('tester', 'working');
    await p.addMember('reviewer', 'waiting');
    expect(await p.run(tool, {})).toEqual({
      text: `Cannot delete the team "docs-review": 2 members are still working: writer (task ${a.taskId}), tester (task ${b.taskId}). Wait for them to finish, or stop them with TaskStop, then call TeamDelete again.`,
      isError: true,
    });
    expect(p.port.current()?.name).toBe('docs-review');
    expect(existsSync(p.port.configFile)).toBe(true);
    expect(p.stopped).toEqual([]);
  });

  it('TL: once the working member is stopped it ends the team: stops the waiting ones and removes its files', async () => {
    const { p, tool } = await team();
    const a = await p.addMember('writer', 'working');
    const b = await p.addMember('reviewer', 'waiting');
    expect((await p.run(tool, {})).text).toContain('1 member is still working: writer');
    await p.tasks.stop(a.taskId);
    p.port.workList(); // the team's list is open; it goes with the folder
    const r = await p.run(tool, {});
    expect(r).toMatchObject({ isError: false, data: { team_name: 'docs-review', stopped: ['reviewer'], members: 2 } });
    expect(r.text).toBe('Team "docs-review" deleted: its configuration and task list were removed; stopped the teammates that were waiting: reviewer. The Task tools use the conversation\'s own list again.');
    expect(p.stopped).toEqual([a.taskId, b.taskId]);
    expect(p.port.current()).toBeNull();
    expect(p.port.workList()).toBeUndefined();
    expect(existsSync(p.port.configFile)).toBe(false);
  });

  it('TL: only the lead deletes, and only a team there is', async () => {
    const { p, tool } = await team();
    expect((await p.run(tool, {}, { teammateName: 'writer' })).text).toBe('Only the team lead can delete the team.');
    expect((await p.run(tool, {})).isError).toBe(false);
    expect(await p.run(tool, {})).toEqual({ text: 'There is no team to delete: this conversation does not lead one.', isError: true });
    expect((await p.run(tool, {}, { agentTeam: undefined })).text).toBe('Agent teams are not available here.');
  });
});
