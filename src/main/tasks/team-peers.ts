// What each member of the conversation's agent team is doing now (ListPeers, TeamDelete): working on its
// task, waiting for a message (its mailbox says so), or finished — its run ended, as the task registry
// recorded it, or the conversation was reopened and the run is gone.
import type { Peer } from '../../shared/tools/list-peers';
import type { AgentTeamRecord } from './agent-team';
import type { TaskRegistry, TaskStatus } from './registry';
import type { Team } from './team';

const ENDED: Record<Exclude<TaskStatus, 'running'>, NonNullable<Peer['ended']>> = { completed: 'completed', failed: 'failed', killed: 'stopped' };

export function teamPeers(record: AgentTeamRecord, team: Team | undefined, tasks: TaskRegistry): Peer[] {
  return record.members.map((m) => {
    const task = tasks.get(m.agentId);
    const base = { name: m.name, agentType: m.agentType, taskId: m.agentId };
    if (task?.status === 'running') {
      const waiting = team?.mailboxOf(m.name)?.waiting() === true;
      return { ...base, status: waiting ? 'waiting' : 'working' };
    }
    return { ...base, status: 'finished', ...(task ? { ended: ENDED[task.status] } : {}) };
  });
}
