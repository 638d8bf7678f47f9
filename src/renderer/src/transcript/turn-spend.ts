// What each turn of the conversation cost (issue 20 item 3), pure: a turn runs from something the
// person said to the next; its replies' and summaries' usage priced by their models, and what its
// helper agents spent (their calls are in their own transcripts: the Agent call's spend, when known).
// A summary the person asked for (/compact) is a step of its own: its cost shows under its divider
// and the turn before keeps its own cost where it was.
import { usageCost } from '../../../shared/model/pricing';
import type { Message } from '../../../shared/transcript';
import { isToolResultsOnly, toolUsesOf } from './steps';

export interface TurnSpend {
  /** Model replies of the turn (its agents' not counted here). */
  replies: number;
  tokens: number;
  /** null when a model's price is unknown. */
  costUsd: number | null;
  /** Helper agents whose spend is included. */
  agents: number;
  /** A summary asked for by hand, alone: its cost is the summary's, not a turn's. */
  summary?: true;
}

export type AgentSpend = (toolUseId: string) => { tokens: number; costUsd: number | null } | undefined;

const startsTurn = (m: Message) => m.role === 'user' && !isToolResultsOnly(m) && (!m.compaction || m.compaction.trigger === 'manual');

/** Each turn's spend, by the id of its last message; turns without a priced call are left out. */
export function turnSpends(messages: readonly Message[], agentSpend: AgentSpend = () => undefined): Map<string, TurnSpend> {
  const out = new Map<string, TurnSpend>();
  let turn: TurnSpend | null = null;
  let lastId: string | null = null;
  const close = () => {
    if (turn && lastId && (turn.replies > 0 || turn.agents > 0 || (turn.summary && turn.tokens > 0))) out.set(lastId, turn);
  };
  for (const m of messages) {
    if (startsTurn(m)) {
      close();
      turn = { replies: 0, tokens: 0, costUsd: 0, agents: 0, ...(m.compaction ? { summary: true as const } : {}) };
    }
    turn ??= { replies: 0, tokens: 0, costUsd: 0, agents: 0 };
    lastId = m.id;
    const usage = m.role === 'assistant' ? m.usage : m.compaction?.usage;
    if (usage) {
      if (m.role === 'assistant') turn.replies++;
      add(turn, usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens, usageCost(m.role === 'assistant' ? m.model : m.compaction?.model, usage));
    }
    for (const use of toolUsesOf(m)) {
      const spent = agentSpend(use.id);
      if (!spent) continue;
      turn.agents++;
      add(turn, spent.tokens, spent.costUsd);
    }
  }
  close();
  return out;
}

function add(turn: TurnSpend, tokens: number, costUsd: number | null): void {
  turn.tokens += tokens;
  turn.costUsd = turn.costUsd === null || costUsd === null ? null : Math.round((turn.costUsd + costUsd) * 1e9) / 1e9;
}
