// The budget question's request kind (issue 20 item 4): what was spent against the budget, and three
// answers — continue once more, raise the budget by an amount (prefilled, in dollars and/or tokens as
// the budget is set) and go on, or stop. Nothing is spent while it waits.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BudgetQuestionInput, type Budget } from '../../../../shared/budget';
import { budgetUsedUpTitle, limitWords, spentWords } from '../../../../shared/budget-words';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { WarningIcon } from '../../components/icons';
import type { RequestFormProps, RequestKind } from '../types';
import { genericRuleWords } from './GenericRequest';
import './BudgetRequest.css';

function inputOf(request: PermissionRequestView): BudgetQuestionInput | null {
  const parsed = BudgetQuestionInput.safeParse(request.input);
  return parsed.success ? parsed.data : null;
}

/** The raise typed in the form, or null when a part is not a number above 0. */
export function raiseOf(usd: string, tokens: string, limit: Budget): Budget | null {
  const out: Budget = {};
  if (limit.usd !== undefined) {
    const n = Number(usd.trim());
    if (!usd.trim() || !Number.isFinite(n) || n <= 0) return null;
    out.usd = n;
  }
  if (limit.tokens !== undefined) {
    const n = Number(tokens.trim().replace(/[ ,_]/g, ''));
    if (!Number.isInteger(n) || n <= 0) return null;
    out.tokens = n;
  }
  return out;
}

function BudgetForm({ request, disabled, onAnswer }: RequestFormProps): ReactNode {
  const id = useId();
  const input = inputOf(request);
  const [usd, setUsd] = useState(String(input?.suggestedRaise.usd ?? ''));
  const [tokens, setTokens] = useState(String(input?.suggestedRaise.tokens ?? ''));
  if (!input) return <p className="approval__muted">The budget could not be read.</p>;
  const { status } = input;
  const raise = raiseOf(usd, tokens, status.limit);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (raise && !disabled) onAnswer('allow_once', { updatedInput: { raise } });
  };
  return (
    <div className="budget-form">
      <p className="budget-form__spent">Nothing more is spent until you answer.</p>
      <div className="approval__actions">
        <button type="button" className="button button--primary" disabled={disabled} onClick={() => onAnswer('allow_once')}>
          Continue once more
        </button>
        <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onAnswer('deny')}>
          Stop
        </button>
      </div>
      <form className="budget-form__raise" aria-label="Raise the budget" onSubmit={submit}>
        <span className="budget-form__raise-lead">Or raise the budget of {limitWords(status.limit)} by</span>
        {status.limit.usd !== undefined && (
          <label className="budget-form__amount" htmlFor={`${id}-usd`}>
            <span aria-hidden="true">$</span>
            <input id={`${id}-usd`} className="input" inputMode="decimal" aria-label="Dollars to add to the budget" value={usd} onChange={(e) => setUsd(e.currentTarget.value)} />
          </label>
        )}
        {status.limit.tokens !== undefined && (
          <label className="budget-form__amount" htmlFor={`${id}-tokens`}>
            <input id={`${id}-tokens`} className="input" inputMode="numeric" aria-label="Tokens to add to the budget" value={tokens} onChange={(e) => setTokens(e.currentTarget.value)} />
            <span>tokens</span>
          </label>
        )}
        <button type="submit" className="button button--secondary" disabled={disabled || !raise}>
          Raise and continue
        </button>
      </form>
    </div>
  );
}

export const budgetRequest: RequestKind = {
  question: (r) => budgetUsedUpTitle(inputOf(r)?.owner),
  summary: (r) => {
    const input = inputOf(r);
    if (!input) return r.message;
    const { status } = input;
    return `Used so far: ${spentWords(status)}${status.percent !== null ? ` (${status.percent} %)` : ''}. The assistant paused before its next request: should it go on?`;
  },
  purpose: () => null,
  why: () => 'You set a budget. The assistant pauses when it is used up, so nothing is spent past it without your say.',
  Details: () => null,
  Form: BudgetForm,
  // Its input's only words are its owner ("conversation"), which the summary already says.
  inboxDetail: () => '',
  inboxAnswers: { allow: 'Continue once more', deny: 'Stop' },
  // Nobody's answer in time stops the run (budgetStopText 'timeout'): not a denial of anything.
  denialOutcome: 'Stopped',
  ruleWords: genericRuleWords,
  Icon: WarningIcon,
};
