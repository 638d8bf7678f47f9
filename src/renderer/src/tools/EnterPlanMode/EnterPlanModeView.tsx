// EnterPlanMode's card (issue 19): one line — the conversation is now in plan mode (read-only).
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { ToolViewParts } from '../types';

function EnterPlanModeUse(): ReactNode {
  return null;
}

function EnterPlanModeGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Switched to plan mode {calls.length} times</>;
}

export const enterPlanModeView: ToolViewParts = {
  subject: () => 'plan mode',
  title: (call) => (call.state === 'succeeded' ? 'Planning first: nothing will be changed until you approve a plan' : 'Switch to plan mode'),
  Use: EnterPlanModeUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Plan mode' : null),
  hasOutput: () => false,
  Grouped: EnterPlanModeGrouped,
};
