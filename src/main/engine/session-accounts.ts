// What a session has spent (issue 20 items 1 and 3): every model call joins its totals — a reply's, a
// summary's, a subagent's (saved as a usage line, so a reopened conversation still counts it) — and each
// is published as a `usage` event (a subagent's with its own running total, for its Agent card), with
// how full the conversation is now; the budget is told after each.
import type { Spent } from '../../shared/budget';
import type { UsageTotals } from '../../shared/session-events';
import type { ExtraUsage, Message, SessionSpend } from '../../shared/transcript';
import { addTotals, callTotals, spendOf, tokensOf, totalsOf, ZERO_TOTALS } from '../model/usage';
import type { SessionEventBody } from './event-body';

export interface SessionAccountsDeps {
  publish: (e: SessionEventBody) => void;
  /** Saves a subagent's call. */
  save: (call: ExtraUsage) => void;
  /** The window the session counts with for `model`. */
  window: (model: string) => number;
  /** A call was counted (the budget looks at the new totals). */
  counted: () => void;
}

export class SessionAccounts {
  private totals: UsageTotals;
  /** Subagents' calls: saved ones and this run's. */
  private readonly extra: ExtraUsage[];
  /** Each subagent's running total, by the Agent call that runs it. */
  private readonly agents = new Map<string, UsageTotals>();

  constructor(
    messages: readonly Message[],
    extra: readonly ExtraUsage[],
    private readonly d: SessionAccountsDeps,
  ) {
    this.extra = [...extra];
    this.totals = totalsOf(messages, this.extra);
  }

  /** Token use and cost of every call of the session (subagents' included). */
  total(): UsageTotals {
    return this.totals;
  }

  spent(): Spent {
    return { usd: this.totals.costUsd, tokens: tokensOf(this.totals) };
  }

  /** In all and per local day, for the lists. */
  spend(messages: readonly Message[]): SessionSpend {
    return spendOf(messages, this.extra);
  }

  /**
   * A message's model call (a reply's, or a summary's) joins the totals, and the header learns how full
   * the conversation is now against the window the session counts with.
   */
  count(m: Message, model: string): UsageTotals | null {
    const usage = m.role === 'assistant' ? m.usage : m.compaction?.usage;
    if (!usage) return null;
    const call = callTotals(m.role === 'assistant' ? m.model : m.compaction?.model, usage);
    this.totals = addTotals(this.totals, call);
    const window = this.d.window(model);
    this.d.publish({ type: 'usage', turn: call, total: this.totals, context: m.compaction ? { used: m.compaction.tokensAfter, window } : { window } });
    this.d.counted();
    return call;
  }

  /** A subagent's call: in the conversation's total and its budget, saved, and on its Agent card. */
  countAgent(c: ExtraUsage): void {
    this.extra.push(c);
    this.d.save(c);
    const call = callTotals(c.model, c.usage);
    this.totals = addTotals(this.totals, call);
    const key = c.toolUseId ?? c.agentId ?? '';
    const agentTotal = addTotals(this.agents.get(key) ?? ZERO_TOTALS, call);
    this.agents.set(key, agentTotal);
    this.d.publish({ type: 'usage', turn: call, total: this.totals, ...(c.toolUseId ? { agent: { toolUseId: c.toolUseId, total: agentTotal } } : {}) });
    this.d.counted();
  }
}
