// ExitPlanMode's request kind (issue 19): the assistant's plan, rendered from Markdown, to approve —
// into edits without asking (acceptEdits) or asking before each one (default) — or "Keep planning"
// with feedback the assistant reads.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { makeExitPlanModeInputSchema } from '../../../../shared/tools/plan-mode';
import { FileEditIcon } from '../../components/icons';
import { Markdown } from '../../transcript/Markdown';
import type { RequestFormProps, RequestKind } from '../types';
import { genericRuleWords } from './GenericRequest';
import './PlanRequest.css';

function planOf(request: PermissionRequestView): string {
  const parsed = makeExitPlanModeInputSchema().safeParse(request.input);
  return parsed.success ? parsed.data.plan : '';
}

function PlanForm({ request, disabled, onAnswer }: RequestFormProps): ReactNode {
  const id = useId();
  const plan = planOf(request);
  const [keepPlanning, setKeepPlanning] = useState(false);
  const [feedback, setFeedback] = useState('');
  const send = (e: FormEvent): void => {
    e.preventDefault();
    if (!disabled) onAnswer('deny', { feedback });
  };
  return (
    <div className="plan">
      <section className="plan__body" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="approval__label">
          The plan
        </h3>
        {plan ? <Markdown text={plan} /> : <p className="approval__muted">The plan could not be read.</p>}
      </section>
      {!keepPlanning ? (
        <div className="approval__actions">
          <button type="button" className="button button--primary" disabled={disabled} onClick={() => onAnswer('allow_once', { nextMode: 'acceptEdits' })}>
            Approve and let me edit files automatically
          </button>
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onAnswer('allow_once', { nextMode: 'default' })}>
            Approve, ask before each edit
          </button>
          <button type="button" className="button button--ghost" disabled={disabled} onClick={() => setKeepPlanning(true)}>
            Keep planning
          </button>
        </div>
      ) : (
        <form className="approval__step" onSubmit={send}>
          <label className="approval__label" htmlFor={`${id}-feedback`}>
            What should change in the plan?
          </label>
          <textarea
            id={`${id}-feedback`}
            className="input approval__feedback"
            rows={3}
            autoFocus
            value={feedback}
            placeholder="For example: keep the old settings file working, and add tests first."
            onChange={(e) => setFeedback(e.target.value)}
          />
          <p className="approval__muted">The assistant reads this, stays in plan mode and comes back with a new plan. Nothing is edited meanwhile.</p>
          <div className="approval__actions">
            <button type="submit" className="button button--primary" disabled={disabled}>
              Send and keep planning
            </button>
            <button type="button" className="button button--ghost" onClick={() => setKeepPlanning(false)}>
              Back
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export const planRequest: RequestKind = {
  question: () => 'The assistant has a plan for you to approve',
  summary: () => 'Nothing has been changed yet. Read the plan, then approve it or ask for changes.',
  purpose: () => null,
  why: () => 'The assistant only reads files while it plans; it needs your approval to start changing them.',
  Details: () => null,
  Form: PlanForm,
  ruleWords: genericRuleWords,
  Icon: FileEditIcon,
};
