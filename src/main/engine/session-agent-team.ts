// A conversation's agent team as its runtime holds it: the team it leads (tasks/agent-team.ts), only
// where the agent-teams switch is on, and the windows' task-list panel following the team's list while there is one.
import path from 'node:path';
import type { Logger } from '../base/log';
import { agentTeamsEnabled, createAgentTeamPort, teamDir, type AgentTeamPort } from '../tasks/agent-team';
import { workListFile, type TaskListOf } from '../tasks/work-lists';
import type { SessionEventBody } from './event-body';

export function sessionAgentTeam(opts: {
  projectDir: string;
  sessionId: string;
  dataDir: string;
  env: Readonly<Record<string, string | undefined>>;
  taskListOf: TaskListOf;
  log: Logger;
  publish: (e: SessionEventBody) => void;
}): (AgentTeamPort & { dispose(): void }) | undefined {
  // Claude Code: without the switch no team is set up and no team files are written.
  if (!agentTeamsEnabled(opts.env)) return undefined;
  let offTeamList: (() => void) | undefined;
  const follow = (on: boolean) => {
    offTeamList?.();
    offTeamList = undefined;
    const list = opts.taskListOf(opts.projectDir, opts.sessionId, on ? 'team' : 'own');
    if (on) offTeamList = list.subscribe((items) => opts.publish({ type: 'task_list', items }));
    // The panel shows the list now in use: the new team's (empty), or the conversation's own again.
    void list.read().then(
      ({ items }) => opts.publish({ type: 'task_list', items }),
      (err: unknown) => opts.log.warn('the task list could not be read', err),
    );
  };
  const port = createAgentTeamPort({
    dir: teamDir(path.dirname(workListFile(opts.dataDir, opts.projectDir, opts.sessionId))),
    log: opts.log,
    openList: () => opts.taskListOf(opts.projectDir, opts.sessionId, 'team'),
    onChange: (team) => follow(team !== null),
  });
  // A reopened conversation that leads a team: its windows follow the team's list.
  if (port.current()) offTeamList = opts.taskListOf(opts.projectDir, opts.sessionId, 'team').subscribe((items) => opts.publish({ type: 'task_list', items }));
  return { ...port, dispose: () => offTeamList?.() };
}
