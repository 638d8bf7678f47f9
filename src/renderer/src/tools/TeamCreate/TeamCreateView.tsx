// TeamCreate's card (agent teams): "Started the team “docs-review”", what it is for, and in plain words
// what a team is — helpers the assistant starts for it, one to-do list, messages between them.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { TeamCreateData } from '../../../../shared/tools/team-create';
import { genericView } from '../generic/GenericView';
import type { ToolViewParts, ToolViewProps } from '../types';

function created(call: ToolCallView): TeamCreateData | null {
  const parsed = TeamCreateData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const input = (call: ToolCallView): { name: string; description: string } => {
  const r = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
  return { name: typeof r.team_name === 'string' ? r.team_name.trim() : '', description: typeof r.description === 'string' ? r.description.trim() : '' };
};

function TeamCreateUse({ call }: ToolViewProps): ReactNode {
  const { description } = input(call);
  return description ? <p className="tool-note">For: {description}</p> : null;
}

function TeamCreateResult(props: ToolViewProps): ReactNode {
  if (!created(props.call)) return <genericView.Result {...props} />;
  return (
    <p className="tool-note">
      The assistant leads this team. The helpers it starts for it work side by side, share one to-do list and can send each other messages. It ends the team when
      the work is done.
    </p>
  );
}

export const teamCreateView: ToolViewParts = {
  subject: (call) => input(call).name,
  title: (call) => (created(call) ? `Started the team “${created(call)!.team_name}”` : `Start the team “${input(call).name}”`),
  Use: TeamCreateUse,
  Result: TeamCreateResult,
  stateWords: (call) => (call.state === 'succeeded' ? 'Started' : null),
  hasOutput: (props) => created(props.call) !== null || genericView.hasOutput(props),
};
