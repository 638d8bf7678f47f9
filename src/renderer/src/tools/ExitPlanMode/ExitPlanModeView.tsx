// ExitPlanMode's card (issue 19): "Plan approved" / "Plan: keep planning" with the plan itself, rendered
// from Markdown, so the conversation keeps what was agreed.
import type { ReactNode } from 'react';
import { makeExitPlanModeInputSchema } from '../../../../shared/tools/plan-mode';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { Markdown } from '../../transcript/Markdown';
import type { ToolViewParts, ToolViewProps } from '../types';
import './ExitPlanModeView.css';

const planOf = (call: ToolCallView): string => {
  const parsed = makeExitPlanModeInputSchema().safeParse(call.input);
  return parsed.success ? parsed.data.plan : '';
};

function ExitPlanModeUse({ call }: ToolViewProps): ReactNode {
  const plan = planOf(call);
  // While it waits, the approval right below shows the plan.
  return plan && call.state !== 'awaiting_permission' ? (
    <div className="plan-card">
      <Markdown text={plan} />
    </div>
  ) : null;
}

function ExitPlanModeGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Presented {calls.length} plans</>;
}

export const exitPlanModeView: ToolViewParts = {
  subject: (call) => call.summary?.trim() || 'Plan',
  title: (call) => (call.state === 'succeeded' ? 'Plan approved' : call.state === 'rejected' ? 'Plan sent back' : 'A plan for you to approve'),
  Use: ExitPlanModeUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Approved' : call.state === 'rejected' ? 'Keep planning' : call.state === 'awaiting_permission' ? 'Waiting for your answer' : null),
  hasOutput: () => false,
  Grouped: ExitPlanModeGrouped,
};
