// The budget's question in the approval inbox (issue 20 item 4): a request of its own kind ("Budget"),
// answered with plain data — allow_once goes on once more, allow_once with `updatedInput.raise` raises
// the budget by that much, deny stops. Nobody answering a background task's question in time is a stop.
import { Budget, BUDGET_REQUEST_NAME, type BudgetAnswer, type BudgetQuestionInput, type BudgetStatus } from '../../../shared/budget';
import { budgetQuestionText, suggestedRaise, type BudgetOwner } from '../../../shared/budget-words';
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../../shared/permissions/request';

export function budgetQuestion(a: { requestId: string; sessionId: string; status: BudgetStatus; owner: BudgetOwner; origin?: RequestOrigin }): PermissionRequestView {
  const input: BudgetQuestionInput = { status: a.status, suggestedRaise: suggestedRaise(a.status.limit), owner: a.owner };
  return {
    requestId: a.requestId,
    sessionId: a.sessionId,
    toolUseId: a.requestId,
    toolName: BUDGET_REQUEST_NAME,
    kind: 'other',
    input,
    message: budgetQuestionText(a.status, a.owner),
    reason: 'The budget is used up: the assistant pauses before its next request until you answer.',
    suggestions: [],
    destructive: false,
    ...(a.origin ? { origin: a.origin } : {}),
  };
}

/** The person's answer, or null when the reply makes no sense for a budget (an "always allow", a bad raise). */
export function budgetAnswerOf(reply: Pick<PermissionReplyInput, 'decision' | 'updatedInput'>): BudgetAnswer | null {
  if (reply.decision === 'deny') return { kind: 'stop' };
  if (reply.decision !== 'allow_once') return null;
  const raise = reply.updatedInput?.raise;
  if (raise === undefined) return { kind: 'continue' };
  const by = Budget.safeParse(raise);
  if (!by.success || (by.data.usd === undefined && by.data.tokens === undefined)) return null;
  return { kind: 'raise', by: by.data };
}
