// The conversation's agent team on disk (TL Teams): Claude Code's switch (environment or settings env),
// the team kept in <session>/team/ and read again when the conversation reopens, a broken config kept
// aside (the conversation goes on without a team), removal taking the team's task list with it, and the
// task list a conversation uses now: the team's while it leads one and agent teams are on.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../base/log';
import { agentTeamsEnabled, createAgentTeamPort, teamDir } from './agent-team';
import { createWorkListStore, type WorkListStore } from './work-list';
import { createTaskListOf, createWorkLists, workListFile } from './work-lists';

const warnings: string[] = [];
const log: Logger = { debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined };
let dir = '';
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  warnings.length = 0;
});
const temp = () => (dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-team-'))));
const lists = new Map<string, WorkListStore>();
const port = (at: string) => createAgentTeamPort({ dir: at, log, openList: (f) => lists.get(f) ?? lists.set(f, createWorkListStore(f, log)).get(f)! });

describe('agent teams on disk (TL Teams)', () => {
  it('TL: CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS turns them on with 1/true/yes/on; anything else leaves them off', () => {
    for (const on of ['1', 'true', 'YES', ' on ']) expect(agentTeamsEnabled({ CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: on })).toBe(true);
    for (const off of [undefined, '', '0', 'false', 'maybe']) expect(agentTeamsEnabled({ CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: off })).toBe(false);
  });

  it('TL: the team and its members are saved and read again by a new port (a reopened conversation)', async () => {
    const at = teamDir(temp());
    const first = port(at);
    await first.create({ name: 'docs-review', description: 'Review' });
    await first.addMember({ name: 'writer', agentId: 'a1', agentType: 'general-purpose', model: 'm', joinedAt: 1 });
    await first.addMember({ name: 'Writer', agentId: 'a2', agentType: 'Explore', model: 'm', joinedAt: 2 });
    const again = port(at).current();
    expect(again).toMatchObject({ name: 'docs-review', description: 'Review', members: [{ name: 'Writer', agentId: 'a2' }] });
    expect(port(at).workList()?.file).toBe(path.join(at, 'tasks.json'));
  });

  it('TL: an unreadable config is kept aside with a log line; the conversation has no team and may create one', async () => {
    const at = teamDir(temp());
    mkdirSync(at, { recursive: true });
    writeFileSync(path.join(at, 'config.json'), '{"version":1,"name":');
    const p = port(at);
    expect(p.current()).toBeNull();
    expect(readdirSync(at).some((f) => f.startsWith('config.json.unreadable-'))).toBe(true);
    expect(warnings.join('\n')).toContain('is not one Agent Desk can read');
    await p.create({ name: 'fresh' });
    expect(port(at).current()?.name).toBe('fresh');
  });

  it('TL: removal takes the folder, task list included; a new team starts with an empty list', async () => {
    const at = teamDir(temp());
    const p = port(at);
    await p.create({ name: 'one' });
    await p.workList()!.change((s) => ({ state: { nextId: 2, items: [{ id: '1', subject: 's', description: 'd', status: 'pending', blocks: [], blockedBy: [] }] }, result: null }));
    await p.remove();
    expect(existsSync(at)).toBe(false);
    await p.create({ name: 'two' });
    expect((await p.workList()!.read()).items).toEqual([]);
  });

  it("TL: the list a conversation uses now is its team's while it has one and agent teams are on, else its own", async () => {
    const data = temp();
    let env: Record<string, string> = {};
    const listOf = createTaskListOf({ dataDir: data, lists: createWorkLists(log), env: () => env });
    const own = workListFile(data, '/p', 's1');
    const team = path.join(teamDir(path.dirname(own)), 'tasks.json');
    expect(listOf('/p', 's1').file).toBe(own);
    mkdirSync(path.dirname(team), { recursive: true });
    writeFileSync(path.join(path.dirname(team), 'config.json'), '{}');
    expect(listOf('/p', 's1').file).toBe(own);
    env = { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1' };
    expect(listOf('/p', 's1').file).toBe(team);
    expect(listOf('/p', 's1', 'own').file).toBe(own);
    expect(listOf('/p', 's1', 'team').file).toBe(team);
  });
});
