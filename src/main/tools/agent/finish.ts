// The end of a subagent run, whichever way it ended: its worktree closed and reported (AG4, done in
// every case, AG8's cleanup), and the outcome as the tool's data.
import type { AgentData } from '../../../shared/tools/agent';
import type { SubagentOutcome } from '../core/subagents';
import type { PreparedRun } from './prepare';
import { finishWorktree } from './worktree';

export async function finishRun(run: PreparedRun, description: string, outcome: SubagentOutcome, startedAt: number): Promise<AgentData> {
  const worktree = run.worktree ? await finishWorktree(run.worktree, description) : undefined;
  const status: AgentData['status'] = outcome.aborted ? 'stopped' : outcome.error ? 'failed' : 'completed';
  return {
    agentId: run.agentId,
    agentType: run.definition.agentType,
    description,
    model: run.model,
    status,
    result: status === 'failed' ? (outcome.error ?? 'unknown error') : outcome.text,
    turns: outcome.turns,
    toolUses: outcome.toolUses,
    durationMs: Date.now() - startedAt,
    ...(outcome.spend ? { spend: outcome.spend } : {}),
    ...(worktree ? { worktree } : {}),
    ...(run.warnings.length ? { warnings: run.warnings } : {}),
  };
}
