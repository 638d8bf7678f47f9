// The Agent card's data, pure: the structured result (AgentData), the input's fields, who the agent is
// in plain words ("Explore agent", its own name) and its state in words.
import { AgentData } from '../../../../shared/tools/agent';
import type { UsageTotals } from '../../../../shared/session-events';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { formatCost, formatTokens, totalTokens } from '../../util/format-usage';

export function agentData(call: ToolCallView): AgentData | null {
  const parsed = AgentData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

export interface AgentInputFacts {
  description: string;
  prompt: string;
  type: string;
  name: string;
  background: boolean;
  isolated: boolean;
}

export function agentInput(input: unknown): AgentInputFacts {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string).trim() : '');
  return {
    description: str('description'),
    prompt: str('prompt'),
    type: str('subagent_type') || 'general-purpose',
    name: str('name'),
    background: r.run_in_background === true,
    isolated: r.isolation === 'worktree',
  };
}

/** Who does the work, as the person reads it: its own name, else its kind ("Explore agent", "Helper agent"). */
export function agentLabel(input: unknown): string {
  const i = agentInput(input);
  if (i.name) return i.name;
  return i.type === 'general-purpose' ? 'Helper agent' : `${i.type} agent`;
}

export function agentStateWords(call: ToolCallView): string | null {
  const d = agentData(call);
  if (call.state === 'running') return 'Working';
  if (!d) return null;
  if (d.status === 'async_launched') return 'Working in the background';
  if (d.status === 'stopped') return 'Stopped';
  if (d.status === 'failed') return 'Failed';
  const uses = d.toolUses ?? 0;
  return `Finished${uses > 0 ? `, ${uses === 1 ? '1 step' : `${uses} steps`}` : ''}`;
}

/** What its model calls cost, "1.2k tokens · $0.01": the final figure, else the live one; null before its first call. */
export function agentSpendWords(final: AgentData['spend'] | undefined, live: UsageTotals | undefined): string | null {
  const spend = final ?? (live ? { tokens: totalTokens(live), costUsd: live.costUsd } : null);
  if (!spend || spend.tokens === 0) return null;
  return spend.costUsd === null ? `${formatTokens(spend.tokens)} tokens` : `${formatTokens(spend.tokens)} tokens · ${formatCost(spend.costUsd)}`;
}
