// Which budget a session's settings give it (issue 20 item 4): a conversation the settings'
// `conversation` budget, a background task their `task` budget (its unanswered question stops it after
// the same wait as its approvals), a subagent none of its own (it spends its session's); and whether
// anyone can answer the question at all (not headless).
import type { RequestOrigin } from '../../../shared/permissions/request';
import type { BudgetSettings } from '../../settings/budget-settings';
import type { BudgetPolicy } from './session-budget';

export interface BudgetPoliciesOptions {
  /** The project's merged `agentDesk.budget`, as last loaded. */
  budgets: (projectDir: string) => BudgetSettings | undefined;
  headless: boolean;
  /** How long a background task's approvals wait (AGENT_DESK_TASK_APPROVAL_TIMEOUT_S). */
  taskTimeoutMs: number;
}

export function budgetPolicies(o: BudgetPoliciesOptions): (projectDir: string, kind: RequestOrigin['kind']) => BudgetPolicy {
  return (projectDir, kind) => {
    const b = o.budgets(projectDir);
    const limit = kind === 'task' ? b?.task : kind === 'session' ? b?.conversation : undefined;
    return { limit: limit ?? null, canAsk: !o.headless, ...(kind === 'task' ? { expireAfterMs: o.taskTimeoutMs } : {}) };
  };
}
