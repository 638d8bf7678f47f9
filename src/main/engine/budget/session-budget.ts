// A session's budget (issue 20 item 4) as the engine runs it: the limit (given when the session was made
// — a background task's — else the settings' for its kind, re-read each turn until the person raises it),
// what is spent (the session's totals, its subagents' calls included), a notice at 80 %, and the gate
// every request passes (the conversation's and its subagents'): at 100 % it pauses and asks in the
// approval inbox — continue once more, raise by an amount, or stop. Headless, nobody can answer: the run
// stops. A background task's unanswered question becomes a stop, never a continue.
import {
  answerBudget,
  afterCall,
  beforeRequest,
  budgetStatus,
  hasLimit,
  initialBudget,
  newTurn,
  type Budget,
  type BudgetAnswer,
  type BudgetState,
  type BudgetStatus,
  type Spent,
} from '../../../shared/budget';
import { budgetStopText, type BudgetOwner } from '../../../shared/budget-words';
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../../shared/permissions/request';
import { createRequestPrompter, type RequestPrompter } from '../../permissions/request-prompter';
import type { SessionEventBody } from '../event-body';
import { budgetAnswerOf, budgetQuestion } from './budget-question';

/** What the settings say for this session, read each turn. */
export interface BudgetPolicy {
  /** The budget for this kind of session (a conversation's, a task's); null: none. */
  limit: Budget | null;
  /** Someone can answer; false (headless): a used-up budget ends the run. */
  canAsk: boolean;
  /** Background tasks: a question nobody answers within this many ms becomes a stop. */
  expireAfterMs?: number;
}

export interface SessionBudgetDeps {
  sessionId: string;
  /** Given when the session was made (the background-task service passes a task's): wins over the settings'. */
  explicit?: Budget | undefined;
  policy: () => BudgetPolicy;
  spent: () => Spent;
  origin: () => RequestOrigin;
  publish: (e: SessionEventBody) => void;
  newId: () => string;
  now: () => number;
}

type Asked = BudgetAnswer | { kind: 'expired' } | { kind: 'aborted' };

export class SessionBudget {
  private state: BudgetState | null = null;
  /** The person raised it: their limit stays, whatever the settings say. */
  private own = false;
  /** The question waiting now; every request that reaches the gate meanwhile waits for the same answer. */
  private asking: Promise<Asked> | null = null;
  private stopWhy: 'answer' | 'timeout' | 'headless' = 'answer';
  private readonly prompter: RequestPrompter<PermissionRequestView>;

  constructor(private readonly d: SessionBudgetDeps) {
    if (hasLimit(d.explicit)) this.state = initialBudget(d.explicit);
    this.prompter = createRequestPrompter<PermissionRequestView>({
      stamp: (req) => {
        const createdAt = d.now();
        const expire = d.policy().expireAfterMs;
        return { ...(req as PermissionRequestView), createdAt, ...(expire !== undefined ? { expiresAt: createdAt + expire } : {}) };
      },
      now: d.now,
      publish: (request) => d.publish({ type: 'permission_request', request }),
      withdraw: (requestId) => d.publish({ type: 'permission_resolved', requestId, decision: 'cancelled' }),
      expiry: {
        denial: () => ({ message: 'Nobody answered the budget question in time.', reason: { type: 'other', reason: 'the budget question expired' } }),
        expired: (req) => d.publish({ type: 'permission_resolved', requestId: req.requestId, decision: 'deny', expired: true }),
      },
    });
  }

  /** A turn begins: the settings' budget again (unless the session's own), and last turn's stop forgotten. */
  beginTurn(): void {
    this.followSettings();
    if (this.state) this.state = newTurn(this.state);
    this.publish();
  }

  /** The settings' budget, unless the session has its own (given, or raised by the person). */
  private followSettings(): void {
    if (hasLimit(this.d.explicit) || this.own) return;
    const limit = this.d.policy().limit;
    if (!sameLimit(limit, this.state?.limit)) this.state = hasLimit(limit) ? afterCall(initialBudget(limit), this.d.spent()).state : null;
  }

  /** A model call was counted: the 80 % notice once, and the share used for the UI. */
  observe(): void {
    if (!this.state) return;
    this.state = afterCall(this.state, this.d.spent()).state;
    this.publish();
  }

  /** Its budget now; between turns, as the settings say now. */
  status(): BudgetStatus | null {
    if (!this.asking && this.state?.phase !== 'stopped') this.followSettings();
    return this.state ? budgetStatus(this.state, this.d.spent()) : null;
  }

  /** The run's stop notice once the gate said stop. */
  stopText(): string {
    const status = this.status();
    return status ? budgetStopText(status, this.owner(), this.stopWhy) : 'Stopped at the budget.';
  }

  pending(): PermissionRequestView[] {
    return this.prompter.pending();
  }

  /** An answer to the budget question; false when it is not one, or makes no sense for one. */
  reply(reply: PermissionReplyInput): boolean {
    if (!this.prompter.pending().some((r) => r.requestId === reply.requestId)) return false;
    if (!budgetAnswerOf(reply)) return false;
    const ok = this.prompter.reply(reply.requestId, { decision: reply.decision, ...(reply.updatedInput ? { updatedInput: reply.updatedInput } : {}) }).ok;
    if (ok) this.d.publish({ type: 'permission_resolved', requestId: reply.requestId, decision: reply.decision });
    return ok;
  }

  /** Before a request: 'go', or 'stop' (the person said so, nobody answered in time, or nobody can answer). */
  async gate(signal: AbortSignal): Promise<'go' | 'stop'> {
    for (;;) {
      if (!this.state || signal.aborted) return 'go';
      const r = beforeRequest(this.state, this.d.spent());
      this.state = r.state;
      if (r.action !== 'ask') return r.action;
      if (!this.d.policy().canAsk) return this.stop('headless');
      const asked = await (this.asking ??= this.ask(signal).finally(() => (this.asking = null)));
      // The one who asked was stopped while others waited: they ask again.
      if (asked.kind === 'aborted') {
        if (signal.aborted) return 'go';
        continue;
      }
      if (asked.kind === 'expired' || asked.kind === 'stop') return 'stop';
      // Every request that waited for this answer goes once; a raise is checked against the new limit.
      if (asked.kind === 'continue') return 'go';
    }
  }

  private async ask(signal: AbortSignal): Promise<Asked> {
    this.publish();
    const status = this.status()!;
    const request = budgetQuestion({ requestId: `budget-${this.d.newId()}`, sessionId: this.d.sessionId, status, owner: this.owner(), origin: this.d.origin() });
    let answer;
    try {
      answer = await this.prompter.prompt(request, signal);
    } catch {
      return { kind: 'aborted' };
    }
    if (answer.denial) {
      this.stop('timeout');
      return { kind: 'expired' };
    }
    const asked = budgetAnswerOf(answer) ?? { kind: 'stop' };
    this.stopWhy = 'answer';
    this.state = { ...answerBudget(this.state!, asked, this.d.spent()), onceMore: false };
    if (asked.kind === 'raise') this.own = true;
    this.publish();
    return asked;
  }

  private stop(why: 'answer' | 'timeout' | 'headless'): 'stop' {
    this.stopWhy = why;
    if (this.state) this.state = answerBudget(this.state, { kind: 'stop' }, this.d.spent());
    this.publish();
    return 'stop';
  }

  private owner(): BudgetOwner {
    return this.d.origin().kind === 'task' ? 'task' : 'conversation';
  }

  private publish(): void {
    const budget = this.status();
    if (budget) this.d.publish({ type: 'budget', budget });
  }
}

function sameLimit(a: Budget | null | undefined, b: Budget | null | undefined): boolean {
  return (a?.usd ?? null) === (b?.usd ?? null) && (a?.tokens ?? null) === (b?.tokens ?? null);
}
