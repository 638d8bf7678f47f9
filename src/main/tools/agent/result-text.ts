// What the model reads for an Agent call, in Claude Code's words: a sync run's answer followed by its
// id and usage; an async launch's "Async agent launched successfully" with the task id to read.
import type { AgentData } from '../../../shared/tools/agent';

function worktreeLines(d: AgentData): string[] {
  const w = d.worktree;
  if (!w) return [];
  if (w.removed) return ['', `The agent worked in an isolated worktree and changed nothing; the worktree was removed.`];
  return ['', `The agent worked in an isolated worktree: its changes are committed on branch ${w.branch} (worktree at ${w.path}). Your working tree is unchanged.`, 'Changes:', w.diffStat];
}

export function formatAgentResult(d: AgentData): string {
  if (d.status === 'async_launched') {
    return [
      'Async agent launched successfully.',
      `agentId: ${d.agentId} (internal ID - do not mention to user. Use TaskOutput with task_id: '${d.taskId ?? d.agentId}' to read its progress and its final answer, and TaskStop to stop it.)`,
      'The agent is working in the background. If you have other tasks you should continue working on them now.',
      ...(d.teammate
        ? [`It is your teammate "${d.teammate}": send it messages with SendMessage (to: "${d.teammate}"). When it has done what it was asked it waits for your next message; its messages to you arrive on their own.`]
        : []),
      ...(d.team ? [`It joined the team "${d.team}": it shares the team's task list and can message the other members; ListPeers shows what each is doing.`] : []),
      ...(d.outputFile ? [`output_file: ${d.outputFile}`] : []),
    ].join('\n');
  }
  const head =
    d.status === 'stopped'
      ? `The agent was stopped before it finished.${d.result ? ` What it said so far:\n${d.result}` : ''}`
      : d.status === 'failed'
        ? `The agent failed: ${d.result}`
        : d.result || '(The agent finished without a text answer.)';
  return [
    head,
    ...worktreeLines(d),
    '',
    `agentId: ${d.agentId}`,
    `<usage>tool_uses: ${d.toolUses ?? 0}\nduration_ms: ${Math.round(d.durationMs ?? 0)}</usage>`,
  ].join('\n');
}
